/**
 * The `providers` list (docs/contracts.md, Discovery and Providers): which LLM providers and models
 * calls may use, read from `skill-studio.json` and from a user-level file of the same shape.
 *
 *   "providers": [{"id", "kind": "anthropic"|"openai-compatible"|"gemini", "base_url"?, "model",
 *                  "models"?, "api_key_env"?, "default"?}]
 *
 * Pure functions over parsed JSON: the shape (a JSON Schema the workspace loader checks
 * with positions), the entries the runner can use, and the literal keys that must never
 * sit in a workspace file (reported like CREDENTIALS_IN_FILE). Keys themselves are
 * resolved elsewhere (api-keys.ts), never from here.
 */
import { isCredentialKey } from '../../../shared/protocol/credential-keys';
import type { JsonPath } from '../../../shared/json/json-position';
import type { ProviderApproval } from '../../../shared/api/local-tools';

/** `gemini` is Google's generateContent API (`/v1beta/models/M:generateContent`). */
export const PROVIDER_KINDS = ['anthropic', 'openai-compatible', 'gemini'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

/** Where an entry came from: the workspace's skill-studio.json or the user's own file. */
export type ProviderSource = 'workspace' | 'user';

export interface ProviderConfig {
  id: string;
  kind: ProviderKind;
  /** As written, or the kind's public endpoint when absent. */
  base_url: string;
  model: string;
  /**
   * The models calls may choose, as written; empty means any (`model` is always allowed).
   * Pickers offer `model` first, then these.
   */
  models: string[];
  /** The environment variable that holds the key, or null (local servers need none). */
  api_key_env: string | null;
  default: boolean;
  source: ProviderSource;
}

/** The public endpoints used when `base_url` is left out. */
export const DEFAULT_BASE_URLS: Record<ProviderKind, string> = {
  anthropic: 'https://api.anthropic.com',
  'openai-compatible': 'https://api.openai.com/v1',
  gemini: 'https://generativelanguage.googleapis.com',
};

const ENV_NAME = '^[A-Za-z_][A-Za-z0-9_]*$';

/** JSON Schema (draft-07) of the `providers` key; skill-studio.json's schema embeds it. */
export const PROVIDERS_SCHEMA = {
  description:
    'LLM providers and models calls may use. Keys never live here: name the environment variable that holds one in api_key_env.',
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'kind', 'model'],
    properties: {
      id: { type: 'string', minLength: 1, pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$' },
      kind: { enum: [...PROVIDER_KINDS] },
      base_url: { type: 'string', pattern: '^https?://' },
      model: { type: 'string', minLength: 1 },
      models: { type: 'array', items: { type: 'string', minLength: 1 } },
      api_key_env: { type: 'string', pattern: ENV_NAME },
      default: { type: 'boolean' },
    },
  },
} as const;

/** One problem found in a providers list, at a JSON path of the file. */
export interface ProviderProblem {
  severity: 'error' | 'warning';
  /** CREDENTIALS_IN_FILE for a literal key; WORKSPACE_CONFIG otherwise. */
  code: 'CREDENTIALS_IN_FILE' | 'WORKSPACE_CONFIG';
  message: string;
  path: JsonPath;
}

