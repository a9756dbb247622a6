/**
 * Which keys name a credential (`api_key`, `auth-token`, `providerCredentials`…): the
 * validator flags a literal value under one, and a call's or a saved case's
 * `llm_override` is refused for carrying one. Kept apart from the validator so that
 * what only needs the names (the CLI's entry, through saved cases) loads no YAML parser.
 */
const CREDENTIAL_KEYS = new Set([
  'providercredentials',
  'credentials',
  'credential',
  'apikey',
  'key',
  'token',
  'secret',
  'password',
  'passwd',
  'passphrase',
  'authorization',
  'auth',
  'bearer',
  'cookie',
]);
const CREDENTIAL_SUFFIXES = [
  'apikey',
  'token',
  'secret',
  'password',
  'credentials',
  'privatekey',
  'secretkey',
];

/** True when `key` (any case, `-`, `_`, ` ` and `.` ignored) names a credential. */
export function isCredentialKey(key: string): boolean {
  const k = key.toLowerCase().replace(/[-_ .]/g, '');
  return CREDENTIAL_KEYS.has(k) || CREDENTIAL_SUFFIXES.some((s) => k.endsWith(s));
}
