/**
 * Open files (tabs) and everything that protects their edits: save with the
 * expected version, conflicts when the disk changes under a dirty buffer, and
 * backups of unsaved text. The rules themselves live in buffer-logic.ts. Every
 * buffer is one file of one skill folder, and every host call names that folder.
 */
import { create } from 'zustand';
import type { FileContent } from '../../../shared/api/studio-api';
import type { Diagnostic } from '../../../shared/check/diagnostics';
import type { SkillSummary } from '../../../shared/skill/model';
import { backend } from '../backend/current';
import { errorMessage, toStudioError } from '../backend/studio-error';
import {
  afterSave,
  applyDiskChange,
  bufferFromContent,
  bufferId,
  isAtOrUnder,
  isDirty,
  keepMine as keepMineRule,
  renamedBuffer,
  takeTheirs as takeTheirsRule,
  type DiskState,
  type EditorBuffer,
} from './buffer-logic';
import type { BackupEntry } from './backup';
import { isSkillMd } from '../util/skill-md';
import { notify } from './ui-store';

/** The skill a file is opened from, as listed (the folder is what every call names). */
export type OpenTarget = Pick<
  SkillSummary,
  'name' | 'dir' | 'shadowed_by' | 'writable' | 'readOnlyReason'
>;

/** A request to the text editor of buffer `id`: move the cursor there (unless null) and focus. */
export interface Reveal {
  id: string;
  /** Null: focus only, the cursor stays where it was. */
  at: { line: number; column: number } | null;
  nonce: number;
}

interface EditorState {
  buffers: Record<string, EditorBuffer>;
  order: string[];
  activeId: string | null;
  /** Live validator output per SKILL.md buffer. */
  live: Record<string, Diagnostic[]>;
  /**
   * The same for editable SKILL.md buffers, by skill folder: what the sidebar and
   * the Problems panel show. Changes only when validation does, not per keystroke.
   */
  liveByDir: ReadonlyMap<string, Diagnostic[]>;
  reveal: Reveal | null;
  /**
   * Counts the times a buffer was asked to be shown (opened or activated, even the
   * one already active): views that cover the editor give way on a change.
   */
  shown: number;
  /** Backups found at start, waiting for the user's answer. */
  restorable: BackupEntry[];
  /** Buffers whose file changed on disk while they were being saved. */
  recheck: Record<string, true>;
  /** Cursor of the active text editor (status bar). */
  cursor: { line: number; column: number } | null;
  setCursor(cursor: { line: number; column: number } | null): void;
  open(
    target: OpenTarget,
    path: string,
    at?: { line: number; column: number },
  ): Promise<string | null>;
  activate(id: string): void;
  close(id: string): void;
  edit(id: string, text: string): void;
  save(id?: string | null): Promise<boolean>;
  keepMine(id: string): void;
  takeTheirs(id: string): void;
  setLive(id: string, diagnostics: Diagnostic[]): void;
  revealAt(id: string, line: number, column: number): void;
  /** Puts the keyboard focus in buffer `id`'s text editor, cursor where it was. */
  focus(id: string): void;
  /** A file of the skill folder `dir` changed on disk (a `file.changed` event). */
  onFileChanged(dir: string, path: string, version: string | null): Promise<void>;
  /** Drops the tabs of a file (or a folder's files) deleted from the studio itself. */
  forget(dir: string, path: string): void;
  /** A file or folder renamed from the studio: its tabs follow, edits and all. */
  renamed(dir: string, from: string, to: string): void;
  setRestorable(entries: BackupEntry[]): void;
}

let revealNonce = 0;

/** Told before a buffer changes id (a rename), so what is keyed by it can follow. */
type RekeyListener = (from: string, to: string) => void;
const rekeyListeners = new Set<RekeyListener>();
export function onBufferRekey(listener: RekeyListener): () => void {
  rekeyListeners.add(listener);
  return () => rekeyListeners.delete(listener);
}

/** What the editor says above a file of this skill, when anything. */
function noteFor(target: OpenTarget, content: FileContent): string | null {
  if (!target.writable && content.kind === 'text')
    return `Read-only: ${target.readOnlyReason ?? 'the studio may not change this skill'}.`;
  if (target.shadowed_by)
    return `Shadowed by ${target.shadowed_by}: agents get that skill; edits here change this folder.`;
  return null;
}

