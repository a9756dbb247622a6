/**
 * How a Form change reaches the text: computed by frontmatter-edit (only that key's node
 * rewritten) and pushed into the buffer's Monaco model as one edit between undo stops,
 * so Ctrl+Z in the text or in the form undoes it as one step of the same history the
 * text edits are in. The model reports the change to the buffer like any typing.
 * Typing in a form field is one step per visit (focus to blur), as typing a word in
 * Monaco is one step. Without a model (the editor not made yet) the buffer is edited
 * directly.
 */
import type * as MonacoNs from 'monaco-editor';
import {
  applyTextEdits,
  deleteFrontmatterValue,
  renameFrontmatterKey,
  setFrontmatterValue,
  type FrontmatterEditResult,
  type TextEdit,
} from '../../../../shared/skill/frontmatter-edit';
import { modelOfBuffer } from '../model-registry';
import { useEditor } from '../../stores/editor-store';
import type { FrontmatterPath, FrontmatterValue, FrontmatterWriter } from './form-types';

/** A replacement on one line, 1-based columns (frontmatter-assist's quick fixes). */
export interface LineEdit {
  line: number;
  startColumn: number;
  endColumn: number;
  text: string;
}

export interface FormWriter extends FrontmatterWriter {
  /** Renames the key at `path` to `to` in place; null, or why not. */
  rename(path: FrontmatterPath, to: string): string | null;
  /** A quick fix's edit, as one undo step. */
  applyLineEdit(edit: LineEdit): void;
  /** A form field got (true) or lost (false) the focus: its typing is one undo step. */
  typing(active: boolean): void;
  undo(): void;
  redo(): void;
}

function liveModel(id: string): MonacoNs.editor.ITextModel | null {
  const model = modelOfBuffer(id);
  return model && !model.isDisposed() ? model : null;
}

/** The buffer's text as the editor has it now. */
export function currentText(id: string): string {
  return liveModel(id)?.getValue() ?? useEditor.getState().buffers[id]?.text ?? '';
}

type Operation = MonacoNs.editor.IIdentifiedSingleEditOperation;

export function formWriter(bufferId: string): FormWriter {
  let session = false;

  const push = (model: MonacoNs.editor.ITextModel, ops: Operation[]) => {
    if (!session) model.pushStackElement();
    model.pushEditOperations([], ops, () => null);
    if (!session) model.pushStackElement();
  };

  const applyEdits = (edits: readonly TextEdit[]) => {
    if (edits.length === 0) return;
    const model = liveModel(bufferId);
    if (!model) {
      const text = useEditor.getState().buffers[bufferId]?.text ?? '';
      useEditor.getState().edit(bufferId, applyTextEdits(text, edits));
      return;
    }
    push(
      model,
      edits.map((e) => {
        const from = model.getPositionAt(e.offset);
        const to = model.getPositionAt(e.offset + e.length);
        return {
          range: {
            startLineNumber: from.lineNumber,
            startColumn: from.column,
            endLineNumber: to.lineNumber,
            endColumn: to.column,
          },
          text: e.text,
        };
      }),
    );
  };

  const run = (result: FrontmatterEditResult): string | null => {
    if (!result.ok) return result.error;
    applyEdits(result.edits);
    return null;
  };

  return {
    set: (path: FrontmatterPath, value: FrontmatterValue) =>
      run(setFrontmatterValue(currentText(bufferId), path, value)),
    remove: (path: FrontmatterPath) => run(deleteFrontmatterValue(currentText(bufferId), path)),
    rename: (path: FrontmatterPath, to: string) =>
      run(renameFrontmatterKey(currentText(bufferId), path, to)),
    applyLineEdit(edit) {
      const model = liveModel(bufferId);
      if (!model) {
        const lines = currentText(bufferId).split('\n');
        const line = lines[edit.line - 1];
        if (line === undefined) return;
        lines[edit.line - 1] =
          line.slice(0, edit.startColumn - 1) + edit.text + line.slice(edit.endColumn - 1);
        useEditor.getState().edit(bufferId, lines.join('\n'));
        return;
      }
      push(model, [
        {
          range: {
            startLineNumber: edit.line,
            startColumn: edit.startColumn,
            endLineNumber: edit.line,
            endColumn: edit.endColumn,
          },
          text: edit.text,
        },
      ]);
    },
    typing(active) {
      if (active === session) return;
      session = active;
      liveModel(bufferId)?.pushStackElement();
    },
    undo() {
      const model = liveModel(bufferId);
      if (!model) return;
      model.pushStackElement();
      void model.undo();
    },
    redo() {
      void liveModel(bufferId)?.redo();
    },
  };
}
