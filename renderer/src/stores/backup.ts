/**
 * Unsaved buffers are copied to localStorage (debounced by the caller) so a crash,
 * a closed tab or a reload never loses work; they are offered back at the next start.
 */
import type { StorageLike } from './layout-persist';
import { isDirty, type EditorBuffer } from './buffer-logic';

export interface BackupEntry {
  /** The skill's name (display; the way back for backups written before `dir` existed). */
  skill: string;
  /** The skill's folder: which of two same-named skills the text belongs to. */
  dir?: string;
  path: string;
  text: string;
  /** The disk version the edits were based on (null: unknown). */
  version: string | null;
  savedAt: number;
}

export function backupKey(workspaceRoot: string | null): string {
  return `skill-studio.backup:${workspaceRoot ?? '(none)'}`;
}

export function collectBackups(buffers: Iterable<EditorBuffer>, now: number): BackupEntry[] {
  const out: BackupEntry[] = [];
  for (const b of buffers) {
    if (isDirty(b))
      out.push({
        skill: b.skill,
        dir: b.skillDir,
        path: b.path,
        text: b.text,
        version: b.version,
        savedAt: now,
      });
  }
  return out;
}

export function writeBackups(
  storage: StorageLike,
  workspaceRoot: string | null,
  entries: BackupEntry[],
): boolean {
  try {
    if (entries.length === 0) storage.removeItem(backupKey(workspaceRoot));
    else storage.setItem(backupKey(workspaceRoot), JSON.stringify({ v: 1, entries }));
    return true;
  } catch {
    // Quota exceeded: nothing else to do than to say so (the caller shows it).
    return false;
  }
}

function isEntry(x: unknown): x is BackupEntry {
  if (typeof x !== 'object' || x === null) return false;
  const e = x as Record<string, unknown>;
  return (
    typeof e.skill === 'string' &&
    (e.dir === undefined || typeof e.dir === 'string') &&
    typeof e.path === 'string' &&
    typeof e.text === 'string' &&
    (typeof e.version === 'string' || e.version === null) &&
    typeof e.savedAt === 'number'
  );
}

export function readBackups(storage: StorageLike, workspaceRoot: string | null): BackupEntry[] {
  try {
    const raw = storage.getItem(backupKey(workspaceRoot));
    if (!raw) return [];
    const parsed = JSON.parse(raw) as { entries?: unknown };
    return Array.isArray(parsed.entries) ? parsed.entries.filter(isEntry) : [];
  } catch {
    return [];
  }
}

export function clearBackups(storage: StorageLike, workspaceRoot: string | null): void {
  try {
    storage.removeItem(backupKey(workspaceRoot));
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
