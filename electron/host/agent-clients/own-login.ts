/**
 * "Use the client's own login" (`run_in.own_login`, `call --client ID --own-login`): the
 * relay forwards to the client's default API with the client's own auth passed through
 * (`auth: passthrough`), and the run gets only the user's existing credential, read-only:
 * an API key from the studio's environment or from the client's own credential file, or
 * (Claude Code's sign-in) a copy of its credential file in the run's HOME, deleted with
 * the run. The user's files are only read; nothing is ever written back.
 */
import { lstat, readFile } from 'node:fs/promises';
import path from 'node:path';
import { agentClientName } from './ids';
import { ClientRunRefused } from './core/refused';
import type { AgentClientId, ProviderKind } from './core/types';

/** A credential file larger than this is no login file. */
const MAX_CREDENTIAL_BYTES = 256 * 1024;

export interface OwnLogin {
  kind: ProviderKind;
  /** The client's default API root (what the relay forwards to). */
  baseUrl: string;
  model: string;
  /** The key the client sends (in its usual key setting), or null when a file carries the login. */
  key: string | null;
  /** Credential files copied, read-only, into the run's HOME (`to` is HOME-relative). */
  files: { from: string; to: string }[];
  /** Every credential value, to keep out of records, events and history. */
  secrets: string[];
  /** Where it came from, for the run's status line ("ANTHROPIC_API_KEY"). */
  source: string;
}

/** The clients' default API roots; tests point them at a fake server. */
export type DefaultApis = Partial<Record<ProviderKind, string>>;

export const DEFAULT_APIS: Readonly<Record<ProviderKind, string>> = {
  anthropic: 'https://api.anthropic.com',
  'openai-compatible': 'https://api.openai.com/v1',
  gemini: 'https://generativelanguage.googleapis.com',
};

interface KeySource {
  kind: ProviderKind;
  model: string;
  env: readonly string[];
  /** A HOME-relative JSON file and how a key is read from it. */
  file?: { rel: string; key: (json: unknown) => string | null };
}

/**
 * Sign-ins that exist but cannot go through the relay: they talk to another API than the
 * one the run's config points the client at. Named when found, so a refusal says why.
 */
const UNUSABLE: Readonly<Partial<Record<AgentClientId, { rel: string; why: string }[]>>> = {
  codex: [{ rel: '.codex/auth.json', why: 'holds a ChatGPT sign-in, not an API key' }],
  'gemini-cli': [
    { rel: '.gemini/oauth_creds.json', why: 'is a Google sign-in, which talks to another API' },
  ],
};

const field =
  (...keys: string[]) =>
  (json: unknown): string | null => {
    let v: unknown = json;
    for (const k of keys)
      v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
    return typeof v === 'string' && v.trim() !== '' ? v : null;
  };

/** Where each client keeps its login (its documentation), in the order tried. */
const SOURCES: Readonly<Record<AgentClientId, readonly KeySource[]>> = {
  'claude-code': [{ kind: 'anthropic', model: 'claude-sonnet-4-5', env: ['ANTHROPIC_API_KEY'] }],
  codex: [
    {
      kind: 'openai-compatible',
      model: 'gpt-5-codex',
      env: ['CODEX_API_KEY', 'OPENAI_API_KEY'],
      // `codex login --with-api-key` keeps the key here; a ChatGPT sign-in has none.
      file: { rel: '.codex/auth.json', key: field('OPENAI_API_KEY') },
    },
  ],
  'gemini-cli': [
    { kind: 'gemini', model: 'gemini-2.5-flash', env: ['GEMINI_API_KEY', 'GOOGLE_API_KEY'] },
  ],
  opencode: [
    {
      kind: 'anthropic',
      model: 'claude-sonnet-4-5',
      env: ['ANTHROPIC_API_KEY'],
      file: { rel: '.local/share/opencode/auth.json', key: field('anthropic', 'key') },
    },
    {
      kind: 'openai-compatible',
      model: 'gpt-5',
      env: ['OPENAI_API_KEY'],
      file: { rel: '.local/share/opencode/auth.json', key: field('openai', 'key') },
    },
  ],
};

/** Claude Code's sign-in (claude.ai / Console OAuth), read from its config folder. */
const CLAUDE_CREDENTIALS = '.claude/.credentials.json';

/** A regular file's text (never through a link), or null. */
async function readPlain(file: string): Promise<string | null> {
  const st = await lstat(file).catch(() => null);
  if (!st || !st.isFile() || st.size > MAX_CREDENTIAL_BYTES) return null;
  return readFile(file, 'utf8').catch(() => null);
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Every string in a credential file that could be a token. */
function stringsOf(json: unknown, out: string[] = []): string[] {
  if (typeof json === 'string') {
    if (json.length >= 12) out.push(json);
  } else if (json !== null && typeof json === 'object')
    for (const v of Object.values(json as Record<string, unknown>)) stringsOf(v, out);
  return out;
}

/**
 * The client's own login, found in `env` or under `home`; refused naming every place
 * looked when there is none. `model` overrides the client's usual model.
 */
export async function findOwnLogin(
  id: AgentClientId,
  env: NodeJS.ProcessEnv,
  home: string | null,
  opts: { model?: string; apis?: DefaultApis } = {},
): Promise<OwnLogin> {
  const looked: string[] = [];
  const apiOf = (kind: ProviderKind) => opts.apis?.[kind] ?? DEFAULT_APIS[kind];
  for (const s of SOURCES[id]) {
    const from = (key: string, source: string, extra: string[] = []): OwnLogin => ({
      kind: s.kind,
      baseUrl: apiOf(s.kind),
      model: opts.model ?? s.model,
      key,
      files: [],
      secrets: [key, ...extra],
      source,
    });
    for (const name of s.env) {
      looked.push(`${name} in the environment`);
      const v = env[name];
      if (v && v.trim() !== '') return from(v.trim(), name);
    }
    if (s.file) {
      looked.push(`~/${s.file.rel}`);
      if (home) {
        const json = parseJson(await readPlain(path.join(home, ...s.file.rel.split('/'))));
        const key = s.file.key(json);
        if (key) return from(key, `~/${s.file.rel}`, stringsOf(json));
      }
    }
  }
  if (id === 'claude-code') {
    looked.push(`~/${CLAUDE_CREDENTIALS}`);
    const from = home ? path.join(home, ...CLAUDE_CREDENTIALS.split('/')) : null;
    const json = from ? parseJson(await readPlain(from)) : null;
    if (from && json !== null && typeof json === 'object')
      return {
        kind: 'anthropic',
        baseUrl: apiOf('anthropic'),
        model: opts.model ?? 'claude-sonnet-4-5',
        key: null,
        files: [{ from, to: CLAUDE_CREDENTIALS }],
        secrets: stringsOf(json),
        source: `~/${CLAUDE_CREDENTIALS}`,
      };
  }
  const notes: string[] = [];
  for (const u of UNUSABLE[id] ?? []) {
    if (!looked.includes(`~/${u.rel}`)) looked.push(`~/${u.rel}`);
    if (home && (await readPlain(path.join(home, ...u.rel.split('/')))) !== null)
      notes.push(`~/${u.rel} ${u.why}; set an API key instead`);
  }
  throw new ClientRunRefused(
    `${agentClientName(id)}'s own login was not found: looked for ${looked.join(', ')}` +
      `${notes.length > 0 ? ` (${notes.join('; ')})` : ''}` +
      `${home ? '' : ' (no home folder to look in)'}; sign in to ${agentClientName(id)} or pick a provider instead`,
  );
}
