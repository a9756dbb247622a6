/**
 * Open files (tabs) and everything that protects their edits: save with the
 * expected version, conflicts when the disk changes under a dirty buffer, and
 * backups of unsaved text. The rules themselves live in buffer-logic.ts.
 */
import { create } from 'zustand';
import type { FileContent } from '../../../shared/api/studio-api';
import type { Diagnostic } from '../../../shared/skill/diagnostics';
import type { SkillSource } from '../../../shared/skill/model';
import { backend } from '../backend/current';
import { errorMessage, toStudioError } from '../backend/studio-error';
import {
  afterSave,
  applyDiskChange,
  bufferFromContent,
  bufferId,
  isDirty,
  keepMine as keepMineRule,
  takeTheirs as takeTheirsRule,
  type DiskState,
  type EditorBuffer,
} from './buffer-logic';
import type { BackupEntry } from './backup';
import { isSkillMd } from '../editor/language';
import { notify } from './ui-store';

export interface OpenTarget {
  name: string;
  /** Absolute skill folder. */
  path: string;
  source: SkillSource;
  shadowed_by: string | null;
}

export interface Reveal {
  id: string;
  line: number;
  column: number;
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
  onFileChanged(skill: string, path: string, version: string | null): Promise<void>;
  /** Drops tabs of a file that was deleted or renamed from the studio itself. */
  forget(skill: string, path: string): void;
  setRestorable(entries: BackupEntry[]): void;
}

let revealNonce = 0;

function shadowId(target: OpenTarget, path: string): string {
  return `${target.name}@${target.path}/${path}`;
}

async function readDisk(
  skill: string,
  path: string,
): Promise<{ disk: DiskState; content: FileContent | null }> {
  try {
    const content = await backend().call('files.read', { skill, path });
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
      const shadowed = target.shadowed_by !== null;
      const id = shadowed ? shadowId(target, path) : bufferId(target.name, path);
      if (!get().buffers[id]) {
        try {
          if (shadowed) {
            if (!isSkillMd(path)) {
              notify(
                'info',
                `"${target.name}" here is shadowed by ${target.shadowed_by}; only its SKILL.md can be viewed.`,
              );
              return null;
            }
            const detail = await backend().call('skills.get', {
              name: target.name,
              path: target.path,
            });
            const content: FileContent = {
              kind: 'text',
              path,
              text: detail.skillMd,
              bytes: detail.skillMd.length,
              version: detail.version,
            };
            add({
              ...bufferFromContent(target.name, target.path, content, {
                readOnly: true,
                note: `Shadowed by ${target.shadowed_by} — read-only.`,
              }),
              id,
            });
          } else {
            const content = await backend().call('files.read', { skill: target.name, path });
            const bundled = target.source === 'framework';
            add(
              bufferFromContent(target.name, target.path, content, {
                readOnly: bundled || content.kind !== 'text',
                note:
                  bundled && content.kind === 'text'
                    ? 'Bundled with the studio — read-only.'
                    : null,
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
        notify('info', `${b.path} changed on disk: choose "Keep mine" or "Take theirs" first.`);
        return false;
      }
      if (!isDirty(b) && !b.deletedOnDisk) return true;
      const sent = b.text;
      update(id, (x) => ({ ...x, saving: true }));
      try {
        const result = await backend().call('files.write', {
          skill: b.skill,
          path: b.path,
          text: sent,
          expectedVersion: b.version,
        });
        update(id, (x) => afterSave(x, sent, result.version, result.bytes));
      } catch (err) {
        update(id, (x) => ({ ...x, saving: false }));
        const e = toStudioError(err);
        if (e.code === 'conflict') {
          const { disk } = await readDisk(b.skill, b.path);
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
        const { disk } = await readDisk(b.skill, b.path);
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
      set({ activeId: id, reveal: { id, line, column, nonce: ++revealNonce } });
    },

    async onFileChanged(skill, path, version) {
      const id = bufferId(skill, path);
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
            : await readDisk(skill, path);
        if (b.kind !== 'text' && content) {
          // Images and binaries have no edits to protect: just show the new content.
          const fresh = bufferFromContent(skill, b.skillDir, content, { readOnly: true });
          update(id, () => fresh);
          return;
        }
        update(id, (x) => applyDiskChange(x, disk));
      } catch (err) {
        notify('error', `Could not reload ${path}: ${errorMessage(err)}`);
      }
    },

    forget(skill, path) {
      const prefix = `${skill}/${path}`;
      for (const id of get().order) {
        if (id === prefix || id.startsWith(`${prefix}/`)) get().close(id);
      }
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
