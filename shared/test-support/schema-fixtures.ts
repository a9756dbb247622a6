/**
 * Schema fixtures for the tests of the JSON-Schema module and of the schema builder:
 * patterns RE2 can and cannot run, written once so both test the same cases.
 */

/** A string property constrained by `pattern`. */
export function patterned(pattern: string, extra: Record<string, unknown> = {}) {
  return { type: 'string', pattern, ...extra };
}

/** Patterns RE2 refuses, by what they use. */
export const UNSAFE = {
  backreference: '^(a)\\1$',
  lookahead: '^(?=.*\\d).+$',
  lookbehind: '(?<!x)y',
} as const;
