/**
 * Where a provider's key comes from, and where it may go.
 *
 * A key is taken from the environment variable the provider names (`api_key_env`), else
 * from the desktop app's encrypted store (key-store.ts; only for the base_url it was
 * stored for), else from the user's private providers file; never from a workspace or
 * a skill file, never from a message (an A2E `llm_override` carrying credentials is
 * refused before this).
 *
 * A workspace is often someone else's (a cloned repository). Its skill-studio.json
 * could name your `ANTHROPIC_API_KEY` and point `base_url` at a server of its choice;
 * so a key leaves this machine for a workspace provider only when the host is a known
 * public API host or this machine itself, or when the user's own file lists the same
 * provider id with the same base_url (the user approved it).
 */
import type { ProviderConfig, ProviderSet } from './provider-config';

/** Hosts of the public APIs the kinds are made for; a key may always go there. */
const KNOWN_API_HOSTS = new Set([
  'api.anthropic.com',
  'api.openai.com',
  'openrouter.ai',
  'api.groq.com',
  'api.together.xyz',
  'api.mistral.ai',
  'api.deepseek.com',
  'generativelanguage.googleapis.com',
  'api.x.ai',
  'api.fireworks.ai',
]);

export function isLoopbackUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
  } catch {
    return false;
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

export type KeyResolution =
  | { ok: true; key: string | null; from: 'env' | 'keychain' | 'user-file' | 'none' }
  | { ok: false; message: string };

/**
 * The key for `provider`, or why there is none. A provider without `api_key_env` and
 * without a key in the user file runs keyless (Ollama, llama.cpp, LM Studio).
 */
export function resolveApiKey(
  provider: ProviderConfig,
  set: ProviderSet,
  env: NodeJS.ProcessEnv,
  userFile: string | null,
): KeyResolution {
  const userKey = set.userKeys.get(provider.id) ?? null;
  const stored = set.storedKeys?.get(provider.id) ?? null;
  const storedFits = stored !== null && stored.base_url === provider.base_url;
  const fromEnv = provider.api_key_env ? (env[provider.api_key_env] ?? '') : '';
  const [key, from]: [string | null, 'env' | 'keychain' | 'user-file'] =
    fromEnv !== ''
      ? [fromEnv, 'env']
      : storedFits
        ? [stored.key, 'keychain']
        : [userKey, 'user-file'];
  if (key === null) {
    if (stored !== null) {
      return {
        ok: false,
        message:
          `the key stored in the app for provider "${provider.id}" was stored for ${stored.base_url}, ` +
          `and the provider now points at ${provider.base_url}: if you trust that server, store the key again ` +
          '(Settings → Model providers)',
      };
    }
    if (provider.api_key_env) {
      return {
        ok: false,
        message:
          `the provider "${provider.id}" takes its API key from the environment variable ` +
          `${provider.api_key_env}, which is not set: export ${provider.api_key_env}=… in the ` +
          `shell that starts Skill Studio${userFile ? `, or put "api_key" in ${userFile} (chmod 600)` : ''}` +
          (set.storedKeys ? ', or store the key in Settings → Model providers' : ''),
      };
    }
    return { ok: true, key: null, from: 'none' };
  }
  // A key the user stored for this very base_url is their approval of it.
  if (provider.source === 'workspace' && from !== 'keychain' && !keyMayGoTo(provider, set)) {
    return {
      ok: false,
      message:
        `the workspace's provider "${provider.id}" would send your API key to ${hostOf(provider.base_url)}, ` +
        `which is neither a known API host nor this machine; if you trust it, add the same provider ` +
        `(id "${provider.id}", base_url "${provider.base_url}") to your own providers file` +
        (userFile ? ` (${userFile})` : '') +
        (set.storedKeys ? ', or store a key for it in Settings → Model providers' : ''),
    };
  }
  return { ok: true, key, from };
}

function keyMayGoTo(provider: ProviderConfig, set: ProviderSet): boolean {
  if (isLoopbackUrl(provider.base_url)) return true;
  let url: URL;
  try {
    url = new URL(provider.base_url);
  } catch {
    return false;
  }
  if (url.protocol === 'https:' && KNOWN_API_HOSTS.has(url.hostname)) return true;
  return set.approvedByUser.some((p) => p.id === provider.id && p.base_url === provider.base_url);
}

/**
 * Removes every secret from a text meant for a person or a log (provider error
 * messages can echo request headers). Short strings are left alone: they would blank
 * ordinary words.
 */
export function redactSecrets(text: string, secrets: readonly (string | null)[]): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 8) out = out.split(s).join('[redacted]');
  // A header's value (with its scheme word), once: a value already redacted is left
  // alone, so redacting twice never eats the words that follow.
  return out.replace(
    /(authorization|x-api-key)(["']?\s*[:=]\s*["']?)(?!\[redacted\])(?:(?:bearer|basic|token)\s+)?[^\s"',;)}]+/gi,
    '$1$2[redacted]',
  );
}
