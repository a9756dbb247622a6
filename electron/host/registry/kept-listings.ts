/**
 * Kept folder listings, beside the kept verdicts (verdict-cache.ts): a run over an
 * unchanged tree stats each folder instead of listing it, which costs less than half as
 * much (one system call against an open, two reads and a close).
 *
 * A folder's entries change only when an entry is made, removed or renamed in it, and
 * each of these moves the folder's modification and change times. So a listing kept with
 * the folder's device, inode and both times holds while a stat of the folder reads them
 * the same, under the racy rule of read-inputs.ts: a folder whose times fall within
 * RACY_MS of the start of the run that lists it may still change within the same tick of
 * the file system's clock, so it is listed afresh and not kept. The stat follows a link as
 * the listing does. What an entry's own content is never comes from here: the verdicts'
 * inputs check every file read by its own metadata.
 *
 * A cache like the verdicts: a file missing, corrupt, of another build or scope, or not
 * the user's is ignored (every folder is listed), and a failed write is never fatal.
 */
import { statSync, type Dirent, type Stats } from 'node:fs';
import path from 'node:path';
import { ListedEntry, packEntries } from './listed-entries';
import { RACY_MS } from './read-inputs';
import type { SyncScanCalls } from './scan-io';
import { readKeptText, writeKeptLines, type KeptFile } from './kept-file';

/** The folder of kept listings inside the cache folder. */
export const LISTINGS_FOLDER = 'listings';

/**
 * One folder as kept: its path, the stat fields that say it is unchanged (device, inode,
 * modification and change time), and its entries as one string of names joined by `/`
 * (which no name holds) and one of type codes (listed-entries.ts), in the order listed.
 * Flat, so that a run reading back 20,000 folders builds no array per folder.
 */
type KeptFolder = [
  dir: string,
  dev: number,
  ino: number,
  mtime: number,
  ctime: number,
  names: string,
  types: string,
];

export interface KeptListings {
  /**
   * The synchronous calls `inner` (the one-shot scans'), with each folder's listing
   * answered from the kept one while the folder is unchanged, and kept when listed afresh.
   */
  calls(inner: SyncScanCalls): SyncScanCalls;
  /**
   * The identity (folderIdentity) of `dir` as this run's listing of it through `calls`
   * found it, when its stat could be trusted; null when it was not listed so.
   */
  identityOf(dir: string): FolderIdentity | null;
  /** Writes the file when this run listed a folder afresh or no longer saw one; never throws. */
  save(): Promise<void>;
}

/** Nothing kept: every folder is listed (for a cache that keeps verdicts only). */
export const NO_KEPT_LISTINGS: KeptListings = {
  calls: (inner) => inner,
  identityOf: () => null,
  save: () => Promise.resolve(),
};

/** Type codes as kept: one digit each (listed-entries.ts has eight kinds). */
const TYPE_CODES = /^[0-7]+$/;

/** The folder's stat, or null when there is none to trust (gone, not a folder, racy). */
function trustedStat(dir: string, runStart: number): Stats | null {
  const st = statSync(dir, { throwIfNoEntry: false });
  if (!st?.isDirectory()) return null;
  return Math.max(st.mtimeMs, st.ctimeMs) > runStart - RACY_MS ? null : st;
}

/**
 * What says that a folder's entries are unchanged, under the rule above: its device,
 * inode, modification and change time. Taken before the folder is listed, it stands for
 * that listing from then on (a change after the stat moves the times, so the listing can
 * only be newer than the identity); so does one taken after, when it can be trusted for
 * a run that began before the listing (the folder was then the same the whole run).
 */
export type FolderIdentity = readonly [dev: number, ino: number, mtimeMs: number, ctimeMs: number];

/** `dir`'s stat now, when it can stand for its listing (trusted for a run begun at `runStart`). */
export function trustedFolderStat(dir: string, runStart: number): Stats | null {
  try {
    return trustedStat(dir, runStart);
  } catch {
    return null; // unreadable, a looping link: only its listing can say what it answers
  }
}

export const identityOf = (st: Stats): FolderIdentity => [st.dev, st.ino, st.mtimeMs, st.ctimeMs];

/** Whether `st` is the folder `at` names, unchanged. */
export const hasIdentity = (st: Stats, at: FolderIdentity): boolean =>
  st.dev === at[0] && st.ino === at[1] && st.mtimeMs === at[2] && st.ctimeMs === at[3];

export function isFolderIdentity(v: unknown): v is FolderIdentity {
  return Array.isArray(v) && v.length === 4 && v.every((n) => typeof n === 'number');
}

