/**
 * Editor help for the SKILL.md frontmatter, as pure functions over text so they
 * are tested without Monaco: which key is under the cursor (hover docs), what to
 * complete (keys, enum values), and quick fixes for the obvious diagnostics.
 * Lines and columns are 1-based like Monaco's and the diagnostics'.
 */
import { splitFrontmatter } from '../../../shared/check/frontmatter';
import {
  AGENT_FIELDS,
  FIELD_BY_KEY,
  FRONTMATTER_FIELDS,
  LLM_CONFIG_FIELDS,
  suggestKey,
  type FieldInfo,
} from '../../../shared/skill/fields';
import type { Diagnostic } from '../../../shared/check/diagnostics';
import { suggestName } from '../../../shared/skill/name-rules';

export interface FrontmatterRange {
  /** First and last YAML line (1-based, inclusive); last < first when empty. */
  first: number;
  last: number;
}

export function frontmatterRange(text: string): FrontmatterRange | null {
  const split = splitFrontmatter(text);
  if (split.status !== 'ok') {
    // While typing, an unclosed frontmatter is still frontmatter: help with it too.
    if (split.status === 'unclosed') return { first: 2, last: text.split('\n').length };
    return null;
  }
  return { first: split.yamlStartLine, last: split.bodyStartLine - 2 };
}

const KEY_LINE = /^(\s*)(-\s+)?([A-Za-z0-9_][\w.-]*|"[^"]*"|'[^']*')\s*:(?=\s|$)/;

interface KeyOnLine {
  indent: number;
  key: string;
  /** 1-based columns of the key token: [start, end). */
  start: number;
  end: number;
}

function keyOnLine(line: string): KeyOnLine | null {
  const m = KEY_LINE.exec(line);
  if (!m) return null;
  const indent = m[1].length + (m[2]?.length ?? 0);
  const rawKey = m[3];
  const key = rawKey.startsWith('"') || rawKey.startsWith("'") ? rawKey.slice(1, -1) : rawKey;
  return { indent, key, start: indent + 1, end: indent + 1 + rawKey.length };
}

/** The chain of keys enclosing line `lineNo` (top-level first), the line's own key last. */
function keyPath(lines: string[], range: FrontmatterRange, lineNo: number): string[] {
  const own = keyOnLine(lines[lineNo - 1] ?? '');
  const path: string[] = own ? [own.key] : [];
  let indent = own ? own.indent : (/^\s*/.exec(lines[lineNo - 1] ?? '')?.[0].length ?? 0);
  for (let n = lineNo - 1; n >= range.first && indent > 0; n--) {
    const k = keyOnLine(lines[n - 1] ?? '');
    if (k && k.indent < indent) {
      path.unshift(k.key);
      indent = k.indent;
    }
  }
  return path;
}

/** The catalogue entry for a key path: top-level keys, llm_config.*, agents.<name>.*. */
export function fieldForPath(path: readonly string[]): FieldInfo | null {
  if (path.length === 1) return FIELD_BY_KEY.get(path[0]) ?? null;
  if (path.length === 2 && path[0] === 'llm_config')
    return LLM_CONFIG_FIELDS.find((f) => f.key === path[1]) ?? null;
  if (path.length === 3 && path[0] === 'agents')
    return AGENT_FIELDS.find((f) => f.key === path[2]) ?? null;
  return null;
}

export interface HoverInfo {
  field: FieldInfo;
  path: string[];
  line: number;
  start: number;
  end: number;
}

/** Documentation for the frontmatter key under (line, column), if any. */
export function hoverAt(text: string, line: number, column: number): HoverInfo | null {
  const range = frontmatterRange(text);
  if (!range || line < range.first || line > range.last) return null;
  const lines = text.split(/\r?\n/);
  const own = keyOnLine(lines[line - 1] ?? '');
  if (!own || column < own.start || column > own.end) return null;
  const path = keyPath(lines, range, line);
  const field = fieldForPath(path);
  return field ? { field, path, line, start: own.start, end: own.end } : null;
}