export interface ReadProviders {
  providers: ProviderConfig[];
  problems: ProviderProblem[];
  /** User file only: literal keys by provider id (the file is private to its owner). */
  keys: Map<string, string>;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Strings that are API keys whatever key holds them: a workspace file must not carry
 * one even under an innocent name (`"note": "sk-ant-…"`).
 */
export function looksLikeApiKey(value: string): boolean {
  const v = value.trim();
  return (
    /^sk-(ant|proj|or|live|svcacct)-[A-Za-z0-9_-]{16,}/.test(v) ||
    /^sk-[A-Za-z0-9]{32,}$/.test(v) ||
    /^(gsk|xai|pplx|hf|r8|fw)_[A-Za-z0-9]{20,}$/.test(v) ||
    // Google API keys (Gemini): "AIza" and 35 more.
    /^AIza[0-9A-Za-z_-]{35}$/.test(v) ||
    /^Bearer\s+\S{16,}$/i.test(v)
  );
}

/**
 * Every literal credential in a parsed skill-studio.json: a credential-named key with a
 * value inside `providers`, or anywhere a string that looks like an API key.
 */
export function findLiteralKeys(value: unknown): ProviderProblem[] {
  const found: ProviderProblem[] = [];
  const walk = (v: unknown, at: JsonPath, inProviders: boolean, depth: number): void => {
    if (depth > 40) return;
    if (typeof v === 'string') {
      if (looksLikeApiKey(v)) found.push(credentialProblem(at, 'holds what looks like an API key'));
      return;
    }
    if (Array.isArray(v)) {
      v.forEach((item, i) => walk(item, [...at, i], inProviders, depth + 1));
      return;
    }
    if (!isRecord(v)) return;
    for (const [key, inner] of Object.entries(v)) {
      const here = [...at, key];
      const under = inProviders || (at.length === 0 && key === 'providers');
      // api_key_env names a variable; every other credential-named key holds a secret.
      if (under && key !== 'api_key_env' && isCredentialKey(key) && hasValue(inner)) {
        found.push(credentialProblem(here, 'looks like a credential'));
        continue;
      }
      walk(inner, here, under, depth + 1);
    }
  };
  walk(value, [], false, 0);
  return found;
}

function hasValue(v: unknown): boolean {
  if (v === null || v === undefined || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  return !isRecord(v) || Object.keys(v).length > 0;
}

function credentialProblem(at: JsonPath, what: string): ProviderProblem {
  return {
    severity: 'error',
    code: 'CREDENTIALS_IN_FILE',
    message:
      `${describePath(at)} ${what}; a workspace file is shared (git), so keys never live in it: ` +
      'put the key in an environment variable and name it in api_key_env',
    path: at,
  };
}

/**
 * The usable entries of a `providers` value. Invalid entries are left out (the schema
 * check reports why); a repeated id or a second `default` is reported here.
 * `source: 'user'` also takes each entry's literal `api_key` (the user file is 0600).
 */
export function readProviders(value: unknown, source: ProviderSource): ReadProviders {
  const out: ReadProviders = { providers: [], problems: [], keys: new Map() };
  if (value === undefined || value === null) return out;
  if (!Array.isArray(value)) {
    out.problems.push({
      severity: 'error',
      code: 'WORKSPACE_CONFIG',
      message: 'providers must be a list: [{"id", "kind", "base_url", "model", "api_key_env"}]',
      path: ['providers'],
    });
    return out;
  }
  const seen = new Map<string, number>();
  let defaultAt: number | null = null;
  value.forEach((raw, index) => {
    const entry = toProvider(raw, source);
    if (!entry) return;
    const first = seen.get(entry.id);
    if (first !== undefined) {
      out.problems.push({
        severity: 'error',
        code: 'WORKSPACE_CONFIG',
        message: `provider id "${entry.id}" is used twice (providers[${first}] and providers[${index}]); only the first counts`,
        path: ['providers', index, 'id'],
      });
      return;
    }
    seen.set(entry.id, index);
    if (entry.default) {
      if (defaultAt !== null) {
        out.problems.push({
          severity: 'warning',
          code: 'WORKSPACE_CONFIG',
          message: `providers[${defaultAt}] is already the default; providers[${index}] is not`,
          path: ['providers', index, 'default'],
        });
        entry.default = false;
      } else defaultAt = index;
    }
    out.providers.push(entry);
    if (source === 'user' && isRecord(raw) && typeof raw.api_key === 'string' && raw.api_key) {
      out.keys.set(entry.id, raw.api_key);
    }
  });
  return out;
}

export function isProviderKind(v: unknown): v is ProviderKind {
  return (PROVIDER_KINDS as readonly unknown[]).includes(v);
}

function toProvider(raw: unknown, source: ProviderSource): ProviderConfig | null {
  if (!isRecord(raw)) return null;
  const { id, kind, base_url, model, models, api_key_env } = raw;
  if (typeof id !== 'string' || !/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(id)) return null;
  if (!isProviderKind(kind)) return null;
  if (typeof model !== 'string' || model === '') return null;
  if (base_url !== undefined && (typeof base_url !== 'string' || !/^https?:\/\//.test(base_url)))
    return null;
  if (
    api_key_env !== undefined &&
    (typeof api_key_env !== 'string' || !new RegExp(ENV_NAME).test(api_key_env))
  )
    return null;
  const list = Array.isArray(models)
    ? models.filter((m): m is string => typeof m === 'string' && m !== '')
    : [];
  return {
    id,
    kind,
    base_url: (typeof base_url === 'string' ? base_url : DEFAULT_BASE_URLS[kind]).replace(
      /\/+$/,
      '',
    ),
    model,
    models: list,
    api_key_env: typeof api_key_env === 'string' ? api_key_env : null,
    default: raw.default === true,
    source,
  };
}

export interface ProviderSet {
  providers: ProviderConfig[];
  /** Literal keys from the user file, by provider id (each only for its entry's base_url). */
  userKeys: Map<string, string>;
  /** The user's own entries (shadowed ones too): what the user set up. */
  approvedByUser: ProviderConfig[];
  /** The real path of the workspace the `workspace` entries come from, or null. */
  workspace: string | null;
  /** The user's approvals of workspace providers (provider-approvals.ts). */
  approvals: ProviderApproval[];
  /**
   * Keys the desktop app keeps encrypted (key-store.ts), by provider id, each with the
   * base_url it was stored for. Absent in browser mode and the CLI.
   */
  storedKeys?: Map<string, { key: string; base_url: string }>;
}

/**
 * The workspace's providers, then the user's: a workspace entry wins an id both name
 * (the workspace is what the user opened), and the user's entries stay available for
 * work the workspace does not configure.
 */
export function mergeProviders(workspace: ReadProviders, user: ReadProviders): ProviderSet {
  const ids = new Set(workspace.providers.map((p) => p.id));
  return {
    providers: [...workspace.providers, ...user.providers.filter((p) => !ids.has(p.id))],
    userKeys: user.keys,
    approvedByUser: user.providers,
    workspace: null,
    approvals: [],
  };
}

/** The provider a run uses when nothing names one: the first `default`, else the first. */
export function defaultProvider(set: ProviderSet): ProviderConfig | null {
  return set.providers.find((p) => p.default) ?? set.providers[0] ?? null;
}

/** Whether a call may choose `model` on `provider` (an A2E llm_override, `--model`). */
export function modelAllowed(provider: ProviderConfig, model: string): boolean {
  return (
    model === provider.model || provider.models.length === 0 || provider.models.includes(model)
  );
}

export function findProvider(set: ProviderSet, id: string): ProviderConfig | null {
  return set.providers.find((p) => p.id === id) ?? null;
}

/** `providers[0].api_key`, for messages. */
export function describePath(p: JsonPath): string {
  if (p.length === 0) return 'the top level';
  let s = '';
  for (const seg of p) s += typeof seg === 'number' ? `[${seg}]` : s === '' ? seg : `.${seg}`;
  return s;
}

/**
 * What skill-studio.json's loader reports besides the schema: literal keys anywhere in
 * the file (CREDENTIALS_IN_FILE) and repeated provider ids or defaults.
 */
export function workspaceProviderProblems(config: unknown): ProviderProblem[] {
  const problems = findLiteralKeys(config);
  if (isRecord(config) && Array.isArray(config.providers))
    problems.push(...readProviders(config.providers, 'workspace').problems);
  return problems;
}
