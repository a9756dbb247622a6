/**
 * `skills-lock.json`: what an install put into a client's skills folder, kept in that
 * folder (the target root), one entry per installed folder: where it came from (source
 * kind and URL or path, and the skill's path inside it), at which commit (git) and
 * content hash, copy or link, when, and the hash of every file written, so uninstall
 * removes exactly that and `outdated` can say what a new version changes. Plain,
 * sorted JSON, written atomically; a lockfile that cannot be read is never overwritten.
 *
 * A lockfile is input a repository can carry (a project's skills folder is committed with
 * it), so it is read as untrusted: every key must be one plain folder name (checked like
 * an install name), every entry must have the shape below, and a lockfile that is a link
 * is refused; one that breaks a rule is refused whole, naming the key, never acted on.
 */
import { lstat, realpath, rm } from 'node:fs/promises';
import path from 'node:path';
import type { InstallMode, SourceKind } from '../../../shared/api/install';
import type { ClientId } from '../../../shared/skill/client-profiles';
import { isClientId } from '../../../shared/skill/client-ids';
import { writeFileAtomic } from '../fs/atomic-write';
import { errnoCode, InvalidRequestError } from '../fs/errors';
import { pathProblem } from '../fs/safe-path';
import { readRegularFile } from '../fs/safe-read';
import { folderNameProblem } from './folder-name';
import { isTrustedLockfile, lockHash, rememberLockfile, type LockTrust } from './lock-trust';

export const LOCKFILE_NAME = 'skills-lock.json';
const LOCK_VERSION = 1;

export interface LockEntry {
  /** The skill's name in its source (the folder may differ when it was renamed). */
  name: string;
  client: ClientId;
  source: {
    kind: SourceKind;
    /** Git URL as given, or the absolute path of the folder, bundle or local repository. */
    location: string;
    /** The skill folder's path inside the source ('.' when the source is the skill). */
    subpath: string;
  };
  /** The commit of a git source; null for folders and bundles. */
  commit: string | null;
  /** treeHash of the files installed. */
  hash: string;
  mode: InstallMode;
  /** ISO time of the install. */
  installed_at: string;
  /** Posix path → `sha256-…` of every file written (empty for a link). */
  files: Record<string, string>;
}

export interface Lockfile {
  version: number;
  /** Installed folder name → entry. */
  skills: Record<string, LockEntry>;
}

export function lockfilePath(folder: string): string {
  return path.join(folder, LOCKFILE_NAME);
}

const MAX_LOCKFILE_BYTES = 16 * 1024 * 1024;
const SOURCE_KINDS: readonly string[] = ['git', 'folder', 'bundle'];

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string' && v !== '' && !v.includes('\0');

/** What is wrong with one entry of a lockfile (its key included), or null. */
function entryProblem(key: string, e: unknown): string | null {
  const bad = folderNameProblem(key);
  if (bad) return `the key is not one plain folder name (${bad})`;
  if (!isObject(e)) return 'the entry is not an object';
  if (!isText(e.name)) return '"name" is not a string';
  if (typeof e.client !== 'string' || !isClientId(e.client)) return '"client" is no client id';
  const src = e.source;
  if (!isObject(src) || typeof src.kind !== 'string' || !SOURCE_KINDS.includes(src.kind))
    return '"source.kind" is not git, folder or bundle';
  if (!isText(src.location) || src.location.startsWith('-'))
    return '"source.location" is not a URL or a path';
  if (src.kind !== 'git' && !path.isAbsolute(src.location))
    return '"source.location" of a folder or bundle is not an absolute path';
  if (typeof src.subpath !== 'string' || (src.subpath !== '.' && pathProblem(src.subpath).why))
    return '"source.subpath" is not a path inside the source';
  if (e.commit !== null && typeof e.commit !== 'string') return '"commit" is not a string or null';
  if (typeof e.hash !== 'string') return '"hash" is not a string';
  if (e.mode !== 'copy' && e.mode !== 'link') return '"mode" is not copy or link';
  if (typeof e.installed_at !== 'string') return '"installed_at" is not a string';
  if (!isObject(e.files)) return '"files" is not an object';
  for (const [rel, hash] of Object.entries(e.files)) {
    const p = pathProblem(rel);
    if (p.why !== null || p.clean !== rel || typeof hash !== 'string')
      return `"files" holds ${JSON.stringify(rel)}, not a file path with its hash`;
  }
  // A copy records at least its SKILL.md: an entry of no files would match any folder.
  if (e.mode === 'copy' && !('SKILL.md' in e.files)) return 'a copy whose "files" has no SKILL.md';
  return null;
}

