/**
 * What an open file is, and the rules that keep edits from being lost: a clean
 * buffer follows the disk, a dirty one never changes under the user's hands —
 * a change on disk becomes a conflict the user resolves (keep mine / take theirs).
 * A buffer is one file of one skill folder: the folder, never the skill's name,
 * tells two skills apart (two may share a name).
 */
import type { FileContent } from '../../../shared/api/studio-api';

export type BufferKind = FileContent['kind'];

export interface Conflict {
  /** The text on disk now; null when the file was deleted. */
  theirsText: string | null;
  theirsVersion: string | null;
}

export interface EditorBuffer {
  /** bufferId(skillDir, path). */
  id: string;
  /** The skill's name, for display only. */
  skill: string;
  /**
   * Absolute folder of the skill: its identity (what every host call names), and its
   * last segment is the folder name the skill's name must match.
   */
  skillDir: string;
  /** The file inside the skill (posix, relative). */
  path: string;
  kind: BufferKind;
  text: string;
  /** The text as last read from or written to disk. */
  savedText: string;
  /** Version on disk that savedText corresponds to; null when unknown or deleted. */
  version: string | null;
  bytes: number;
  mime: string | null;
  base64: string | null;
  readOnly: boolean;
  /** Shown above the editor (why it is read-only, or that the skill is shadowed). */
  note: string | null;
  saving: boolean;
  conflict: Conflict | null;
  deletedOnDisk: boolean;
}

/** One id per file of one skill folder (JSON: no folder and path can make another's id). */
export function bufferId(skillDir: string, path: string): string {
  return JSON.stringify([skillDir, path]);
}

/** True when `path` is `target` or lies inside the folder `target`. */
export function isAtOrUnder(path: string, target: string): boolean {
  return path === target || path.startsWith(`${target}/`);
}

export function folderName(dir: string): string {
  const parts = dir.split(/[\\/]+/).filter(Boolean);
  return parts[parts.length - 1] ?? '';
}

export function bufferFromContent(
  skill: string,
  skillDir: string,
  content: FileContent,
  opts: { readOnly?: boolean; note?: string | null } = {},
): EditorBuffer {
  const text = content.kind === 'text' ? content.text : '';
  return {
    id: bufferId(skillDir, content.path),
    skill,
    skillDir,
    path: content.path,
    kind: content.kind,
    text,
    savedText: text,
    version: content.version,
    bytes: content.bytes,
    mime: content.kind === 'image' ? content.mime : null,
    base64: content.kind === 'image' ? content.base64 : null,
    readOnly: opts.readOnly ?? content.kind !== 'text',
    note: opts.note ?? null,
    saving: false,
    conflict: null,
    deletedOnDisk: false,
  };
}

export function isDirty(b: EditorBuffer): boolean {
  return b.kind === 'text' && b.text !== b.savedText;
}

export type DiskState = { text: string | null; version: string | null };

/** The buffer after the file changed on disk (text null: deleted or no longer text). */
export function applyDiskChange(b: EditorBuffer, disk: DiskState): EditorBuffer {
  if (disk.version !== null && disk.version === b.version && !b.deletedOnDisk) return b;
  if (!isDirty(b)) {
    if (disk.text === null) return { ...b, deletedOnDisk: true, version: null, conflict: null };
    return {
      ...b,
      text: disk.text,
      savedText: disk.text,
      version: disk.version,
      deletedOnDisk: false,
      conflict: null,
    };
  }
  // Dirty: same bytes as our base means nothing really changed (e.g. a touch).
  if (disk.text !== null && disk.text === b.savedText) {
    return { ...b, version: disk.version, deletedOnDisk: false };
  }
  return {
    ...b,
    conflict: { theirsText: disk.text, theirsVersion: disk.version },
    deletedOnDisk: disk.text === null,
  };
}

/** Keep my text: the disk version becomes the base, so the next save overwrites it. */
export function keepMine(b: EditorBuffer): EditorBuffer {
  if (!b.conflict) return b;
  return { ...b, version: b.conflict.theirsVersion, conflict: null };
}

/** Take the disk's text and drop my edits. */
export function takeTheirs(b: EditorBuffer): EditorBuffer {
  if (!b.conflict) return b;
  if (b.conflict.theirsText === null) {
    return { ...b, savedText: b.text, version: null, conflict: null, deletedOnDisk: true };
  }
  const text = b.conflict.theirsText;
  return {
    ...b,
    text,
    savedText: text,
    version: b.conflict.theirsVersion,
    conflict: null,
    deletedOnDisk: false,
  };
}

/** After a successful write of `sentText` (the user may have typed on meanwhile). */
export function afterSave(
  b: EditorBuffer,
  sentText: string,
  version: string,
  bytes: number,
): EditorBuffer {
  return {
    ...b,
    savedText: sentText,
    version,
    bytes,
    saving: false,
    deletedOnDisk: false,
    conflict: null,
  };
}

/**
 * The buffer after its file (or a folder above it) was renamed from the studio: the same
 * buffer — text, edits and undo history — under its new path; null when not concerned.
 */
export function renamedBuffer(b: EditorBuffer, from: string, to: string): EditorBuffer | null {
  if (!isAtOrUnder(b.path, from)) return null;
  const path = to + b.path.slice(from.length);
  return { ...b, path, id: bufferId(b.skillDir, path) };
}

/**
 * Unsaved text from a backup put back into the freshly opened buffer. When the file was
 * edited on disk since the backup was taken, the user chooses (a conflict) instead of
 * the backup silently overwriting it.
 */
export function restoredBuffer(
  current: EditorBuffer,
  backup: { text: string; version: string | null },
): EditorBuffer {
  if (current.readOnly || current.kind !== 'text') return current;
  const changedSince = backup.version !== current.version;
  return {
    ...current,
    text: backup.text,
    conflict:
      changedSince && backup.text !== current.savedText
        ? { theirsText: current.savedText, theirsVersion: current.version }
        : null,
  };
}
