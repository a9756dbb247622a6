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

/**
 * What git HEAD holds of `file`: its text, `untracked` when the work tree has it but HEAD
 * does not, or `not_in_git` when the file is in no work tree (or git is not there).
 */
export type AtHead =
  { status: 'committed'; text: string } | { status: 'untracked' } | { status: 'not_in_git' };

export async function readAtHead(file: string): Promise<AtHead> {
  let real: string;
  try {
    real = await fsp.realpath(file);
  } catch {
    return { status: 'not_in_git' };
  }
  const dir = path.dirname(real);
  const top = (await git(dir, ['rev-parse', '--show-toplevel']))?.trim();
  if (!top) return { status: 'not_in_git' };
  const topReal = await fsp.realpath(top).catch(() => top);
  const inside = relativeInside(topReal, real);
  if (inside === null) return { status: 'not_in_git' };
  const rel = inside.split(path.sep).join('/');
  // `HEAD:./x` would be relative to cwd; a path from the top is unambiguous.
  const text = await git(topReal, ['show', `HEAD:${rel}`]);
  return text === null ? { status: 'untracked' } : { status: 'committed', text };
}

/** The text of `file` at HEAD, or null when there is none. */
export async function fileAtHead(file: string): Promise<string | null> {
  const found = await readAtHead(file);
  return found.status === 'committed' ? found.text : null;
}