export function hoverMarkdown(info: HoverInfo): string {
  const f = info.field;
  const where = f.portable ? 'portable (agentskills.io)' : `studio extension (${f.group})`;
  const values = f.enum ? `\n\nValues: ${f.enum.map((v) => `\`${v}\``).join(', ')}` : '';
  return `**${info.path.join('.')}** — ${f.type}\n\n${f.doc}${values}\n\n_${where}_`;
}

export type CompletionItem =
  | { kind: 'key'; label: string; insertText: string; detail: string; documentation: string }
  | { kind: 'value'; label: string; insertText: string; detail: string; documentation: string };

function presentTopLevelKeys(lines: string[], range: FrontmatterRange): Set<string> {
  const keys = new Set<string>();
  for (let n = range.first; n <= range.last; n++) {
    const k = keyOnLine(lines[n - 1] ?? '');
    if (k && k.indent === 0) keys.add(k.key);
  }
  return keys;
}

function valuesFor(field: FieldInfo): string[] | null {
  if (field.enum) return [...field.enum];
  if (field.type === 'boolean') return ['true', 'false'];
  return null;
}

/**
 * Keys that differ only by `_` and `-` are one key in two spellings (A2E's
 * `argument_hint`, Claude Code's `argument-hint`). Completion offers one of them:
 * the hyphenated spelling, which every consumer reads (A2E reads both), with
 * the other spelling named in its documentation.
 */
interface KeyChoice {
  field: FieldInfo;
  /** The other spellings of the same key. */
  aliases: FieldInfo[];
}

function spellingKey(key: string): string {
  return key.replace(/_/g, '-');
}

function keyChoices(fields: readonly FieldInfo[]): KeyChoice[] {
  const bySpelling = new Map<string, FieldInfo[]>();
  for (const field of fields) {
    const same = bySpelling.get(spellingKey(field.key));
    if (same) same.push(field);
    else bySpelling.set(spellingKey(field.key), [field]);
  }
  return [...bySpelling.values()].map((spellings) => {
    const field = spellings.find((f) => !f.key.includes('_')) ?? spellings[0];
    return { field, aliases: spellings.filter((f) => f !== field) };
  });
}

function keyDocumentation({ field, aliases }: KeyChoice): string {
  if (aliases.length === 0) return field.doc;
  const also = aliases.map((a) => `\`${a.key}\` (${a.group})`).join(', ');
  return `${field.doc}\n\nAlso spelled ${also}; write one spelling only.`;
}

/**
 * Completions at (line, column): keys at the start of a frontmatter line, and a
 * key's known values (enumerations, booleans) while its first value word is typed.
 * Anything else in a value gets nothing: free text is never "completed".
 */
export function completionsAt(text: string, line: number, column: number): CompletionItem[] {
  const range = frontmatterRange(text);
  if (!range || line < range.first || line > Math.max(range.last, range.first)) return [];
  const lines = text.split(/\r?\n/);
  const current = lines[line - 1] ?? '';
  const before = current.slice(0, column - 1);
  const own = keyOnLine(current);
  if (own && before.length >= own.end) {
    // After "key:" — offer the field's known values, only while the first word is typed.
    const typed = before.slice(before.indexOf(':', own.end - 1) + 1);
    if (!/^\s*[\w.-]*$/.test(typed)) return [];
    const field = fieldForPath(keyPath(lines, range, line));
    const values = field ? valuesFor(field) : null;
    if (!field || !values) return [];
    return values.map((v) => ({
      kind: 'value',
      label: v,
      insertText: v,
      detail: field.key,
      documentation: field.doc,
    }));
  }
  const indent = /^\s*/.exec(before)?.[0].length ?? 0;
  if (!/^\s*[\w-]*$/.test(before)) return [];
  let candidates: readonly FieldInfo[];
  let present = new Set<string>();
  if (indent === 0) {
    present = presentTopLevelKeys(lines, range);
    candidates = FRONTMATTER_FIELDS;
  } else {
    const parent = keyPath(lines, range, line);
    // keyPath of a line without its own key gives the enclosing keys.
    const enclosing = own ? parent.slice(0, -1) : parent;
    if (enclosing.length === 1 && enclosing[0] === 'llm_config') candidates = LLM_CONFIG_FIELDS;
    else if (enclosing.length === 2 && enclosing[0] === 'agents') candidates = AGENT_FIELDS;
    else return [];
  }
  const presentSpellings = new Set([...present].map(spellingKey));
  return keyChoices(candidates)
    .filter((choice) => !presentSpellings.has(spellingKey(choice.field.key)))
    .map((choice) => ({
      kind: 'key',
      label: choice.field.key,
      insertText: `${choice.field.key}: `,
      detail: choice.field.type,
      documentation: keyDocumentation(choice),
    }));
}

export interface TextEdit {
  line: number;
  startColumn: number;
  endColumn: number;
  text: string;
}

export interface QuickFix {
  title: string;
  edit: TextEdit;
  /** The diagnostic code this fixes. */
  code: string;
}

interface ValueSpan {
  start: number; // 1-based
  end: number; // exclusive
  value: string; // unquoted
}

