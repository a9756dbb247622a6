/**
 * The user-level providers file, for work outside a workspace and for keys the CLI and
 * browser mode cannot take from a keychain:
 *
 *   Linux   $XDG_CONFIG_HOME/skill-studio/providers.json (default ~/.config/…)
 *   macOS   ~/Library/Application Support/skill-studio/providers.json
 *   Windows %APPDATA%\skill-studio\providers.json
 *   any     $SKILL_STUDIO_PROVIDERS (a path) overrides the place
 *
 * Same shape as skill-studio.json (`{"providers": [...]}`), and an entry may carry a
 * literal `api_key`: so the file must be private. On POSIX a file that its group or
 * others may read or write, or that another user owns, is refused with a message that
 * says how to fix it; nothing of it is used.
 */
import path from 'node:path';
import { NotFoundError } from '../fs/errors';
import { openRegularFile, readOpened } from '../fs/safe-read';
import { scanJson } from '../../../shared/json/json-position';
import {
  readProviders,
  type ProviderProblem,
  type ReadProviders,
} from '../workspace/provider-config';
import { logSwallowed } from '../log';

export const USER_PROVIDERS_ENV = 'SKILL_STUDIO_PROVIDERS';
const MAX_BYTES = 1024 * 1024;

/** Where a user adds a provider, for the message a run without one shows. */
export function howToAddProvider(userFile: string | null): string {
  return (
    'add one under "providers" in skill-studio.json, e.g. ' +
    '[{"id": "ollama", "kind": "openai-compatible", "base_url": "http://127.0.0.1:11434/v1", "model": "llama3.2"}] or ' +
    '[{"id": "claude", "kind": "anthropic", "model": "claude-sonnet-4-5", "api_key_env": "ANTHROPIC_API_KEY"}]' +
    (userFile ? `, or in your own ${userFile} (chmod 600)` : '') +
    '; `skill-studio providers` checks them'
  );
}

/** Where the user's providers file lives, or null without a home (tests, --no-user). */
export function userProvidersPath(
  env: NodeJS.ProcessEnv,
  home: string | null,
  platform: NodeJS.Platform = process.platform,
): string | null {
  const explicit = env[USER_PROVIDERS_ENV];
  if (explicit) return path.resolve(explicit);
  if (platform === 'win32') {
    const appData = env.APPDATA ?? (home ? path.join(home, 'AppData', 'Roaming') : null);
    return appData ? path.join(appData, 'skill-studio', 'providers.json') : null;
  }
  if (!home) return null;
  if (platform === 'darwin')
    return path.join(home, 'Library', 'Application Support', 'skill-studio', 'providers.json');
  const xdg =
    env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : null;
  return path.join(xdg ?? path.join(home, '.config'), 'skill-studio', 'providers.json');
}

export interface LoadedUserProviders extends ReadProviders {
  /** The file read, or null when there is none. */
  file: string | null;
  /** Why the file was refused or could not be used (the list is then empty). */
  refused: string | null;
}

const none = (file: string | null, refused: string | null = null): LoadedUserProviders => ({
  file,
  refused,
  providers: [],
  problems: [],
  keys: new Map(),
});

/**
 * The last version of each providers file that could be used, by path. A file cut short or
 * mistyped while it is edited (the running server re-reads it on every call) keeps the
 * providers it had, with the problem reported, rather than leaving every run without one.
 * A file refused for its permissions or owner, or removed, gets no such grace.
 */
const lastGood = new Map<string, LoadedUserProviders>();

/** The last good version of `file` with `problem` reported, else the refusal. */
function keepLastGood(file: string, problem: string): LoadedUserProviders {
  const good = lastGood.get(file);
  if (!good) return none(file, problem);
  const stale: ProviderProblem = {
    severity: 'error',
    code: 'WORKSPACE_CONFIG',
    message: `${problem}; the providers it held before stay in use until it is fixed`,
    path: [],
  };
  return { ...good, problems: [...good.problems, stale] };
}

/** Reads the user's providers file; never throws. */
export async function loadUserProviders(file: string | null): Promise<LoadedUserProviders> {
  if (!file) return none(null);
  const loaded = await readUserProviders(file);
  if ('unreadable' in loaded) return keepLastGood(file, loaded.unreadable);
  if (loaded.refused === null && loaded.file !== null) lastGood.set(file, loaded);
  else lastGood.delete(file);
  return loaded;
}

/** The file read; `unreadable`: its text is not (yet) a providers file. */
async function readUserProviders(
  file: string,
): Promise<LoadedUserProviders | { unreadable: string }> {
  let text: string;
  try {
    const opened = await openRegularFile(file, file);
    try {
      const refusal = privacyProblem(file, opened.st);
      if (refusal) return none(file, refusal);
      text = (await readOpened(opened, file, { maxBytes: MAX_BYTES })).toString('utf8');
    } finally {
      await opened.handle.close().catch(logSwallowed('close the providers file of the user'));
    }
  } catch (err) {
    if (err instanceof NotFoundError) return none(null);
    return none(file, `${file} cannot be read: ${(err as Error).message}`);
  }
  if (text.trim() === '') return { ...none(file) };
  const scan = scanJson(text);
  if (!scan.ok) {
    return { unreadable: `${file}:${scan.line}:${scan.column}: not valid JSON (${scan.message})` };
  }
  const value = scan.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { unreadable: `${file}: the top level must be an object: {"providers": [...]}` };
  }
  const read = readProviders((value as Record<string, unknown>).providers, 'user');
  return { file, refused: null, ...read, problems: read.problems.map((p) => located(file, p)) };
}

function located(file: string, p: ProviderProblem): ProviderProblem {
  return { ...p, message: `${file}: ${p.message}` };
}

/**
 * A file that may hold keys must be its owner's alone (POSIX). Windows has no mode
 * bits worth checking here; its profile folder is private by default.
 */
export function privacyProblem(
  file: string,
  st: { mode: number; uid: number },
  platform: NodeJS.Platform = process.platform,
  uid: number | null = typeof process.getuid === 'function' ? process.getuid() : null,
  /** Why the file matters, for the message. */
  why = 'it can hold API keys',
): string | null {
  if (platform === 'win32') return null;
  const shared = st.mode & 0o077;
  if (shared !== 0) {
    const mode = (st.mode & 0o777).toString(8).padStart(4, '0');
    return (
      `${file} may be read or changed by other users (mode ${mode}), and ${why}: ` +
      `nothing in it is used until you run: chmod 600 '${file}'`
    );
  }
  if (uid !== null && st.uid !== uid) {
    return `${file} belongs to another user (uid ${st.uid}); nothing in it is used: it must be your own file`;
  }
  return null;
}
