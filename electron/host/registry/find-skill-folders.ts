/**
 * Finds every skill folder below a path, at any depth (for `validate` and the corpus
 * check — discovery proper is depth-1, see scan.ts). Bounded in depth and count;
 * symlinked folders are not followed, so loops cannot happen.
 */
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { isListIgnored } from '../bundle/ignore';

export interface FoundSkillFolder {
  dir: string;
  /** 'SKILL.md' or the lowercase 'skill.md'. */
  fileName: string;
}

export interface FindOptions {
  maxDepth?: number;
  maxSkills?: number;
}

const SKILL_FILE_NAMES = ['SKILL.md', 'skill.md'];

export async function findSkillFolders(
  root: string,
  opts: FindOptions = {},
): Promise<FoundSkillFolder[]> {
  const maxDepth = opts.maxDepth ?? 8;
  const maxSkills = opts.maxSkills ?? 50_000;
  const found: FoundSkillFolder[] = [];

  async function walk(dir: string, depth: number): Promise<void> {
    if (found.length >= maxSkills) return;
    let entries;
    try {
      entries = await fsp.readdir(dir, { withFileTypes: true });
    } catch {
      return; // vanished or unreadable: nothing to validate there
    }
    const skillFile = SKILL_FILE_NAMES.find((n) =>
      entries.some((e) => e.name === n && (e.isFile() || e.isSymbolicLink())),
    );
    if (skillFile) found.push({ dir, fileName: skillFile });
    if (depth >= maxDepth) return;
    const subdirs = entries
      .filter((e) => e.isDirectory() && !isListIgnored(e.name))
      .map((e) => e.name)
      .sort();
    for (const name of subdirs) await walk(path.join(dir, name), depth + 1);
  }

  await walk(path.resolve(root), 0);
  return found;
}
