/**
 * Saved cases: a call kept next to its skill as `tests/cases/<name>.json`, so it
 * can be re-run by anyone (the playground, `skill-studio test`, CI). The file is
 * plain, git-friendly JSON:
 *
 *   {"name", "arguments", "timeout"?, "llm_override"?, "expect": {"success", "data"?, "summary_contains"?}}
 *
 * `llm_override` (a model run's case) names the provider and model the call runs on,
 * as the A2E call's own `llm_override` does: {"provider_name", "provider_config":
 * {"model"}} — never credentials (a case with any is refused).
 *
 * `expect.data` is a partial match: every key it names must match (recursively);
 * keys it leaves out are not checked; arrays match element by element and must
 * have the same length.
 */
import type { SkillCallResponse } from '../protocol/a2e';
import { escapeSegment, isPlainObject } from './json-path';
import { parseJsonText } from '../json/json-position';
import { overrideCarriesCredentials } from '../protocol/llm-override';

export const CASES_DIR = 'tests/cases';

export interface CaseExpect {
  success: boolean;
  data?: unknown;
  summary_contains?: string;
}

/** The provider and model a model run's case runs on (no credentials, ever). */
export interface CaseLlmOverride {
  provider_name: string;
  provider_config?: { model: string };
}

export interface SavedCase {
  name: string;
  arguments: Record<string, unknown>;
  timeout?: number;
  llm_override?: CaseLlmOverride;
  expect: CaseExpect;
}

export interface CaseCheck {
  pass: boolean;
  /** One line per mismatch, naming where. */
  failures: string[];
}

const CASE_NAME = /^[a-z0-9][a-z0-9._-]{0,79}$/;

/** Whether `name` can be a case file name as is. */
export function isValidCaseName(name: string): boolean {
  return CASE_NAME.test(name) && !name.includes('..');
}

/** A case name made from anything a person typed: lower case, dashes, no path characters. */
export function slugCaseName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^[-._]+|[-._]+$/g, '')
    .slice(0, 80);
}

export function caseFilePath(name: string): string {
  return `${CASES_DIR}/${name}.json`;
}

export function serializeCase(c: SavedCase): string {
  const out: Record<string, unknown> = { name: c.name, arguments: c.arguments };
  if (c.timeout !== undefined) out.timeout = c.timeout;
  if (c.llm_override !== undefined) out.llm_override = c.llm_override;
  const expect: Record<string, unknown> = { success: c.expect.success };
  if (c.expect.data !== undefined) expect.data = c.expect.data;
  if (c.expect.summary_contains !== undefined) expect.summary_contains = c.expect.summary_contains;
  out.expect = expect;
  return JSON.stringify(out, null, 2) + '\n';
}

export type ParsedCase = { ok: true; case: SavedCase } | { ok: false; message: string };

/** Reads a case file's text; every problem names the file (and the line for JSON errors). */
export function parseCase(text: string, file: string): ParsedCase {
  const parsed = parseJsonText(text);
  if (!parsed.ok) {
    const where = parsed.line === null ? '' : `:${parsed.line}:${parsed.column}`;
    return { ok: false, message: `${file}${where}: not valid JSON (${parsed.message})` };
  }
  const raw = parsed.value;
  const bad = (why: string): ParsedCase => ({ ok: false, message: `${file}: ${why}` });
  if (!isPlainObject(raw)) return bad('a case must be a JSON object {name, arguments, expect}');
  if (typeof raw.name !== 'string' || raw.name.trim() === '')
    return bad('"name" must be a non-empty string');
  if (raw.arguments !== undefined && !isPlainObject(raw.arguments))
    return bad('"arguments" must be a JSON object');
  if (raw.timeout !== undefined && (typeof raw.timeout !== 'number' || !(raw.timeout > 0)))
    return bad('"timeout" must be a positive number of seconds');
  const llm = readLlmOverride(raw.llm_override);
  if (typeof llm === 'string') return bad(llm);
  if (!isPlainObject(raw.expect))
    return bad('"expect" must be an object with at least {"success": true|false}');
  if (typeof raw.expect.success !== 'boolean') return bad('"expect.success" must be true or false');
  if (
    raw.expect.summary_contains !== undefined &&
    typeof raw.expect.summary_contains !== 'string'
  ) {
    return bad('"expect.summary_contains" must be a string');
  }
  const expect: CaseExpect = { success: raw.expect.success };
  if (raw.expect.data !== undefined) expect.data = raw.expect.data;
  if (typeof raw.expect.summary_contains === 'string')
    expect.summary_contains = raw.expect.summary_contains;
  const c: SavedCase = {
    name: raw.name,
    arguments: (raw.arguments as Record<string, unknown> | undefined) ?? {},
    expect,
  };
  if (typeof raw.timeout === 'number') c.timeout = raw.timeout;
  if (llm) c.llm_override = llm;
  return { ok: true, case: c };
}

