/**
 * `skills-lock.json`: what an install put into a client's skills folder, kept in that
 * folder (the target root), one entry per installed folder: where it came from (source
 * kind and URL or path, and the skill's path inside it), at which commit (git) and
 * content hash, copy or link, when, and the hash of every file written, so uninstall
 * removes exactly that and `outdated` can say what a new version changes. Plain,
 * sorted JSON, written atomically; a lockfile that cannot be read is never overwritten.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { InstallMode } from '../../../shared/api/install';
import type { ClientId } from '../../../shared/skill/client-profiles';
import { writeFileAtomic } from '../fs/atomic-write';
import { errnoCode, InvalidRequestError } from '../fs/errors';
import type { SourceKind } from './install-source';

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

/** The folder's lockfile, or an empty one when there is none; refused when unreadable. */
export async function readLockfile(folder: string): Promise<Lockfile> {
  const file = lockfilePath(folder);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return { version: LOCK_VERSION, skills: {} };
    throw err;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new InvalidRequestError(`${file} is not valid JSON; fix or remove it first`, file);
  }
  const skills = (data as { skills?: unknown } | null)?.skills;
  if (typeof skills !== 'object' || skills === null || Array.isArray(skills))
    throw new InvalidRequestError(`${file} has no "skills" object; fix or remove it first`, file);
  return { version: LOCK_VERSION, skills: skills as Record<string, LockEntry> };
}

export async function writeLockfile(folder: string, lock: Lockfile): Promise<void> {
  const skills = Object.fromEntries(
    Object.entries(lock.skills).sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  await writeFileAtomic(
    lockfilePath(folder),
    JSON.stringify({ version: LOCK_VERSION, skills }, null, 2) + '\n',
  );
}

/**
 * Reads, changes and writes the folder's lockfile. One left with no entry is removed:
 * install made it, so the last uninstall takes it away.
 */
export async function updateLockfile(
  folder: string,
  change: (skills: Record<string, LockEntry>) => void,
): Promise<void> {
  const lock = await readLockfile(folder);
  change(lock.skills);
  if (Object.keys(lock.skills).length === 0) await rm(lockfilePath(folder), { force: true });
  else await writeLockfile(folder, lock);
}