/**
 * The identity each folder was listed with in one run, from the stat made before each
 * listing: none once a listing's stat could not be trusted, or two listings' stats differ
 * (the folder changed meanwhile, so it stands for neither).
 */
export class ListedIdentities {
  private readonly ids = new Map<string, FolderIdentity | null>();

  saw(dir: string, st: Stats | null): void {
    const seen = this.ids.get(dir);
    if (seen === undefined) this.ids.set(dir, st && identityOf(st));
    else if (seen && !(st && hasIdentity(st, seen))) this.ids.set(dir, null);
  }

  of(dir: string): FolderIdentity | null {
    return this.ids.get(dir) ?? null;
  }
}

function isKeptFolder(v: unknown): v is KeptFolder {
  return (
    Array.isArray(v) &&
    v.length === 7 &&
    typeof v[0] === 'string' &&
    typeof v[1] === 'number' &&
    typeof v[2] === 'number' &&
    typeof v[3] === 'number' &&
    typeof v[4] === 'number' &&
    typeof v[5] === 'string' &&
    typeof v[6] === 'string'
  );
}

/** The kept folders of `file` by path; a file of another shape holds none. */
function readKeptFolders(file: KeptFile): Map<string, KeptFolder> {
  const kept = new Map<string, KeptFolder>();
  const text = readKeptText(file);
  if (text === null) return kept;
  let folders: unknown;
  try {
    folders = JSON.parse(text);
  } catch {
    return kept; // cut or corrupt: every folder is listed
  }
  if (!Array.isArray(folders)) return kept;
  for (const f of folders as unknown[]) if (isKeptFolder(f)) kept.set(f[0], f);
  return kept;
}

/** The kept entries of `f` when its stat still reads as kept, else null. */
function keptEntries(f: KeptFolder, st: Stats): Dirent[] | null {
  if (f[1] !== st.dev || f[2] !== st.ino || f[3] !== st.mtimeMs || f[4] !== st.ctimeMs) return null;
  if (f[5] === '') return f[6] === '' ? [] : null;
  const names = f[5].split('/');
  const types = f[6];
  if (names.length !== types.length || !TYPE_CODES.test(types)) return null;
  const entries: Dirent[] = new Array<Dirent>(names.length);
  for (let i = 0; i < names.length; i++)
    entries[i] = new ListedEntry(names[i], f[0], types.charCodeAt(i) - 48);
  return entries;
}

/** `dir` as kept: its stat and entries (types as one digit each, see listed-entries.ts). */
function keptFolder(dir: string, st: Stats, entries: readonly Dirent[]): KeptFolder {
  const { names, types } = packEntries(dir, entries);
  return [dir, st.dev, st.ino, st.mtimeMs, st.ctimeMs, names.join('/'), types.join('')];
}

/** The kept listings of `file` (a scope's, see kept-file.ts), for a run that began at `runStart`. */
export function openKeptListings(file: KeptFile, runStart: number): KeptListings {
  const kept = readKeptFolders(file);
  // What the file will hold: every folder this run listed and could trust, in the order listed.
  const folders = new Map<string, KeptFolder>();
  /** For a kept run (identityOf). */
  const identities = new ListedIdentities();
  let changed = false;
  /** The kept entries of `dir` while it is unchanged, else `list`'s, kept when they can be trusted. */
  const listDir = (dir: string, list: (dir: string) => Dirent[]): Dirent[] => {
    const st = trustedStat(dir, runStart);
    identities.saw(dir, st);
    // A folder that cannot be trusted (or is not one) is not kept, and changes nothing.
    if (!st) return list(dir);
    const f = kept.get(dir);
    const entries = f ? keptEntries(f, st) : null;
    if (f && entries) {
      folders.set(dir, f);
      return entries;
    }
    changed = true;
    const listed = list(dir);
    folders.set(dir, keptFolder(dir, st, listed));
    return listed;
  };
  const absolute = (dir: string): string => (path.isAbsolute(dir) ? dir : path.resolve(dir));
  const calls = (inner: SyncScanCalls): SyncScanCalls => ({
    ...inner,
    listDir: (dir) => listDir(absolute(dir), (at) => inner.listDir(at)),
  });
  return {
    calls,
    identityOf: (dir) => identities.of(absolute(dir)),
    async save() {
      // A folder kept before and not listed now is gone from the file too.
      if (!changed && [...kept.keys()].every((dir) => folders.has(dir))) return;
      changed = false;
      await writeKeptLines(file, [JSON.stringify([...folders.values()])], 'the folders’ listings');
    },
  };
}
