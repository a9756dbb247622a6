/**
 * Where a provider's key comes from, and where it may go.
 *
 * A key is taken from the environment variable the provider names (`api_key_env`), else
 * from the desktop app's encrypted store (key-store.ts), else from the user's private
 * providers file — each stored key only for the base_url it was saved for; never from a
 * workspace or a skill file, never from a message (an A2E `llm_override` carrying
 * credentials is refused before this).
 *
 * A workspace is often someone else's (a cloned repository): its skill-studio.json could
 * name any variable and point `base_url` at a server of its choice, a port on this
 * machine included. Whether a workspace provider may send the secret is decided by
 * secret-gate.ts; a call that would need an approval the user has not given fails here,
 * before any request, naming what to approve and the command that does it.
 */
import type { ProviderConfig, ProviderSet } from '../workspace/provider-config';
import { approvalMessage, pendingApproval, secretCandidate, type KeySource } from './secret-gate';
import type { PendingApproval } from '../../../shared/api/local-tools';

export type KeyResolution =
  | { ok: true; key: string | null; from: KeySource | 'none' }
  | {
      ok: false;
      /** `approval_required`: the secret is there, but the user has not approved where it goes. */
      code: 'missing' | 'approval_required';
      message: string;
      approval: PendingApproval | null;
    };

/**
 * The key for `provider`, or why there is none. A provider without `api_key_env` and
 * without a key stored for it runs keyless (Ollama, llama.cpp, LM Studio).
 */
export function resolveApiKey(
  provider: ProviderConfig,
  set: ProviderSet,
  env: NodeJS.ProcessEnv,
  userFile: string | null,
): KeyResolution {
  const { candidate, mismatch } = secretCandidate(provider, set, env);
  if (candidate === null) {
    if (mismatch) return { ok: false, code: 'missing', message: mismatch, approval: null };
    return { ok: true, key: null, from: 'none' };
  }
  const approval = pendingApproval(provider, candidate.secret, set);
  if (candidate.key === null) {
    const name = provider.api_key_env ?? '';
    const message =
      mismatch ??
      `the provider "${provider.id}" takes its API key from the environment variable ` +
        `${name}, which is not set: export ${name}=… in the ` +
        `shell that starts Skill Studio${userFile ? `, or put "api_key" in ${userFile} (chmod 600)` : ''}` +
        (set.storedKeys ? ', or store the key in Settings → Model providers' : '');
    return { ok: false, code: 'missing', message, approval };
  }
  if (approval)
    return { ok: false, code: 'approval_required', message: approvalMessage(approval), approval };
  return { ok: true, key: candidate.key, from: candidate.from };
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
