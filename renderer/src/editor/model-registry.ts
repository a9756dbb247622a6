/**
 * One Monaco model per open file (skill folder + path), owned here and never
 * swapped under a tab. Each model reports its own edits to its own buffer, so the
 * text a buffer holds and the text Monaco shows cannot diverge: typing goes
 * model → buffer; a change made to the buffer (a reload from disk, "take theirs",
 * a restored backup) goes buffer → model as the smallest edit, so cursors outside
 * it stay where they were. Closing a tab disposes its model. Providers (hover,
 * completion, quick fixes) look a model up by URI for its skill's folder name.
 */
import type * as MonacoNs from 'monaco-editor';
import { onBufferRekey, useEditor } from '../stores/editor-store';
import { folderName, type EditorBuffer } from '../stores/buffer-logic';
import { languageForPath } from './language';
import { isSkillMd } from '../util/skill-md';

type Monaco = typeof MonacoNs;

interface ModelInfo {
  bufferId: string;
  skillMd: boolean;
  folderName: string;
}

interface Entry {
  /** Changes on a rename (the model, its undo history and its view state stay). */
  info: ModelInfo;
  model: MonacoNs.editor.ITextModel;
  listener: MonacoNs.IDisposable;
}

const byBuffer = new Map<string, Entry>();
const byUri = new Map<string, Entry>();
let serial = 0;
/** True while the buffer's own text is written into its model (not an edit to report back). */
let syncing = false;
let started = false;

/** The smallest replacement turning the model's text into `text` (undoable, cursors kept). */
function syncText(model: MonacoNs.editor.ITextModel, text: string): void {
  const old = model.getValue();
  if (old === text) return;
  let start = 0;
  const max = Math.min(old.length, text.length);
  while (start < max && old.charCodeAt(start) === text.charCodeAt(start)) start++;
  let endOld = old.length;
  let endNew = text.length;
  while (
    endOld > start &&
    endNew > start &&
    old.charCodeAt(endOld - 1) === text.charCodeAt(endNew - 1)
  ) {
    endOld--;
    endNew--;
  }
  const from = model.getPositionAt(start);
  const to = model.getPositionAt(endOld);
  syncing = true;
  try {
    model.pushEditOperations(
      [],
      [
        {
          range: {
            startLineNumber: from.lineNumber,
            startColumn: from.column,
            endLineNumber: to.lineNumber,
            endColumn: to.column,
          },
          text: text.slice(start, endNew),
        },
      ],
      () => null,
    );
  } finally {
    syncing = false;
  }
}

function dispose(id: string, entry: Entry): void {
  byBuffer.delete(id);
  byUri.delete(entry.model.uri.toString());
  entry.listener.dispose();
  entry.model.dispose();
}

function start(): void {
  if (started) return;
  started = true;
  useEditor.subscribe((state, prev) => {
    for (const [id, entry] of [...byBuffer]) {
      const b = state.buffers[id];
      if (!b) {
        dispose(id, entry);
        continue;
      }
      if (b.text !== prev.buffers[id]?.text) syncText(entry.model, b.text);
    }
  });
  // A renamed file keeps its model: same text, same undo history, same view state.
  onBufferRekey((from, to) => {
    const entry = byBuffer.get(from);
    if (!entry) return;
    byBuffer.delete(from);
    byBuffer.set(to, entry);
    // Whether it is a SKILL.md is re-read from the renamed buffer when it is next shown.
    entry.info.bufferId = to;
  });
}

/** The model of a text buffer, made on first use from the buffer's text. */
export function modelFor(monaco: Monaco, buffer: EditorBuffer): MonacoNs.editor.ITextModel {
  start();
  const known = byBuffer.get(buffer.id);
  if (known) {
    known.info.skillMd = isSkillMd(buffer.path);
    return known.model;
  }
  // An opaque URI: the folder and path live in the buffer, never parsed back from here.
  const uri = monaco.Uri.parse(
    `skill-studio:/m${++serial}/${encodeURIComponent(buffer.path.split('/').pop() ?? 'file')}`,
  );
  const model = monaco.editor.createModel(buffer.text, languageForPath(buffer.path), uri);
  const entry: Entry = {
    info: {
      bufferId: buffer.id,
      skillMd: isSkillMd(buffer.path),
      folderName: folderName(buffer.skillDir),
    },
    model,
    // The entry, not a captured id: a rename changes the buffer id this model reports to.
    listener: model.onDidChangeContent(() => {
      if (!syncing) useEditor.getState().edit(entry.info.bufferId, model.getValue());
    }),
  };
  byBuffer.set(buffer.id, entry);
  byUri.set(uri.toString(), entry);
  return model;
}

export function modelInfo(uri: string): ModelInfo | undefined {
  return byUri.get(uri)?.info;
}

/** The model of an open buffer, if the editor made one (the Form writes through it: one undo history). */
export function modelOfBuffer(id: string): MonacoNs.editor.ITextModel | undefined {
  return byBuffer.get(id)?.model;
}
