/**
 * Which secret a provider would send, and whether it may go where the provider points.
 *
 * A provider of the user's own file may send what it names: the user wrote it. A
 * workspace provider (skill-studio.json, often a cloned repository) sends a secret only
 * when one of these holds:
 *
 * - the user's own file has the same provider (id, base_url, and for a variable the same
 *   `api_key_env`): the workspace can do nothing the user's entry does not already do;
 * - the host is a built-in public API over https on its usual port, and the secret is a
 *   variable conventional for it (`ANTHROPIC_API_KEY` for api.anthropic.com…) or a key
 *   the user stored for that very base_url;
 * - the user approved this workspace, this secret and this origin (provider-approvals.ts).
 *
 * Loopback is not trusted by itself: another local user may be listening on the port.
 * A key from the user's providers file or the app's store is used only for the base_url
 * it was saved for, whatever id a workspace gives its provider.
 */
import { isApproved, originOf } from './provider-approvals';
import type { PendingApproval, SecretRef } from '../../../shared/api/local-tools';
import type { ProviderConfig, ProviderSet } from '../workspace/provider-config';

/** The built-in public API hosts and the variables conventional for each. */
const PUBLIC_API_HOSTS: Record<string, { name: string; vars: readonly string[] }> = {
  'api.anthropic.com': { name: 'Anthropic', vars: ['ANTHROPIC_API_KEY'] },
  'api.openai.com': { name: 'OpenAI', vars: ['OPENAI_API_KEY'] },
  'openrouter.ai': { name: 'OpenRouter', vars: ['OPENROUTER_API_KEY'] },
  'api.groq.com': { name: 'Groq', vars: ['GROQ_API_KEY'] },
  'api.together.xyz': { name: 'Together AI', vars: ['TOGETHER_API_KEY'] },
  'api.mistral.ai': { name: 'Mistral', vars: ['MISTRAL_API_KEY'] },
  'api.deepseek.com': { name: 'DeepSeek', vars: ['DEEPSEEK_API_KEY'] },
  'generativelanguage.googleapis.com': {
    name: 'Google',
    vars: ['GEMINI_API_KEY', 'GOOGLE_API_KEY'],
  },
  'api.x.ai': { name: 'xAI', vars: ['XAI_API_KEY'] },
  'api.fireworks.ai': { name: 'Fireworks', vars: ['FIREWORKS_API_KEY'] },
};

/** The public API at `origin` (https, port 443), or null. */
function publicApiAt(
  origin: string,
): { host: string; name: string; vars: readonly string[] } | null {
  const m = /^https:\/\/([^:/]+):443$/.exec(origin);
  const api = m ? PUBLIC_API_HOSTS[m[1]] : undefined;
  return m && api ? { host: m[1], ...api } : null;
}

export type KeySource = 'env' | 'keychain' | 'user-file';

/** The secret a provider would send; `key` is null when it is not there (variable unset). */
export interface SecretCandidate {
  secret: SecretRef;
  key: string | null;
  from: KeySource;
}

/** `$NAME`, or the stored key in words. */
export function describeSecret(secret: SecretRef): string {
  const colon = secret.indexOf(':');
  const kind = secret.slice(0, colon);
  const name = secret.slice(colon + 1);
  if (kind === 'env') return `$${name}`;
  if (kind === 'keychain') return `the key stored in the app for "${name}"`;
  return `the api_key of "${name}" in your providers file`;
}

export function approveCommand(id: string): string {
  return `skill-studio providers approve ${id}`;
}

/**
 * The secret `provider` would send, or null (a keyless provider), plus why a stored key
 * of the same id is not used (saved for another base_url).
 */
export function secretCandidate(
  provider: ProviderConfig,
  set: ProviderSet,
  env: NodeJS.ProcessEnv,
): { candidate: SecretCandidate | null; mismatch: string | null } {
  const varName = provider.api_key_env;
  const fromEnv = varName ? (env[varName] ?? '') : '';
  if (varName && fromEnv !== '')
    return { candidate: { secret: `env:${varName}`, key: fromEnv, from: 'env' }, mismatch: null };
  let mismatch: string | null = null;
  const stored = set.storedKeys?.get(provider.id) ?? null;
  if (stored) {
    if (stored.base_url === provider.base_url)
      return {
        candidate: { secret: `keychain:${provider.id}`, key: stored.key, from: 'keychain' },
        mismatch: null,
      };
    mismatch =
      `the key stored in the app for provider "${provider.id}" was stored for ${stored.base_url}, ` +
      `and the provider now points at ${provider.base_url}: if you trust that server, store the key again ` +
      '(Settings → Model providers)';
  }
  const userKey = set.userKeys.get(provider.id) ?? null;
  const savedFor = set.approvedByUser.find((p) => p.id === provider.id)?.base_url ?? null;
  if (userKey !== null) {
    if (savedFor === provider.base_url)
      return {
        candidate: { secret: `user-file:${provider.id}`, key: userKey, from: 'user-file' },
        mismatch: null,
      };
    mismatch ??=
      `the api_key of provider "${provider.id}" in your providers file is for ${savedFor ?? 'another server'}, ` +
      `and the workspace's provider of that id points at ${provider.base_url}: the key goes only where you saved it for`;
  }
  // Unset: still the variable the provider would send, so it can be approved beforehand.
  if (varName) return { candidate: { secret: `env:${varName}`, key: null, from: 'env' }, mismatch };
  return { candidate: null, mismatch };
}

/** Null when `provider` may send `secret` to its base_url; else what waits for approval. */
export function pendingApproval(
  provider: ProviderConfig,
  secret: SecretRef,
  set: ProviderSet,
): PendingApproval | null {
  if (provider.source === 'user') return null;
  const origin = originOf(provider.base_url) ?? provider.base_url;
  const own = set.approvedByUser.find(
    (p) => p.id === provider.id && p.base_url === provider.base_url,
  );
  const isVar = secret.startsWith('env:');
  if (own && (!isVar || secret === `env:${own.api_key_env ?? ''}`)) return null;
  const api = publicApiAt(origin);
  if (api && (!isVar || api.vars.includes(secret.slice(4)))) return null;
  if (isApproved(set.approvals, set.workspace, secret, origin)) return null;
  const reason = api
    ? `${api.host} is ${api.name}'s API, which gets only ${api.vars.join(' or ')} unless you approve another variable`
    : 'a workspace provider sends a secret only where you approved it (a port on this machine too: another user may listen there)';
  return {
    provider: provider.id,
    secret,
    what: describeSecret(secret),
    origin,
    workspace: set.workspace,
    reason,
    command: approveCommand(provider.id),
  };
}

/** The refusal of a call that would need `pending`, naming what to approve and how. */
export function approvalMessage(p: PendingApproval): string {
  const where = p.workspace ? ` for this workspace (${p.workspace})` : '';
  const how = p.workspace
    ? `if you trust that server with it, run: ${p.command} (or Approve in Settings → Model providers)`
    : `if you trust that server with it, run in the workspace: ${p.command}`;
  return `the workspace's provider "${p.provider}" would send ${p.what} to ${p.origin}, which you have not approved${where}: ${p.reason}; ${how}`;
}
