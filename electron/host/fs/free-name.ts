/**
 * Picks a folder name nobody uses yet beside existing skills: `<name>-copy` for a
 * duplicate, `<name>-2` for an import that keeps both. Checked with lstat, so a dangling
 * link or a stray file also counts as taken (a rename onto it would fail or clobber).
 */
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { errnoCode } from './errors';

/** True when anything (folder, file, link, even a dangling one) has that path. */
export async function existsNoFollow(p: string): Promise<boolean> {
  try {
    await lstat(p);
    return true;
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return false;
    throw err;
  }
}

const MAX_TRIES = 1000;

/**
 * The first of `candidate(1)`, `candidate(2)`, … that is free in `dir` and not in `taken`
 * (names already promised to something else in the same operation; compared ignoring
 * case, as a case-insensitive disk would).
 */
export async function firstFreeName(
  dir: string,
  candidate: (n: number) => string,
  taken: ReadonlySet<string> = new Set(),
): Promise<string> {
  const takenLower = new Set([...taken].map((t) => t.toLowerCase()));
  for (let n = 1; n <= MAX_TRIES; n++) {
    const name = candidate(n);
    if (takenLower.has(name.toLowerCase())) continue;
    if (!(await existsNoFollow(path.join(dir, name)))) return name;
  }
  throw new Error(`no free folder name like "${candidate(1)}" in ${dir}`);
}

/** `<name>-copy`, `<name>-copy-2`, … */
export const copyName = (name: string) => (n: number) =>
  n === 1 ? `${name}-copy` : `${name}-copy-${n}`;

/** `<name>-2`, `<name>-3`, … */
export const keepBothName = (name: string) => (n: number) => `${name}-${n + 1}`;
