/**
 * Start-up and the background wiring: host events → stores, live validation of
 * SKILL.md buffers, and backups of unsaved text.
 */
import type { StudioEvent } from '../../../shared/api/studio-api';
import { backend, connectionAware } from '../backend/current';
import { useWorkspace } from '../stores/workspace-store';
import { useSkills } from '../stores/skills-store';
import { useEditor } from '../stores/editor-store';
import { useLayout } from '../stores/layout-store';
import { useUi, notify } from '../stores/ui-store';
import { useProviders } from '../settings/providers-store';
import { folderName, type EditorBuffer } from '../stores/buffer-logic';
import { loadBackups, startBackups } from '../actions/backups';
import { isSkillMd } from '../util/skill-md';
import { VALIDATE_DEBOUNCE_MS, validateSkillText } from '../editor/skill-validation';
import { afterWorkspaceChange } from '../actions/workspace';
import { restoreTabs, startTabPersistence } from '../actions/tabs';
import { followActiveTab } from '../stores/current-skill';
import { forgetFilesOf, forgetFilesOfSkills } from '../stores/skill-files-cache';

function debounce(fn: () => void, ms: number): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      fn();
    }, ms);
  };
}

/*
 * The current skill's details are re-read after the listing when both changed: the
 * host sends `skills.changed` before the `file.changed` events of the same change,
 * and a skill whose folder was deleted must not be asked for (the listing says so).
 */
let refreshing = false;
let detailStale = false;
const runRefresh = debounce(() => {
  const withDetail = detailStale;
  detailStale = false;
  void useSkills
    .getState()
    .refresh()
    .then(() => {
      refreshing = false;
      if (withDetail || detailStale) {
        detailStale = false;
        void useSkills.getState().reloadDetail();
      }
    });
}, 100);
function refreshList(withDetail = false): void {
  refreshing = true;
  if (withDetail) detailStale = true;
  runRefresh();
}
const reloadDetail = debounce(() => void useSkills.getState().reloadDetail(), 100);

export function handleEvent(event: StudioEvent): void {
  switch (event.type) {
    case 'skills.changed': {
      const sel = useSkills.getState().selected;
      const all = [...event.added, ...event.changed, ...event.removed];
      forgetFilesOfSkills(all.length === 0 ? null : all);
      refreshList(!!sel && (all.length === 0 || all.includes(sel.name)));
      break;
    }
    case 'file.changed': {
      void useEditor.getState().onFileChanged(event.dir, event.path, event.version);
      forgetFilesOf(event.dir);
      if (useSkills.getState().selected?.dir !== event.dir) break;
      if (refreshing) detailStale = true;
      else reloadDetail();
      break;
    }
    case 'workspace.changed': {
      const before = useWorkspace.getState().info?.root ?? null;
      if ((event.info.root ?? null) !== before) {
        forgetFilesOfSkills(null);
        afterWorkspaceChange(before, () => useWorkspace.getState().set(event.info));
        break;
      }
      useWorkspace.getState().set(event.info);
      refreshList();
      break;
    }
    case 'skill.moved':
      // The window that renamed the skill moves its own tabs; every window relists.
      refreshList();
      break;
    case 'providers.changed':
      // The user's providers file changed on disk: the settings and the model picker follow.
      void useProviders.getState().load();
      break;
    case 'watch.error':
      notify(
        'error',
        `Watching files failed: ${event.message}. Changes made outside the studio may not show until you reopen the workspace.`,
      );
      break;
  }
}

/** Validates SKILL.md buffers ~150 ms after the last keystroke (at once when opened). */
function startLiveValidation(): void {
  const validated = new Map<string, string>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const run = (b: EditorBuffer) => {
    timers.delete(b.id);
    const current = useEditor.getState().buffers[b.id];
    if (!current) return;
    validated.set(b.id, current.text);
    // The Files panel's listing, when it is this skill's: the body's links are checked against it.
    const detail = useSkills.getState().detail;
    const files = detail?.summary.dir === current.skillDir ? detail.files : undefined;
    useEditor
      .getState()
      .setLive(
        b.id,
        validateSkillText(current.text, folderName(current.skillDir), current.path, files),
      );
  };
  useEditor.subscribe((state) => {
    for (const b of Object.values(state.buffers)) {
      if (b.kind !== 'text' || !isSkillMd(b.path)) continue;
      const last = validated.get(b.id);
      if (last === b.text) continue;
      if (last === undefined) {
        validated.set(b.id, b.text);
        queueMicrotask(() => run(b));
        continue;
      }
      const t = timers.get(b.id);
      if (t) clearTimeout(t);
      timers.set(
        b.id,
        setTimeout(() => run(b), VALIDATE_DEBOUNCE_MS),
      );
    }
    for (const id of [...validated.keys()]) if (!state.buffers[id]) validated.delete(id);
  });
  // A new file listing can fix or break a link: check that skill's open SKILL.md again.
  useSkills.subscribe((state, prev) => {
    if (!state.detail || state.detail === prev.detail) return;
    for (const b of Object.values(useEditor.getState().buffers)) {
      if (b.kind === 'text' && isSkillMd(b.path) && b.skillDir === state.detail.summary.dir) run(b);
    }
  });
}

export async function boot(): Promise<void> {
  const b = backend();
  b.onEvent(handleEvent);
  connectionAware(b)?.onConnection((connected) => useUi.setState({ connected }));
  connectionAware(b)?.onSignedOut((signedOut) => useUi.setState({ signedOut }));
  startLiveValidation();
  followActiveTab();
  const info = await useWorkspace.getState().load();
  const root = info?.root ?? null;
  useLayout.getState().loadFor(root);
  await useSkills.getState().refresh();
  await restoreTabs(root);
  startTabPersistence();
  const backups = loadBackups(root);
  if (backups.length > 0) useEditor.getState().setRestorable(backups);
  startBackups();
}