/** A case's `llm_override`, undefined when absent, or why it is wrong. */
function readLlmOverride(raw: unknown): CaseLlmOverride | undefined | string {
  if (raw === undefined || raw === null) return undefined;
  const shape = '"llm_override" must be {"provider_name": "…", "provider_config": {"model": "…"}}';
  if (!isPlainObject(raw)) return shape;
  if (overrideCarriesCredentials(raw, { allowEmptyCredentials: false }))
    return '"llm_override" may not carry credentials: a case names a configured provider, whose key stays where the studio keeps keys';
  if (typeof raw.provider_name !== 'string' || raw.provider_name === '') return shape;
  const out: CaseLlmOverride = { provider_name: raw.provider_name };
  if (raw.provider_config !== undefined) {
    const cfg = raw.provider_config;
    if (!isPlainObject(cfg) || typeof cfg.model !== 'string' || cfg.model === '') return shape;
    out.provider_config = { model: cfg.model };
  }
  return out;
}

function show(v: unknown): string {
  const s = JSON.stringify(v);
  return s === undefined ? 'undefined' : s.length > 80 ? s.slice(0, 79) + '…' : s;
}

/** Mismatches of `actual` against the partial `expected`, each naming its JSON Pointer. */
export function partialMismatches(expected: unknown, actual: unknown, at = ''): string[] {
  const where = at === '' ? 'data' : `data${at}`;
  if (isPlainObject(expected)) {
    if (!isPlainObject(actual)) return [`${where}: expected an object, got ${show(actual)}`];
    const out: string[] = [];
    for (const [k, v] of Object.entries(expected)) {
      const ptr = `${at}/${escapeSegment(k)}`;
      if (!(k in actual)) out.push(`data${ptr}: missing (expected ${show(v)})`);
      else out.push(...partialMismatches(v, actual[k], ptr));
    }
    return out;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${where}: expected an array, got ${show(actual)}`];
    if (actual.length !== expected.length)
      return [`${where}: expected ${expected.length} items, got ${actual.length}`];
    return expected.flatMap((v, i) => partialMismatches(v, actual[i], `${at}/${i}`));
  }
  if (expected === actual || (Number.isNaN(expected) && Number.isNaN(actual))) return [];
  return [`${where}: expected ${show(expected)}, got ${show(actual)}`];
}

/** Whether a call's response meets a case's expectations. */
export function checkCase(c: SavedCase, resp: SkillCallResponse): CaseCheck {
  const failures: string[] = [];
  const result = resp.data;
  const success = !resp.error && result?.success === true;
  if (success !== c.expect.success) {
    const why = resp.error
      ? `${resp.error.code}: ${resp.error.message}`
      : result && !result.success
        ? `${result.error_code ?? 'failed'}: ${result.error ?? ''}`
        : 'it succeeded';
    failures.push(`success: expected ${c.expect.success}, got ${success} (${why})`);
  }
  if (c.expect.data !== undefined) failures.push(...partialMismatches(c.expect.data, result?.data));
  if (c.expect.summary_contains !== undefined) {
    const summary =
      typeof result?.summary === 'string' ? result.summary : JSON.stringify(result?.summary ?? '');
    if (!summary.includes(c.expect.summary_contains)) {
      failures.push(
        `summary: expected it to contain ${show(c.expect.summary_contains)}, got ${show(summary)}`,
      );
    }
  }
  return { pass: failures.length === 0, failures };
}

/**
 * A case from a finished call: expects what happened (data kept when it is small). A
 * model run's case keeps its provider and model, and expects success only: a model's
 * words differ from run to run (and from model to model, on a rerun with another), so
 * pinning them would fail every time; add `summary_contains` by hand for what must be said.
 */
export function caseFromCall(
  name: string,
  args: Record<string, unknown>,
  timeout: number | undefined,
  result: { success: boolean; data?: unknown } | null,
  llm?: { provider_name?: unknown; provider_config?: unknown } | null,
): SavedCase {
  const expect: CaseExpect = { success: result?.success === true };
  const override = llm
    ? readLlmOverride({ provider_name: llm.provider_name, provider_config: llm.provider_config })
    : undefined;
  const modelRun = typeof override === 'object';
  if (!modelRun && result?.success && result.data !== undefined && result.data !== null) {
    const json = JSON.stringify(result.data);
    if (json !== undefined && json.length <= 4096) expect.data = result.data;
  }
  const c: SavedCase = { name, arguments: args, expect };
  if (timeout !== undefined) c.timeout = timeout;
  if (modelRun) c.llm_override = override;
  return c;
}

/** One case file of a skill as listed: its case, or why it cannot be read. */
export interface CaseFileInfo {
  /** Path relative to the skill root, e.g. tests/cases/two-fish.json. */
  file: string;
  /** The case's name (the file name when the file cannot be read). */
  name: string;
  case: SavedCase | null;
  error: string | null;
}

export interface CaseReport {
  file: string;
  name: string;
  pass: boolean;
  failures: string[];
  duration_ms: number;
  /** How the call ended (null when the case file could not be read). */
  success: boolean | null;
  summary: string | null;
  error_code: string | null;
}

export interface CaseRunReport {
  skill: string;
  cases: CaseReport[];
  passed: number;
  failed: number;
}
