/**
 * "The previous version of the skill": SKILL.md as committed at git HEAD, when the
 * skill's folder is inside a git work tree. Read with `git show HEAD:<path>` through
 * execFile (no shell: the path is an argument, never parsed), with a short timeout and
 * a size cap. Any failure (no git, not a repository, the file new since HEAD) is "no
 * previous version", never an error of the eval.
 */
import { execFile } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { relativeInside } from '../fs/safe-path';

const TIMEOUT_MS = 10_000;
const MAX_BYTES = 4 * 1024 * 1024;

function git(cwd: string, args: string[]): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(
      'git',
      args,
      { cwd, timeout: TIMEOUT_MS, maxBuffer: MAX_BYTES, windowsHide: true, encoding: 'utf8' },
      (err, stdout) => resolve(err ? null : stdout),
    );
  });
}

/** The text of `file` at HEAD, or null when there is none. */
export async function fileAtHead(file: string): Promise<string | null> {
  let real: string;
  try {
    real = await fsp.realpath(file);
  } catch {
    return null;
  }
  const dir = path.dirname(real);
  const top = (await git(dir, ['rev-parse', '--show-toplevel']))?.trim();
  if (!top) return null;
  const topReal = await fsp.realpath(top).catch(() => top);
  const inside = relativeInside(topReal, real);
  if (inside === null) return null;
  const rel = inside.split(path.sep).join('/');
  // `HEAD:./x` would be relative to cwd; a path from the top is unambiguous.
  return git(topReal, ['show', `HEAD:${rel}`]);
}
