/**
 * What a source folder holds, as the scan (scan.ts) and the name lookup (find-skill.ts)
 * both read it (docs/contracts.md, Discovery): the folder itself when it holds SKILL.md
 * (one skill), else its sub-folders in a fixed order, each with its real path. One
 * definition, so that the lookup finds exactly the skill the scan would list.
 */
import type { Dirent } from 'node:fs';
import path from 'node:path';
import { isListIgnored } from '../fs/ignored-names';
import { isInsideOrEqual } from '../fs/safe-path';
import type { ScanIO } from './scan-io';
import { findSkillMd } from './skill-md-file';

export const SCAN_DEFAULTS = {
  maxSkillMdBytes: 1024 * 1024,
  maxSkillsPerSource: 20_000,
  maxFilesPerSkill: 10_000,
  concurrency: 64,
} as const;

export interface SourceListing {
  entries: Dirent[];
  /** Real path of the source folder (as given when it cannot be resolved). */
  realSource: string;
  /** The folder itself holds SKILL.md: it is one skill, not a folder of skills. */
  singleSkill: boolean;
}

/** Lists a source folder; throws what listing it throws (ENOENT: there is no such source). */
export async function listSourceFolder(
  dir: string,
  io: ScanIO,
  listDir: (dir: string) => Promise<Dirent[]> = io.listDir,
): Promise<SourceListing> {
  const entries = await listDir(dir);
  let realSource: string;
  try {
    realSource = await io.realpath(dir);
  } catch {
    realSource = dir;
  }
  // Pointed straight at one skill (e.g. `--root path/to/my-skill`): that folder is the skill.
  return { entries, realSource, singleSkill: findSkillMd(entries) !== null };
}

/** The entries of a folder of skills that may be skill folders, in scan order. */
export function skillCandidates(entries: readonly Dirent[]): Dirent[] {
  return entries
    .filter(
      (e) => (e.isDirectory() || e.isSymbolicLink() || isUnknownType(e)) && !isListIgnored(e.name),
    )
    .sort((a, b) => compareNames(a.name, b.name));
}

/**
 * Real path of a candidate skill folder, or null when it is not one to read: a dangling or
 * looping symlink, a link to a file, or a link back to the source folder or above it
 * (which would make the scan see its own parents as skills).
 */
export async function realSkillDir(
  entry: Dirent,
  dir: string,
  realSource: string,
  io: ScanIO,
): Promise<string | null> {
  // A plain folder's real path is its parent's plus its name: no system call needed.
  if (entry.isDirectory()) return path.join(realSource, entry.name);
  let real: string;
  try {
    real = await io.realpath(dir);
    if (!(await io.stat(real)).isDirectory()) return null;
  } catch {
    return null; // dangling link, ELOOP, vanished
  }
  if (isInsideOrEqual(real, realSource)) return null; // the link points at the source or an ancestor
  return real;
}

/** Sorts like `ls` in the C locale: stable across machines, independent of ICU. */
export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function isUnknownType(e: Dirent): boolean {
  return (
    !e.isFile() &&
    !e.isDirectory() &&
    !e.isSymbolicLink() &&
    !e.isFIFO() &&
    !e.isSocket() &&
    !e.isBlockDevice() &&
    !e.isCharacterDevice()
  );
}