/** A lockfile as read: its entries, and which exact bytes (for the trust record). */
export interface ReadLock {
  lock: Lockfile;
  /** The lockfile's real path (the folder's real path and the file name). */
  real: string;
  /** `sha256-…` of its bytes; null when there is none. */
  hash: string | null;
}

/** Reads the folder's lockfile, refusing one that is a link or breaks a rule above. */
export async function readLockfileAt(folder: string): Promise<ReadLock> {
  const file = lockfilePath(folder);
  const empty = (real: string): ReadLock => ({
    lock: { version: LOCK_VERSION, skills: {} },
    real,
    hash: null,
  });
  let realFolder: string;
  try {
    realFolder = await realpath(folder);
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return empty(file);
    throw err;
  }
  const real = path.join(realFolder, LOCKFILE_NAME);
  const st = await lstat(real).catch((err: unknown) => {
    if (errnoCode(err) === 'ENOENT') return null;
    throw err;
  });
  if (!st) return empty(real);
  if (st.isSymbolicLink())
    throw new InvalidRequestError(
      `${file} is a symbolic link; a lockfile must be a plain file`,
      file,
    );
  const { data } = await readRegularFile(real, file, { maxBytes: MAX_LOCKFILE_BYTES, real: true });
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString('utf8'));
  } catch {
    throw new InvalidRequestError(`${file} is not valid JSON; fix or remove it first`, file);
  }
  const skills = isObject(parsed) ? parsed.skills : undefined;
  if (!isObject(skills))
    throw new InvalidRequestError(`${file} has no "skills" object; fix or remove it first`, file);
  for (const [key, entry] of Object.entries(skills)) {
    const why = entryProblem(key, entry);
    if (why)
      throw new InvalidRequestError(
        `${file}: entry ${JSON.stringify(key.length > 80 ? `${key.slice(0, 60)}…` : key)} is refused: ${why}; fix or remove it first`,
        file,
      );
  }
  return {
    lock: { version: LOCK_VERSION, skills: skills as Record<string, LockEntry> },
    real,
    hash: lockHash(data),
  };
}

/** The folder's lockfile, or an empty one when there is none; refused when unreadable. */
export async function readLockfile(folder: string): Promise<Lockfile> {
  return (await readLockfileAt(folder)).lock;
}

/** Whether this user's own installs wrote (or this user approved) the lockfile as read. */
export async function isOwnLockfile(
  read: ReadLock,
  trust: LockTrust | undefined,
): Promise<boolean> {
  if (read.hash === null) return true;
  return trust ? isTrustedLockfile(trust, read.real, read.hash) : false;
}

function lockText(lock: Lockfile): string {
  const skills = Object.fromEntries(
    Object.entries(lock.skills).sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  return JSON.stringify({ version: LOCK_VERSION, skills }, null, 2) + '\n';
}

export async function writeLockfile(folder: string, lock: Lockfile): Promise<void> {
  await writeFileAtomic(lockfilePath(folder), lockText(lock));
}

/**
 * Reads, changes and writes the folder's lockfile. One left with no entry is removed:
 * install made it, so the last uninstall takes it away. With `trust`, a lockfile that
 * was this user's (or absent) is recorded as this user's again after the write; one that
 * came with the project stays a stranger, whatever this user added to it.
 */
export async function updateLockfile(
  folder: string,
  change: (skills: Record<string, LockEntry>) => void,
  trust?: LockTrust,
): Promise<void> {
  const read = await readLockfileAt(folder);
  const own = await isOwnLockfile(read, trust);
  change(read.lock.skills);
  if (Object.keys(read.lock.skills).length === 0) {
    await rm(lockfilePath(folder), { force: true });
    if (trust) await rememberLockfile(trust, read.real, null);
    return;
  }
  const text = lockText(read.lock);
  await writeFileAtomic(lockfilePath(folder), text);
  if (trust && own) await rememberLockfile(trust, read.real, lockHash(text));
}
