/**
 * Finds every skill folder below a path, at any depth (for `validate` and the corpus
 * check — discovery proper is depth-1, see scan.ts). Bounded in depth and count.
 * Symlinked folders are followed as discovery follows them (docs/contracts.md, Discovery): a link
 * is walked only when it leads to a skill folder, and a link inside a skill only when it
 * stays inside that skill, so a `references -> /` never walks the machine. A folder whose
 * real path was already walked is not walked again, so loops end. Only links are
 * resolved: a plain folder's real path is its parent's plus its name.
 */
import type { Dirent } from 'node:fs';
import path from 'node:path';
import { isListIgnored } from '../fs/ignored-names';
import { isInsideOrEqual } from '../fs/safe-path';
import { findSkillMd } from './skill-md-file';
import { asyncScanIO, syncScanIO, type ScanIO } from './scan-io';

export interface FoundSkillFolder {
  dir: string;
  /** 'SKILL.md', or the other casing found (reported as such when the skill is read). */
  fileName: string;
  /** Real path of `dir` (symlinks resolved). */
  realDir: string;
  /** The folder's entries as listed by the walk, so reading the skill need not list it again. */
  entries: Dirent[];
}

export interface FindOptions {
  maxDepth?: number;
  maxSkills?: number;
  /** Synchronous file-system calls, for one-shot callers (see scan-io.ts). */
  sync?: boolean;
  /** The calls to make instead (kept listings over synchronous calls, say). */
  io?: ScanIO;
}

/**
 * `dir`'s entry `name`: path.join's answer for an absolute, normalized `dir` and a listed
 * name (never empty, `.`, `..`, nor holding a separator), without normalizing it again.
 */
function childPath(dir: string, name: string): string {
  return dir.endsWith(path.sep) ? dir + name : dir + path.sep + name;
}

export async function findSkillFolders(
  root: string,
  opts: FindOptions = {},
): Promise<FoundSkillFolder[]> {
  const maxDepth = opts.maxDepth ?? 8;
  const maxSkills = opts.maxSkills ?? 50_000;
  const io = opts.io ?? (opts.sync ? syncScanIO : asyncScanIO);
  const found: FoundSkillFolder[] = [];

  const walked = new Set<string>();
  // Depth first, sub-folders in name order, as a recursion would go, with a stack instead:
  // a walk of 20,000 folders then costs no promise per folder beyond its file calls.
  // `knownReal` is known for a plain folder; null means "resolve it" (the root, a link).
  // `inSkill`: the real path of the nearest skill folder above, whose links must stay in it.
  const stack: { dir: string; knownReal: string | null; depth: number; inSkill: string | null }[] =
    [{ dir: path.resolve(root), knownReal: null, depth: 0, inSkill: null }];
  for (let step = stack.pop(); step && found.length < maxSkills; step = stack.pop()) {
    const { dir, knownReal, depth, inSkill } = step;
    const link = knownReal === null && depth > 0;
    let real: string;
    let entries: Dirent[];
    try {
      real = knownReal ?? (await io.realpath(dir));
      // A plain folder's real path lies inside its parent's, so only a link can leave the skill.
      if (walked.has(real) || (link && inSkill !== null && !isInsideOrEqual(inSkill, real)))
        continue;
      entries = await io.listDir(dir);
    } catch {
      continue; // vanished, unreadable, a dangling or looping link, not a folder
    }
    // Any casing counts: a wrongly cased file is a skill with a warning, not none.
    const skillFile = findSkillMd(entries);
    if (link && !skillFile) continue; // a link is followed to a skill folder only
    walked.add(real);
    if (skillFile) found.push({ dir, fileName: skillFile.name, realDir: real, entries });
    if (depth >= maxDepth) continue;
    const subdirs = entries
      .filter((e) => (e.isDirectory() || e.isSymbolicLink()) && !isListIgnored(e.name))
      .sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0)); // popped in name order
    for (const e of subdirs) {
      stack.push({
        dir: childPath(dir, e.name),
        knownReal: e.isDirectory() ? childPath(real, e.name) : null,
        depth: depth + 1,
        inSkill: skillFile ? real : inSkill,
      });
    }
  }
  return found;
}
