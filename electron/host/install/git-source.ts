/**
 * Shallow clones of a skills repository with the system `git`, made as harmless as git
 * allows: a fresh temp folder, no prompts (a URL that wants a password fails instead
 * of hanging), no hooks, no fsmonitor, no submodules, no `ext::` transport, no system
 * config, and a minimal environment (so a `GIT_DIR` or `GIT_CONFIG_*` of the caller
 * cannot redirect it). A local path is cloned through `file://` so `--depth 1` holds
 * (git's default `protocol.file.allow=user` permits that for a clone the user asked for).
 * A clone that fails is removed before the error is reported: nothing is left behind.
 * Credentials in a URL (`https://alice:TOKEN@host/…`) reach git and nothing else: every
 * URL this module reports, and every message of git's it passes on, has them removed.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { InvalidRequestError } from '../fs/errors';
import { logSwallowed } from '../log';

const run = promisify(execFile);
const CLONE_TIMEOUT_MS = 120_000;

/** https://…, ssh://…, git://…, file://…, or scp-like `user@host:path`. */
const REMOTE_URL = /^(?:(?:https?|ssh|git|file):\/\/[^\s]+|[\w.-]+@[\w.-]+:[^\s]+)$/i;

export function looksLikeGitUrl(src: string): boolean {
  return REMOTE_URL.test(src);
}

// scheme://[userinfo@]host…: the userinfo is everything before the authority's last `@`.
const USERINFO = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)@/i;

/**
 * The credentials written into a URL, as they appear in it: `user:password`, or the user
 * alone of an http(s) URL (where a lone user is how a token is passed). Null when none:
 * an ssh or git URL's user (`ssh://git@host/…`, `git@host:path`) is a login name, no secret.
 */
function credentialsIn(url: string): string | null {
  const m = USERINFO.exec(url);
  if (!m || m[2] === '') return null;
  return m[2].includes(':') || /^https?:\/\/$/i.test(m[1]) ? m[2] : null;
}

/** `url` with its credentials (credentialsIn) removed: what may be recorded, logged or printed. */
export function withoutCredentials(url: string): string {
  const secret = credentialsIn(url);
  return secret === null ? url : url.replace(USERINFO, '$1');
}

/** `text` with every trace of `url`'s credentials gone (git's own messages may quote it). */
function scrub(text: string, url: string): string {
  const secret = credentialsIn(url);
  if (secret === null) return text;
  const parts = [url, secret, ...secret.split(':')].filter((p) => p.length >= 3);
  for (const p of new Set([...parts, ...parts.map(safeDecode)]))
    text = text.split(p).join(p === url ? withoutCredentials(url) : '***');
  return text;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The environment git runs with: only what finding the program and ssh keys needs. */
function gitEnv(): NodeJS.ProcessEnv {
  const keep = ['PATH', 'HOME', 'SSH_AUTH_SOCK', 'LANG', 'SYSTEMROOT', 'TMPDIR', 'TEMP', 'TMP'];
  const env: NodeJS.ProcessEnv = {};
  for (const k of keep) if (process.env[k] !== undefined) env[k] = process.env[k];
  return {
    ...env,
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_ASKPASS: '',
    SSH_ASKPASS: '',
    GIT_SSH_COMMAND: 'ssh -o BatchMode=yes',
    LC_ALL: 'C',
  };
}

const SAFE_CONFIG = [
  '-c',
  'core.hooksPath=/dev/null',
  '-c',
  'core.fsmonitor=false',
  '-c',
  'protocol.ext.allow=never',
  '-c',
  'submodule.recurse=false',
];

export interface Clone {
  /** The working tree of the clone. */
  dir: string;
  /** HEAD's commit id. */
  commit: string;
  /** Removes the temp folder. */
  dispose(): Promise<void>;
}

function gitMessage(err: unknown): string {
  const e = err as { stderr?: string; message?: string; killed?: boolean; code?: unknown };
  if (e.code === 'ENOENT') return 'git is not installed (or not on PATH)';
  if (e.killed) return `git took longer than ${CLONE_TIMEOUT_MS / 1000} s`;
  const lines = (e.stderr ?? e.message ?? String(err))
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('Cloning into'));
  return lines.join('; ') || 'git failed';
}

/**
 * Clones `src` (a URL, or a local repository's path) at depth 1 into a new temp folder.
 * `ref` picks a branch or tag. Refuses anything that is neither.
 */
export async function cloneShallow(src: string, ref?: string): Promise<Clone> {
  const local = !looksLikeGitUrl(src);
  if (local && !existsSync(path.join(src, '.git')) && !existsSync(path.join(src, 'HEAD')))
    throw new InvalidRequestError(`${src}: not a git repository`);
  if (src.startsWith('-')) throw new InvalidRequestError(`${src}: not a repository URL`);
  const url = local ? pathToFileURL(path.resolve(src)).href : src;
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'skill-studio-clone-'));
  const dir = path.join(tmp, 'repo');
  const dispose = () =>
    rm(tmp, { recursive: true, force: true }).catch(logSwallowed('remove the temp clone'));
  try {
    const args = [
      ...SAFE_CONFIG,
      'clone',
      '--depth',
      '1',
      '--no-recurse-submodules',
      '--quiet',
      ...(ref ? ['--branch', ref] : []),
      '--',
      url,
      dir,
    ];
    await run('git', args, { env: gitEnv(), timeout: CLONE_TIMEOUT_MS, cwd: tmp });
    const { stdout } = await run('git', [...SAFE_CONFIG, '-C', dir, 'rev-parse', 'HEAD'], {
      env: gitEnv(),
      timeout: CLONE_TIMEOUT_MS,
    });
    return { dir, commit: stdout.trim(), dispose };
  } catch (err) {
    await dispose();
    throw new InvalidRequestError(
      `Could not clone ${withoutCredentials(src)}: ${scrub(gitMessage(err), src)}`,
    );
  }
}
