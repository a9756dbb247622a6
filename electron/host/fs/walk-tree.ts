/**
 * The one walker of a skill folder's tree, with the one symlink policy every caller
 * shares (the file listing, the registry's files_count, export, duplicate and install):
 *
 * - a symbolic link stands for what it points to when that lies inside the skill (a file
 *   or a folder, walked like any other), and is left out otherwise: pointing outside,
 *   at the skill folder itself, dangling, or looping;
 * - a link to a folder the walk is already inside (a loop) is left out;
 * - sockets, FIFOs and devices are not skill content and are left out.
 *
 * Callers that take the tree as untrusted input (install) see every entry before it is
 * followed (`visit`) and may refuse the whole tree there.
 *
 * Cheap on big trees: the types come from the directory entries, so a plain file or folder
 * costs no system call of its own; only links are resolved (realpath + stat), and files are
 * stat'ed only when sizes are asked for. Bounded by entries, folders and depth.
 */
import type { Dirent, Stats } from 'node:fs';
import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { isListIgnored } from './ignored-names';
import { toFileServiceError } from './errors';
import { isInsideOrEqual, realRoot } from './safe-path';

export const DEFAULT_MAX_ENTRIES = 10_000;
export const DEFAULT_MAX_DEPTH = 32;

/** The file-system calls a walk makes (registry/scan-io.ts provides synchronous ones). */
export interface TreeIO {
  /** Directory entries with their types. */
  listDir(dir: string): Promise<Dirent[]>;
  realpath(p: string): Promise<string>;
  stat(p: string): Promise<Stats>;
  lstat(p: string): Promise<Stats>;
}

const asyncTreeIO: TreeIO = {
  listDir: (dir) => readdir(dir, { withFileTypes: true }),
  realpath: (p) => realpath(p),
  stat: (p) => stat(p),
  lstat: (p) => lstat(p),
};

/** What a listed name is, before any link is followed. */
export type RawKind = 'file' | 'dir' | 'link' | 'other';

export interface WalkOptions {
  /**
   * Names to skip with their whole subtree (default: the listing's set). `parentRel` is
   * the folder's path relative to the root ('' at the top). May throw to refuse the tree.
   */
  ignore?: (name: string, parentRel: string) => boolean;
  /** Sees every entry not ignored, before a link is followed; may throw to refuse the tree. */
  visit?: (rel: string, kind: RawKind) => void;
  /** Also return folders (they then count toward maxEntries). */
  includeDirs?: boolean;
  /** Size and execute bit of every file (one stat per file); without, sizes are 0. */
  stats?: boolean;
  /** Bound on returned entries (default 10,000). */
  maxEntries?: number;
  /** Bound on folders entered, so a tree of empty folders cannot run forever (default 10,000). */
  maxFolders?: number;
  maxDepth?: number;
  /** File-system calls (default: the thread pool's). */
  io?: TreeIO;
  /** The root's real path and entries when the caller already holds them: not read again. */
  listed?: { realRoot: string; entries: readonly Dirent[] };
}

export interface WalkEntry {
  /** Posix path relative to the root, as the user sees it (through symlinks). */
  path: string;
  /** Real absolute path of the file or folder the entry stands for. */
  realPath: string;
  dir: boolean;
  /** Bytes of a file (0 for a folder, or when stats were not asked for). */
  bytes: number;
  /** Any execute bit set on the real file (false on Windows, or without stats). */
  executable: boolean;
}

export interface WalkResult {
  /** Sorted by path. */
  entries: WalkEntry[];
  /** True when a bound stopped the walk early. */
  truncated: boolean;
  /**
   * Entries left out because their names are not valid UTF-8: read as text they carry
   * U+FFFD and no longer name the file, which can then be neither opened nor bundled.
   */
  unnamed: string[];
}

interface Folder {
  real: string;
  rel: string;
  depth: number;
  parent: Folder | null;
}

function isAncestor(folder: Folder | null, real: string): boolean {
  for (let f = folder; f; f = f.parent) if (f.real === real) return true;
  return false;
}

export const compareCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Walks a skill folder: files (and folders when asked) relative to the root, sorted by
 * path, under the policy above. The root itself must be readable (a FileServiceError
 * otherwise: not_found when it is missing); anything below that vanishes or cannot be
 * read is left out.
 */
