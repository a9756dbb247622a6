/**
 * Puts a new SKILL.md text from the agents editor into the editor buffer, so Monaco's
 * model, the validator, the save logic and the backups all see it as an ordinary edit.
 * Undo: the edits of one burst of typing in one field are one undo step (as typing in
 * Monaco is); a pause, or an edit of another field, starts a new one. Monaco is only
 * asked for undo stops when it is loaded (with no model open there is no history).
 */
import { useEditor } from '../stores/editor-store';
import { modelInfo } from '../editor/model-registry';

type MonacoModule = typeof import('../editor/monaco-setup');

/** Edits of the same field closer together than this are one undo step. */
const BURST_MS = 1000;

let monacoModule: MonacoModule | null = null;
let last: { bufferId: string; group: string; at: number } | null = null;

/** Loads Monaco's module handle (it is already loaded wherever an editor shows). */
export function prepareBufferWrites(): void {
  if (monacoModule) return;
  void import('../editor/monaco-setup').then((m) => {
    monacoModule = m;
  });
}

function modelOf(bufferId: string) {
  if (!monacoModule) return null;
  return (
    monacoModule.monaco.editor
      .getModels()
      .find((m) => modelInfo(m.uri.toString())?.bufferId === bufferId) ?? null
  );
}

/**
 * Writes `text` into the buffer. `group` names what is being edited (say `agents.writer.instruct`):
 * a new group or a pause closes the previous undo step.
 */
export function writeSkillMd(
  bufferId: string,
  text: string,
  group: string,
  now = Date.now(),
): void {
  const model = modelOf(bufferId);
  const continues =
    last !== null && last.bufferId === bufferId && last.group === group && now - last.at < BURST_MS;
  if (!continues) model?.pushStackElement();
  useEditor.getState().edit(bufferId, text);
  last = { bufferId, group, at: now };
}

/** Ends the current undo step (a field lost focus, a button was pressed). */
export function closeUndoStep(bufferId: string): void {
  modelOf(bufferId)?.pushStackElement();
  last = null;
}