async function readDisk(
  dir: string,
  path: string,
): Promise<{ disk: DiskState; content: FileContent | null }> {
  try {
    const content = await backend().call('files.read', { skill: dir, path });
    return {
      disk: { text: content.kind === 'text' ? content.text : null, version: content.version },
      content,
    };
  } catch (err) {
    if (toStudioError(err).code === 'not_found')
      return { disk: { text: null, version: null }, content: null };
    throw err;
  }
}

export const useEditor = create<EditorState>((set, get) => {
  const update = (id: string, fn: (b: EditorBuffer) => EditorBuffer) => {
    const b = get().buffers[id];
    if (!b) return;
    const next = fn(b);
    if (next !== b) set((s) => ({ buffers: { ...s.buffers, [id]: next } }));
  };

  const add = (buffer: EditorBuffer) => {
    set((s) => ({
      buffers: { ...s.buffers, [buffer.id]: buffer },
      order: s.order.includes(buffer.id) ? s.order : [...s.order, buffer.id],
      activeId: buffer.id,
    }));
  };

  return {
    buffers: {},
    order: [],
    activeId: null,
    shown: 0,
    live: {},
    liveByDir: new Map(),
    reveal: null,
    restorable: [],
    recheck: {},
    cursor: null,

    setCursor(cursor) {
      set({ cursor });
    },

    async open(target, path, at) {
      const id = bufferId(target.dir, path);
      if (!get().buffers[id]) {
        try {
          const content = await backend().call('files.read', { skill: target.dir, path });
          // Opened twice at once (a double click): the first answer wins, edits and all.
          if (!get().buffers[id]) {
            add(
              bufferFromContent(target.name, target.dir, content, {
                readOnly: !target.writable || content.kind !== 'text',
                note: noteFor(target, content),
              }),
            );
          }
        } catch (err) {
          notify('error', `Could not open ${path}: ${errorMessage(err)}`);
          return null;
        }
      }
      set((s) => ({ activeId: id, shown: s.shown + 1 }));
      if (at) get().revealAt(id, at.line, at.column);
      return id;
    },

    activate(id) {
      if (get().buffers[id]) set((s) => ({ activeId: id, shown: s.shown + 1 }));
    },

    close(id) {
      set((s) => {
        const order = s.order.filter((x) => x !== id);
        const buffers = { ...s.buffers };
        delete buffers[id];
        const live = { ...s.live };
        delete live[id];
        const closing = s.buffers[id];
        const liveByDir = new Map(s.liveByDir);
        if (
          closing &&
          liveByDir.has(closing.skillDir) &&
          isSkillMd(closing.path) &&
          !closing.readOnly
        )
          liveByDir.delete(closing.skillDir);
        let activeId = s.activeId;
        if (activeId === id) {
          const at = s.order.indexOf(id);
          activeId = order[Math.min(at, order.length - 1)] ?? null;
        }
        return { order, buffers, live, liveByDir, activeId };
      });
    },

    edit(id, text) {
      update(id, (b) => (b.readOnly || b.text === text ? b : { ...b, text }));
    },

    async save(requested) {
      const id = requested ?? get().activeId;
      if (!id) return false;
      const b = get().buffers[id];
      if (!b || b.readOnly || b.kind !== 'text' || b.saving) return false;
      if (b.conflict) {
        // The bar offers "Close my edits" instead of "Take theirs" when the file is gone.
        const theirs = b.conflict.theirsText === null ? 'Close my edits' : 'Take theirs';
        notify('info', `${b.path} changed on disk: choose "Keep mine" or "${theirs}" first.`);
        return false;
      }
      if (!isDirty(b) && !b.deletedOnDisk) return true;
      const sent = b.text;
      update(id, (x) => ({ ...x, saving: true }));
      try {
        const result = await backend().call('files.write', {
          skill: b.skillDir,
          path: b.path,
          text: sent,
          expectedVersion: b.version,
        });
        update(id, (x) => afterSave(x, sent, result.version, result.bytes));
      } catch (err) {
        update(id, (x) => ({ ...x, saving: false }));
        const e = toStudioError(err);
        if (e.code === 'conflict') {
          const { disk } = await readDisk(b.skillDir, b.path);
          update(id, (x) => applyDiskChange(x, disk));
          notify(
            'error',
            `${b.path} changed on disk since it was opened. Compare and choose what to keep.`,
          );
        } else {
          notify('error', `Could not save ${b.path}: ${e.message}`);
        }
        return false;
      }
      if (get().recheck[id]) {
        set((s) => {
          const recheck = { ...s.recheck };
          delete recheck[id];
          return { recheck };
        });
        const { disk } = await readDisk(b.skillDir, b.path);
        update(id, (x) => applyDiskChange(x, disk));
      }
      return true;
    },

    keepMine(id) {
      update(id, keepMineRule);
    },

    takeTheirs(id) {
      update(id, takeTheirsRule);
    },

    setLive(id, diagnostics) {
      set((s) => {
        const b = s.buffers[id];
        if (!b) return {};
        const liveByDir = b.readOnly
          ? s.liveByDir
          : new Map(s.liveByDir).set(b.skillDir, diagnostics);
        return { live: { ...s.live, [id]: diagnostics }, liveByDir };
      });
    },

    revealAt(id, line, column) {
      set({ activeId: id, reveal: { id, at: { line, column }, nonce: ++revealNonce } });
    },

    focus(id) {
      if (get().buffers[id]) set({ reveal: { id, at: null, nonce: ++revealNonce } });
    },

    async onFileChanged(dir, path, version) {
      const id = bufferId(dir, path);
      const b = get().buffers[id];
      if (!b) return;
      if (b.saving) {
        // Our own write may be what changed it; decide once the save has answered.
        set((s) => ({ recheck: { ...s.recheck, [id]: true } }));
        return;
      }
      if (version !== null && version === b.version && !b.deletedOnDisk) return;
      try {
        const { disk, content } =
          version === null
            ? { disk: { text: null, version: null }, content: null }
            : await readDisk(dir, path);
        if (b.kind !== 'text' && content) {
          // Images and binaries have no edits to protect: just show the new content.
          const fresh = bufferFromContent(b.skill, dir, content, { readOnly: true });
          update(id, () => fresh);
          return;
        }
        update(id, (x) => applyDiskChange(x, disk));
      } catch (err) {
        notify('error', `Could not reload ${path}: ${errorMessage(err)}`);
      }
    },

    forget(dir, path) {
      for (const id of get().order) {
        const b = get().buffers[id];
        if (b && b.skillDir === dir && isAtOrUnder(b.path, path)) get().close(id);
      }
    },

    renamed(dir, from, to) {
      const moves: [string, EditorBuffer][] = [];
      for (const b of Object.values(get().buffers)) {
        const next = b.skillDir === dir ? renamedBuffer(b, from, to) : null;
        if (next) moves.push([b.id, next]);
      }
      if (moves.length === 0) return;
      for (const [old, next] of moves) for (const l of rekeyListeners) l(old, next.id);
      const rename = new Map(moves.map(([old, next]) => [old, next.id]));
      const rekey = <T>(rec: Record<string, T>): Record<string, T> =>
        Object.fromEntries(Object.entries(rec).map(([k, v]) => [rename.get(k) ?? k, v]));
      set((s) => {
        const buffers = { ...s.buffers };
        for (const [old, next] of moves) {
          delete buffers[old];
          buffers[next.id] = next;
        }
        const moved = (id: string | null) => (id === null ? null : (rename.get(id) ?? id));
        return {
          buffers,
          order: s.order.map((id) => rename.get(id) ?? id),
          activeId: moved(s.activeId),
          live: rekey(s.live),
          recheck: rekey(s.recheck),
          reveal: s.reveal ? { ...s.reveal, id: rename.get(s.reveal.id) ?? s.reveal.id } : null,
        };
      });
    },

    setRestorable(entries) {
      set({ restorable: entries });
    },
  };
});

export function activeBuffer(state: {
  buffers: Record<string, EditorBuffer>;
  activeId: string | null;
}): EditorBuffer | null {
  return state.activeId ? (state.buffers[state.activeId] ?? null) : null;
}
