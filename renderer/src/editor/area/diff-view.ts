/**
 * The diff view over the active editor tab: its unsaved text against the file on disk, or
 * SKILL.md (unsaved edits included) against git HEAD (the host's `files.atHead`). It
 * covers the tab's editor until closed or another tab is shown.
 */
import { create } from 'zustand';
import { backend } from '../../backend/current';
import { errorMessage } from '../../backend/studio-error';
import { activeBuffer, useEditor } from '../../stores/editor-store';
import { isDirty } from '../../stores/buffer-logic';
import { useSkills } from '../../stores/skills-store';
import { notify } from '../../stores/ui-store';
import { openSkill, skillMdName } from '../../actions/skills';

export interface DiffShown {
  bufferId: string;
  kind: 'saved' | 'head';
  /** The left side's text: the file on disk, or at HEAD. */
  original: string;
  labels: readonly [string, string];
}

export const useDiffView = create<{ shown: DiffShown | null }>(() => ({ shown: null }));

export function closeDiff(): void {
  useDiffView.setState({ shown: null });
}

// Another tab shown, or the tab closed: the diff was of the one before.
useEditor.subscribe((s, prev) => {
  const shown = useDiffView.getState().shown;
  if (shown && (s.activeId !== prev.activeId || !s.buffers[shown.bufferId])) closeDiff();
});

/** Why "Compare with Saved" cannot run now; null when it can. */
export function savedDiffUnavailable(): string | null {
  const b = activeBuffer(useEditor.getState());
  if (!b || b.kind !== 'text') return 'Open a text file first';
  if (!isDirty(b)) return 'The file has no unsaved changes';
  return null;
}

/** Why "Compare SKILL.md with Git HEAD" cannot run now; null when it can. */
export function headDiffUnavailable(): string | null {
  return useSkills.getState().selected ? null : 'Open a skill first';
}

export function compareWithSaved(): void {
  const why = savedDiffUnavailable();
  const b = activeBuffer(useEditor.getState());
  if (why || !b) {
    notify('info', `${why ?? 'Open a text file first'}.`);
    return;
  }
  useDiffView.setState({
    shown: {
      bufferId: b.id,
      kind: 'saved',
      original: b.savedText,
      labels: [`${b.path} on disk`, `${b.path} with your unsaved changes`],
    },
  });
}

export async function compareWithHead(): Promise<void> {
  const sel = useSkills.getState().selected;
  if (!sel) {
    notify('info', 'Open a skill first.');
    return;
  }
  const path = skillMdName(useSkills.getState().detail?.files);
  try {
    const head = await backend().call('files.atHead', { skill: sel.dir, path });
    if (head.status !== 'committed') {
      notify('info', `${head.message}.`);
      return;
    }
    await openSkill(sel);
    const id = useEditor.getState().activeId;
    const b = id ? useEditor.getState().buffers[id] : undefined;
    if (!b || b.skillDir !== sel.dir) return;
    useDiffView.setState({
      shown: {
        bufferId: b.id,
        kind: 'head',
        original: head.text,
        labels: [
          `${sel.name}/${path} at git HEAD`,
          `${sel.name}/${path} now${isDirty(b) ? ' (unsaved)' : ''}`,
        ],
      },
    });
  } catch (err) {
    notify('error', `Could not compare with git HEAD: ${errorMessage(err)}`);
  }
}
