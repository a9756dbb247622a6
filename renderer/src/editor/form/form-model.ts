/**
 * What the Form view shows, derived from the SKILL.md text alone (pure, no React): the
 * frontmatter as parsed, each top-level key's source text (a wrong-typed value is shown
 * as written, never coerced), where a parse error is, which keys the form edits, which
 * known keys it leaves to the text or to other sections, and which keys nobody defines.
 * Run on every change of the text, so it is kept to one YAML parse.
 */
import { isMap, isScalar, LineCounter, parseDocument, type Node } from 'yaml';
import { splitFrontmatter } from '../../../../shared/check/frontmatter';
import { FIELD_BY_KEY } from '../../../../shared/skill/fields';
import type { Diagnostic } from '../../../../shared/check/diagnostics';

export interface FormKey {
  key: string;
  /** The value as YAML reads it. */
  value: unknown;
  /** The value as written in the file (for raw display). */
  source: string;
  /** 1-based line of the key in the file. */
  line: number;
}

export type FormRead =
  | { kind: 'no-frontmatter'; message: string }
  | { kind: 'parse-error'; message: string; line: number; column: number }
  | { kind: 'ok'; frontmatter: Record<string, unknown>; keys: FormKey[] };

/** Reads the frontmatter for the form: one parse, keys in file order. */
export function readFormFrontmatter(text: string): FormRead {
  const split = splitFrontmatter(text);
  if (split.status === 'missing')
    return { kind: 'no-frontmatter', message: 'SKILL.md has no frontmatter (--- lines).' };
  if (split.status === 'unclosed')
    return {
      kind: 'parse-error',
      message: 'The frontmatter has no closing --- line.',
      line: 1,
      column: 1,
    };
  const lineCounter = new LineCounter();
  const doc = parseDocument(split.yaml, { lineCounter, prettyErrors: false });
  const error = doc.errors[0];
  if (error) {
    const pos = lineCounter.linePos(error.pos[0]);
    return {
      kind: 'parse-error',
      message: error.message.split('\n')[0],
      line: split.yamlStartLine + pos.line - 1,
      column: pos.col,
    };
  }
  if (doc.contents === null) return { kind: 'ok', frontmatter: {}, keys: [] };
  if (!isMap(doc.contents))
    return {
      kind: 'parse-error',
      message: 'The frontmatter is not a map of keys to values.',
      line: split.yamlStartLine,
      column: 1,
    };
  const frontmatter: Record<string, unknown> = {};
  const keys: FormKey[] = [];
  for (const pair of doc.contents.items) {
    if (!isScalar(pair.key)) continue;
    const key = String(pair.key.value);
    const valueNode = pair.value as Node | null;
    const value: unknown = valueNode ? valueNode.toJSON() : null;
    frontmatter[key] = value;
    const range = valueNode?.range;
    keys.push({
      key,
      value,
      source: range ? split.yaml.slice(range[0], range[1]).replace(/\s+$/, '') : '',
      line: split.yamlStartLine + lineCounter.linePos(pair.key.range?.[0] ?? 0).line - 1,
    });
  }
  return { kind: 'ok', frontmatter, keys };
}

/** Keys the Form edits with its own fields (top of the form, then the extensions). */
export const CORE_FORM_KEYS = [
  'name',
  'description',
  'license',
  'compatibility',
  'allowed-tools',
  'metadata',
] as const;

export const EXTENSION_FORM_KEYS = [
  'version',
  'tags',
  'category',
  'triggers',
  'when_to_use',
  'argument-hint',
  'argument_hint',
  'status',
  'timeout_seconds',
  'max_turns',
  'entrypoint',
  'tools',
] as const;

/** Keys the schema builder section edits. */
export const SCHEMA_KEYS = ['input_schema', 'output_schema'] as const;

const FORM_KEYS: ReadonlySet<string> = new Set<string>([
  ...CORE_FORM_KEYS,
  ...EXTENSION_FORM_KEYS,
  ...SCHEMA_KEYS,
]);

export type KeyKind = 'form' | 'other-known' | 'unknown';

/** Whether the form edits a key, knows it but leaves it to the text, or nobody defines it. */
export function keyKind(key: string): KeyKind {
  if (FORM_KEYS.has(key)) return 'form';
  return FIELD_BY_KEY.has(key) ? 'other-known' : 'unknown';
}

/** The diagnostics of one key (the key itself or anything under it). */
export function diagnosticsFor(diagnostics: readonly Diagnostic[], key: string): Diagnostic[] {
  return diagnostics.filter(
    (d) =>
      d.field !== null &&
      (d.field === key || d.field.startsWith(`${key}.`) || d.field.startsWith(`${key}[`)),
  );
}

/** Characters as the validator counts them (code points). */
export function charCount(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/**
 * `allowed-tools` as a list of entries: a string is split on blanks outside
 * parentheses (`Bash(git add:*) Read` is two tools), a list is taken as it is.
 */
export function toolEntries(value: unknown): string[] | null {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value))
    return value.every((v) => typeof v === 'string') ? (value as string[]) : null;
  if (typeof value !== 'string') return null;
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of value) {
    if (c === '(') depth++;
    if (c === ')') depth = Math.max(0, depth - 1);
    if (/\s/.test(c) && depth === 0) {
      if (current) out.push(current);
      current = '';
    } else current += c;
  }
  if (current) out.push(current);
  return out;
}

/** True when a value is a plain string list (what chips can edit). */
export function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

/** True when a value is a map of strings (what key/value rows can edit). */
export function isStringMap(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}

/** License suggestions: the SPDX identifiers skills use most, and the file convention. */
export const SPDX_SUGGESTIONS = [
  'MIT',
  'Apache-2.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'ISC',
  'MPL-2.0',
  'GPL-2.0-only',
  'GPL-3.0-only',
  'GPL-3.0-or-later',
  'LGPL-3.0-only',
  'AGPL-3.0-only',
  'CC0-1.0',
  'CC-BY-4.0',
  'CC-BY-SA-4.0',
  'Unlicense',
  'Proprietary',
  'Complete terms in LICENSE.txt',
] as const;

/**
 * Tool names the agent clients document for `allowed-tools` (Claude Code's built-in
 * tools; other clients read the same names or ignore the key).
 */
export const CLIENT_TOOL_NAMES = [
  'Bash',
  'Read',
  'Write',
  'Edit',
  'MultiEdit',
  'Glob',
  'Grep',
  'LS',
  'WebFetch',
  'WebSearch',
  'NotebookEdit',
  'Task',
  'TodoWrite',
] as const;