export async function walkSkillTree(root: string, opts: WalkOptions = {}): Promise<WalkResult> {
  const ignore = opts.ignore ?? isListIgnored;
  const maxEntries = opts.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const maxDepth = opts.maxDepth ?? DEFAULT_MAX_DEPTH;
  const maxFolders = opts.maxFolders ?? DEFAULT_MAX_ENTRIES;
  const includeDirs = opts.includeDirs ?? false;
  const io = opts.io ?? asyncTreeIO;
  const rootReal = opts.listed?.realRoot ?? (await realRoot(root));
  const entries: WalkEntry[] = [];
  const unnamed: string[] = [];
  let foldersEntered = 1;
  let truncated = false;

  // Plain files and folders are described from their directory entry alone, without a
  // promise: on a big scan most entries are that, and the count should cost no more.
  const describe = (
    dirReal: string,
    e: Dirent,
    rel: string,
  ): WalkEntry | null | Promise<WalkEntry | null> => {
    // dirReal is a real path already and a listed name has no separator: no join needed.
    const abs = dirReal.endsWith(path.sep) ? dirReal + e.name : dirReal + path.sep + e.name;
    if (e.name.includes('\uFFFD')) {
      // Either a name really holding U+FFFD, or bytes that are not UTF-8: only the latter
      // cannot be found again by the name read.
      return io.lstat(abs).then(
        (st) => describeKind(abs, rel, rawKind(st) ?? 'other'),
        () => {
          unnamed.push(rel);
          return null;
        },
      );
    }
    const kind = rawKind(e);
    if (kind === null) {
      return io.lstat(abs).then(
        (st) => describeKind(abs, rel, rawKind(st) ?? 'other'),
        () => null, // vanished while listing
      );
    }
    return describeKind(abs, rel, kind);
  };
  const describeKind = (
    abs: string,
    rel: string,
    kind: RawKind,
  ): WalkEntry | null | Promise<WalkEntry | null> => {
    opts.visit?.(rel, kind);
    if (kind === 'dir') return entry(rel, abs, true, null);
    if (kind === 'other') return null; // sockets, FIFOs, devices: not skill content
    if (kind === 'file' && !opts.stats) return entry(rel, abs, false, null);
    return describeByStat(abs, rel, kind).catch(() => null); // vanished, dangling or looping
  };
  const describeByStat = async (
    abs: string,
    rel: string,
    kind: 'file' | 'link',
  ): Promise<WalkEntry | null> => {
    if (kind === 'file') {
      const st = await io.lstat(abs);
      return st.isFile() ? entry(rel, abs, false, st) : null;
    }
    const real = await io.realpath(abs);
    if (!isInsideOrEqual(rootReal, real) || real === rootReal) return null;
    const st = await io.stat(real);
    if (st.isDirectory()) return entry(rel, real, true, null);
    return st.isFile() ? entry(rel, real, false, opts.stats ? st : null) : null;
  };

  // Depth-first with an explicit stack: no recursion limit, and the bound is checked per entry.
  const stack: Folder[] = [{ real: rootReal, rel: '', depth: 0, parent: null }];
  walk: while (stack.length > 0) {
    const current = stack.pop() as Folder;
    let listed: readonly Dirent[];
    try {
      listed =
        current.depth === 0 && opts.listed ? opts.listed.entries : await io.listDir(current.real);
    } catch (err) {
      // A folder that vanished or cannot be read is left out, not fatal for the walk.
      if (current.depth === 0) throw toFileServiceError(err, '.');
      continue;
    }
    let named = listed
      .filter((e) => !ignore(e.name, current.rel))
      .sort((a, b) => compareCodeUnits(a.name, b.name));
    // One huge folder must not cost a call per name beyond what the bounds can still take.
    const budget = maxEntries - entries.length + (maxFolders - foldersEntered) + 1;
    if (named.length > budget) {
      named = named.slice(0, budget);
      truncated = true;
    }
    const described = named.map((e) =>
      describe(current.real, e, current.rel ? `${current.rel}/${e.name}` : e.name),
    );
    const found = described.some((d) => d instanceof Promise)
      ? await Promise.all(described)
      : (described as (WalkEntry | null)[]);
    const subfolders: Folder[] = [];
    for (const entry of found) {
      if (!entry) continue;
      // A link back to a folder we are inside would repeat forever: leave it out.
      if (entry.dir && isAncestor(current, entry.realPath)) continue;
      if (!entry.dir || includeDirs) {
        if (entries.length >= maxEntries) {
          truncated = true;
          break walk;
        }
        entries.push(entry);
      }
      if (!entry.dir) continue;
      if (current.depth + 1 >= maxDepth || foldersEntered >= maxFolders) {
        truncated = true;
        continue;
      }
      foldersEntered++;
      subfolders.push({
        real: entry.realPath,
        rel: entry.path,
        depth: current.depth + 1,
        parent: current,
      });
    }
    stack.push(...subfolders.reverse());
  }
  entries.sort((a, b) => compareCodeUnits(a.path, b.path));
  return { entries, truncated, unnamed };
}

function entry(rel: string, real: string, dir: boolean, st: Stats | null): WalkEntry {
  return {
    path: rel,
    realPath: real,
    dir,
    bytes: st ? st.size : 0,
    executable: st ? (st.mode & 0o111) !== 0 : false,
  };
}

/** The kind a directory entry names; null when the file system did not say (DT_UNKNOWN). */
function rawKind(e: Dirent | Stats): RawKind | null {
  if (e.isFile()) return 'file';
  if (e.isDirectory()) return 'dir';
  if (e.isSymbolicLink()) return 'link';
  if (e.isFIFO() || e.isSocket() || e.isBlockDevice() || e.isCharacterDevice()) return 'other';
  return null;
}
