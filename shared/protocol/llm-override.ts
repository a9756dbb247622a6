/**
 * The one reading of "does this `llm_override` carry credentials": an A2E call's (host,
 * llm-override.ts) and a saved case's (playground/cases.ts) alike. Keys never come
 * from a message or a file a repository carries, so any key whose name holds or names
 * a credential, at any depth, refuses the override — whatever its value, even an empty
 * one, except the empty `provider_credentials` object the A2E schema requires.
 */
import { isCredentialKey } from './credential-keys';

/** The keys an `llm_override` may have (seed 000's LLMConfig). */
export const LLM_OVERRIDE_KEYS: readonly string[] = [
  'provider_name',
  'provider_credentials',
  'provider_config',
  'is_default',
];

/** A key name that holds a credential (`api_key`, `x-auth-token`, `clientSecret`…). */
export function isCredentialName(key: string): boolean {
  return isCredentialKey(key) || /key|secret|token|passw|auth|cookie/i.test(key);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * True when `raw` carries a credential anywhere. `allowEmptyCredentials`: the A2E form,
 * whose schema requires `provider_credentials` (empty is the only value accepted).
 */
export function overrideCarriesCredentials(
  raw: Record<string, unknown>,
  opts: { allowEmptyCredentials: boolean },
): boolean {
  const walk = (v: unknown, depth: number): boolean => {
    // Deeper than any honest override: refuse rather than walk on.
    if (depth > 20) return true;
    if (Array.isArray(v)) return v.some((item) => walk(item, depth + 1));
    if (!isRecord(v)) return false;
    return Object.entries(v).some(([k, inner]) => isCredentialName(k) || walk(inner, depth + 1));
  };
  return Object.entries(raw).some(([k, inner]) => {
    if (k === 'provider_credentials' && opts.allowEmptyCredentials)
      return !(isRecord(inner) && Object.keys(inner).length === 0);
    return isCredentialName(k) || walk(inner, 1);
  });
}
