/**
 * Finds every skill folder below a path, at any depth (for `validate` and the corpus
 * check — discovery proper is depth-1, see scan.ts). Bounded in depth and count.
 * Symlinked folders are followed as discovery follows them (DESIGN §3); a folder
 * whose real path was already walked is not walked again, so loops end.
 */
import { promises as fsp, type Dirent } from 'node:fs';
import path from 'node:path';
import { isListIgnored } from '../bundle/ignore';
import { findSkillMd } from './scan';

export interface FoundSkillFolder {
  dir: string;
  /** 'SKILL.md', or the other casing found (reported as such when the skill is read). */
  fileName: string;
}

export interface FindOptions {
  maxDepth?: number;
  maxSkills?: number;
}

async function isFolder(p: string): Promise<boolean> {
  try {
    return (await fsp.stat(p)).isDirectory();
  } catch {
    return false; // dangling or looping link
  }
}

export async function findSkillFolders(
  root: string,
  opts: FindOptions = {},
): Promise<FoundSkillFolder[]> {
  const maxDepth = opts.maxDepth ?? 8;
  const maxSkills = opts.maxSkills ?? 50_000;
  const found: FoundSkillFolder[] = [];

  const walked = new Set<string>();

  async function walk(dir: string, depth: number): Promise<void> {
    if (found.length >= maxSkills) return;
    let real: string;
    let entries: Dirent[];
    try {
      real = await fsp.realpath(dir);
      entries = await fsp.readdir(dir, { withFileTypes: true });
    } catch {
      return; // vanished or unreadable: nothing to validate there
    }
    if (walked.has(real)) return;
    walked.add(real);
    // Any casing counts: a wrongly cased file is a skill with a warning, not none.
    const skillFile = findSkillMd(entries);
    if (skillFile) found.push({ dir, fileName: skillFile.name });
    if (depth >= maxDepth) return;
    const subdirs: string[] = [];
    for (const e of entries) {
      if (isListIgnored(e.name)) continue;
      if (e.isDirectory() || (e.isSymbolicLink() && (await isFolder(path.join(dir, e.name)))))
        subdirs.push(e.name);
    }
    subdirs.sort();
    for (const name of subdirs) await walk(path.join(dir, name), depth + 1);
  }

  await walk(path.resolve(root), 0);
  return found;
}
