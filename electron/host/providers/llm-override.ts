/**
 * The A2E `llm_override` of a call (seed 000, security considerations 2 and 4): a call
 * may choose one of the providers the workspace (or the user) approved, and one of its
 * models, by `provider_name` (the provider id) and `provider_config.model`. Anything
 * else is refused as `unauthorized`:
 *
 * - a provider id that is not configured;
 * - a model the provider's `models` list does not allow;
 * - credentials of any kind (`provider_credentials` with anything in it, or a
 *   credential-named key anywhere in the override: the one check saved cases use,
 *   shared/protocol/llm-override.ts): keys are never taken from a message;
 * - a key LLMConfig does not have (`api_key` beside `provider_name`…);
 * - `provider_config` keys that would redirect the request (`base_url`, headers…).
 *
 * The refusal never repeats what the override carried, so nothing of a credential is
 * echoed or logged.
 */
import type { LLMConfig } from '../../../shared/protocol/a2e';
import {
  LLM_OVERRIDE_KEYS,
  overrideCarriesCredentials,
} from '../../../shared/protocol/llm-override';
import { findProvider, modelAllowed, type ProviderSet } from '../workspace/provider-config';

/** provider_config keys a call may set. */
const ALLOWED_CONFIG_KEYS = new Set(['model']);

/** Null when the override may be used; else why it is refused (safe to show). */
export function checkLlmOverride(override: LLMConfig, set: ProviderSet): string | null {
  const raw = override as unknown as Record<string, unknown>;
  if (overrideCarriesCredentials(raw, { allowEmptyCredentials: true })) {
    return 'an llm_override may not carry credentials: the host uses the keys it holds for the providers the user approved; send provider_name (a provider id) and provider_config.model only';
  }
  const unknown = Object.keys(raw).find((k) => !LLM_OVERRIDE_KEYS.includes(k));
  if (unknown !== undefined)
    return `llm_override may hold only ${LLM_OVERRIDE_KEYS.join(', ')}; "${unknown.slice(0, 40)}" is not accepted`;
  const config = override.provider_config ?? {};
  if (typeof config !== 'object' || Array.isArray(config))
    return 'llm_override.provider_config must be an object such as {"model": "…"}';
  for (const key of Object.keys(config)) {
    if (!ALLOWED_CONFIG_KEYS.has(key))
      return `llm_override.provider_config may only choose the model; "${key.slice(0, 40)}" is not accepted`;
  }
  const id = typeof override.provider_name === 'string' ? override.provider_name : '';
  const provider = findProvider(set, id);
  if (!provider) {
    const ids = set.providers.map((p) => p.id);
    return ids.length === 0
      ? 'no LLM provider is approved on this host, so llm_override cannot choose one'
      : `llm_override names a provider this host has not approved; approved: ${ids.join(', ')}`;
  }
  const model = (config as { model?: unknown }).model;
  if (model !== undefined && (typeof model !== 'string' || !modelAllowed(provider, model))) {
    return `llm_override asks for a model provider "${provider.id}" does not allow; allowed: ${[...new Set([provider.model, ...provider.models])].join(', ')}`;
  }
  return null;
}