/** Where the scalar value of `key: value` sits on a line (comments excluded). */
function valueSpan(line: string): ValueSpan | null {
  const k = keyOnLine(line);
  if (!k) return null;
  let i = line.indexOf(':', k.end - 1) + 1;
  while (line[i] === ' ' || line[i] === '\t') i++;
  let raw = line.slice(i);
  const comment = /\s+#/.exec(raw);
  if (comment && !raw.startsWith('"') && !raw.startsWith("'")) raw = raw.slice(0, comment.index);
  raw = raw.replace(/\s+$/, '');
  if (!raw) return null;
  let value = raw;
  if ((raw.startsWith('"') && raw.endsWith('"')) || (raw.startsWith("'") && raw.endsWith("'")))
    value = raw.slice(1, -1);
  return { start: i + 1, end: i + 1 + raw.length, value };
}

function findTopLevelKeyLine(lines: string[], range: FrontmatterRange, key: string): number | null {
  for (let n = range.first; n <= range.last; n++) {
    const k = keyOnLine(lines[n - 1] ?? '');
    if (k && k.indent === 0 && k.key === key) return n;
  }
  return null;
}

function quoteYaml(value: string): string {
  return JSON.stringify(value);
}

/** Whether a plain (unquoted) YAML scalar holds ': ' — YAML then reads a nested mapping. */
function needsQuoting(line: string): ValueSpan | null {
  const span = valueSpan(line);
  if (!span) return null;
  const raw = line.slice(span.start - 1, span.end - 1);
  if (/^["'|>[{&*!]/.test(raw)) return null;
  return raw.includes(': ') || raw.endsWith(':') ? span : null;
}

export function quickFixesFor(
  text: string,
  diagnostic: Diagnostic,
  skillFolderName: string,
): QuickFix[] {
  const range = frontmatterRange(text);
  if (!range) return [];
  const lines = text.split(/\r?\n/);
  const fixes: QuickFix[] = [];
  const nameFix = (title: string, compute: (current: string) => string) => {
    const n = findTopLevelKeyLine(lines, range, 'name');
    if (n === null) return;
    const span = valueSpan(lines[n - 1]);
    if (!span) return;
    const next = compute(span.value);
    if (next === span.value || !next) return;
    fixes.push({
      title,
      code: diagnostic.code,
      edit: { line: n, startColumn: span.start, endColumn: span.end, text: next },
    });
  };
  switch (diagnostic.code) {
    case 'NAME_NOT_LOWERCASE':
    case 'NAME_INVALID_CHARS':
    case 'NAME_HYPHEN_EDGE':
    case 'NAME_CONSECUTIVE_HYPHENS':
    case 'NAME_TOO_LONG': {
      // One suggester for every name rule: the fix must give a valid name, not just a lowercase one.
      const n = findTopLevelKeyLine(lines, range, 'name');
      const current = n === null ? null : valueSpan(lines[n - 1])?.value;
      if (current) nameFix(`Use the valid name "${suggestName(current)}"`, suggestName);
      break;
    }
    case 'UNKNOWN_FIELD': {
      // Did-you-mean: rename a near-miss key (allowed_tools → allowed-tools) where it is written.
      const k = keyOnLine(lines[diagnostic.line - 1] ?? '');
      const near = k && k.indent === 0 ? suggestKey(k.key) : null;
      if (k && near) {
        fixes.push({
          title: `Rename the key to "${near}"`,
          code: diagnostic.code,
          edit: { line: diagnostic.line, startColumn: k.start, endColumn: k.end, text: near },
        });
      }
      break;
    }
    case 'NAME_DIR_MISMATCH':
      if (skillFolderName)
        nameFix(`Set the name to the folder name "${skillFolderName}"`, () => skillFolderName);
      break;
    default:
      break;
  }
  // A YAML error on (or just after) a line whose value holds ": " — offer to quote it.
  if (
    diagnostic.code === 'FRONTMATTER_YAML' ||
    diagnostic.code === 'FRONTMATTER_NOT_MAPPING' ||
    diagnostic.code === 'FIELD_TYPE'
  ) {
    for (const n of [diagnostic.line, diagnostic.line - 1]) {
      if (n < range.first || n > range.last) continue;
      const span = needsQuoting(lines[n - 1]);
      if (span) {
        fixes.push({
          title: 'Quote the value (it contains ": ")',
          code: diagnostic.code,
          edit: {
            line: n,
            startColumn: span.start,
            endColumn: span.end,
            text: quoteYaml(lines[n - 1].slice(span.start - 1, span.end - 1)),
          },
        });
        break;
      }
    }
  }
  return fixes;
}

/** Applies one edit to a text (used by tests and by the new-skill flow). */
export function applyEdit(text: string, edit: TextEdit): string {
  const lines = text.split('\n');
  const line = lines[edit.line - 1];
  if (line === undefined) return text;
  lines[edit.line - 1] =
    line.slice(0, edit.startColumn - 1) + edit.text + line.slice(edit.endColumn - 1);
  return lines.join('\n');
}
