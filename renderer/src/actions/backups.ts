/**
 * Copies unsaved text to localStorage shortly after each edit (and on leaving the
 * page), per workspace, so it can be offered back at the next start: restored into
 * the editor, or discarded.
 */
import { useEditor } from '../stores/editor-store';
import { useSkills } from '../stores/skills-store';
import { restoredBuffer } from '../stores/buffer-logic';
import { useWorkspace } from '../stores/workspace-store';
import { notify } from '../stores/ui-store';
import { collectBackups, readBackups, writeBackups, type BackupEntry } from '../stores/backup';
import { targetOf } from './skills';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

let warned = false;

/** Writes the backups of the current buffers under a workspace's key. */
export function flushBackups(
  root: string | null = useWorkspace.getState().info?.root ?? null,
): void {
  const st = storage();
  if (!st) return;
  const { buffers, restorable } = useEditor.getState();
  const entries: BackupEntry[] = collectBackups(Object.values(buffers), Date.now());
  // Backups not yet answered stay stored until the user restores or discards them.
  for (const r of restorable)
    if (!entries.some((e) => (e.dir ?? e.skill) === (r.dir ?? r.skill) && e.path === r.path))
      entries.push(r);
  if (!writeBackups(st, root, entries) && !warned) {
    warned = true;
    notify(
      'error',
      'Unsaved changes could not be backed up (browser storage is full). Save your work.',
    );
  }
}

export function loadBackups(root: string | null): BackupEntry[] {
  const st = storage();
  return st ? readBackups(st, root) : [];
}

let timer: ReturnType<typeof setTimeout> | null = null;

export function startBackups(): void {
  useEditor.subscribe((s, prev) => {
    if (s.buffers === prev.buffers && s.restorable === prev.restorable) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      flushBackups();
    }, 400);
  });
  window.addEventListener('pagehide', () => flushBackups());
  window.addEventListener('beforeunload', () => flushBackups());
}

/** Stops a pending write (the workspace is changing: the caller flushes under the old key itself). */
export function cancelPendingBackup(): void {
  if (timer) clearTimeout(timer);
  timer = null;
}

export async function restoreBackups(): Promise<void> {
  const entries = useEditor.getState().restorable;
  useEditor.getState().setRestorable([]);
  let restored = 0;
  for (const entry of entries) {
    // By folder; backups written before folders were kept fall back to the name's winner.
    const item = entry.dir
      ? useSkills.getState().find({ name: entry.skill, dir: entry.dir })
      : useSkills.getState().winner(entry.skill);
    if (!item) {
      notify(
        'error',
        `Could not restore ${entry.skill}/${entry.path}: the skill is no longer listed.`,
      );
      continue;
    }
    const id = await useEditor.getState().open(targetOf(item), entry.path);
    if (!id) continue;
    const b = useEditor.getState().buffers[id];
    if (!b || b.readOnly) continue;
    useEditor.setState((s) => ({
      buffers: { ...s.buffers, [id]: restoredBuffer(s.buffers[id], entry) },
    }));
    restored++;
  }
  if (restored > 0)
    notify('success', `Restored ${restored} unsaved file${restored === 1 ? '' : 's'}.`);
}

export function discardBackups(): void {
  useEditor.getState().setRestorable([]);
}
