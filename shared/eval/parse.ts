/**
 * Reads eval cases and trigger queries from plain values (what YAML or JSON parsed to),
 * whatever file they came from. Problems are reported with the path of the offending
 * value inside the source (`[0, 'expect', 2]`); the caller turns a path into a line and
 * column of its own file (eval-sources.ts), so one reader serves the frontmatter's
 * `eval:` and the two JSON files alike.
 *
 * Never throws: a malformed source yields the cases that were readable and problems for
 * the rest.
 */
import { compileSkillSchema } from '../json/json-schema';
import { isPlainMap as isPlainObject } from '../check/check-context';
import { compileRegexCheck } from './checks';
import type { CheckSpec, EvalCase, SkippedCase, TriggerQuery } from './types';
import type { Severity } from '../check/diagnostics';

export type ValuePath = (string | number)[];

export interface EvalProblem {
  severity: Severity;
  message: string;
  path: ValuePath;
  /** Point at the key rather than its value (unknown keys). */
  at: 'key' | 'value';
}

export interface ParsedCases {
  cases: EvalCase[];
  problems: EvalProblem[];
  /** The cases left out for their errors, or the whole list when it cannot be read. */
  skipped: Omit<SkippedCase, 'file'>[];
}

export interface ParsedTriggers {
  queries: TriggerQuery[];
  problems: EvalProblem[];
  /** The queries left out for their errors, or the whole list when it cannot be read. */
  skipped: Omit<SkippedCase, 'file'>[];
}

/** The one-key object forms of a check, in the order the docs list them. */
export const CHECK_KEYS = [
  'contains',
  'not_contains',
  'regex',
  'json_schema',
  'file_exists',
  'tool_called',
  'expectation',
  'rubric',
] as const;

class Problems {
  readonly list: EvalProblem[] = [];
  error(message: string, path: ValuePath, at: 'key' | 'value' = 'value'): void {
    this.list.push({ severity: 'error', message, path, at });
  }
  warning(message: string, path: ValuePath, at: 'key' | 'value' = 'value'): void {
    this.list.push({ severity: 'warning', message, path, at });
  }
}

function describe(v: unknown): string {
  if (v === null || v === undefined) return 'nothing';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a map';
  if (typeof v === 'string') return v.trim() === '' ? 'a blank string' : 'a string';
  return `${typeof v} ${String(v)}`;
}

function nonBlank(v: unknown): v is string {
  return typeof v === 'string' && v.trim() !== '';
}

/** One check written as a string (judged) or a one-key object; null when unusable. */
export function readCheck(raw: unknown, path: ValuePath, p: Problems): CheckSpec | null {
  if (typeof raw === 'string') {
    if (raw.trim() === '') {
      p.error('an expectation must not be blank', path);
      return null;
    }
    return { kind: 'expectation', text: raw };
  }
  if (!isPlainObject(raw)) {
    p.error(`a check is a string or a map such as {contains: "…"}, not ${describe(raw)}`, path);
    return null;
  }
  const keys = Object.keys(raw).filter((k) => k !== 'flags');
  const known = keys.filter((k) => (CHECK_KEYS as readonly string[]).includes(k));
  if (known.length !== 1) {
    const unknown = keys.filter((k) => !(CHECK_KEYS as readonly string[]).includes(k));
    p.error(
      known.length > 1
        ? `a check has exactly one of ${CHECK_KEYS.join(', ')}; this one has ${known.join(' and ')}`
        : `unknown check ${unknown.map((k) => `"${k}"`).join(', ') || '(empty map)'}: use one of ${CHECK_KEYS.join(', ')}`,
      unknown.length > 0 ? [...path, unknown[0]] : path,
      unknown.length > 0 ? 'key' : 'value',
    );
    return null;
  }
  const key = known[0];
  const value = raw[key];
  const at = [...path, key];
  if ('flags' in raw && key !== 'regex') {
    p.error('"flags" belongs to a regex check only', [...path, 'flags'], 'key');
  }
  switch (key) {
    case 'contains':
    case 'not_contains':
    case 'expectation':
    case 'rubric':
      if (typeof value !== 'string' || value === '') {
        p.error(`${key} takes a non-empty string, not ${describe(value)}`, at);
        return null;
      }
      return key === 'contains' || key === 'not_contains'
        ? { kind: key, value }
        : { kind: key, text: value };
    case 'file_exists':
      if (!nonBlank(value)) {
        p.error(`file_exists takes a path, not ${describe(value)}`, at);
        return null;
      }
      return { kind: 'file_exists', path: value };
    case 'tool_called':
      if (!nonBlank(value)) {
        p.error(`tool_called takes a tool name, not ${describe(value)}`, at);
        return null;
      }
      return { kind: 'tool_called', tool: value };
    case 'regex': {
      const flags = raw.flags ?? '';
      if (typeof flags !== 'string' || !/^[ims]{0,3}$/.test(flags)) {
        p.error('flags is a string of i, m and s (e.g. "i")', [...path, 'flags']);
        return null;
      }
      if (typeof value !== 'string' || value === '') {
        p.error(`regex takes a pattern string, not ${describe(value)}`, at);
        return null;
      }
      const compiled = compileRegexCheck(value, flags);
      if (!compiled.ok) {
        p.error(compiled.message, at);
        return null;
      }
      return { kind: 'regex', pattern: value, flags };
    }
    case 'json_schema': {
      if (!isPlainObject(value)) {
        p.error(`json_schema takes a JSON Schema object, not ${describe(value)}`, at);
        return null;
      }
      const compiled = compileSkillSchema(value, 'validate');
      if (!compiled.ok) {
        p.error(`json_schema is not a usable schema: ${compiled.message}`, at);
        return null;
      }
      return { kind: 'json_schema', schema: value };
    }
  }
  return null;
}

function readChecks(raw: unknown, path: ValuePath, p: Problems, wrap?: 'rubric'): CheckSpec[] {
  // `expect: "contains citations"` (the RFC): one judged expectation.
  const items = typeof raw === 'string' ? [raw] : raw;
  if (!Array.isArray(items)) {
    p.error(`expected a list of checks, not ${describe(raw)}`, path);
    return [];
  }
  const out: CheckSpec[] = [];
  items.forEach((item, i) => {
    const itemPath = typeof raw === 'string' ? path : [...path, i];
    if (wrap === 'rubric') {
      if (!nonBlank(item)) {
        p.error(`a rubric is a non-empty string, not ${describe(item)}`, itemPath);
        return;
      }
      out.push({ kind: 'rubric', text: item });
      return;
    }
    const check = readCheck(item, itemPath, p);
    if (check) out.push(check);
  });
  return out;
}

function readFiles(raw: unknown, path: ValuePath, p: Problems): string[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    p.error(`files is a list of paths inside the skill, not ${describe(raw)}`, path);
    return [];
  }
  const out: string[] = [];
  raw.forEach((f, i) => {
    if (!nonBlank(f)) p.error('a file is a path inside the skill', [...path, i]);
    else if (f.startsWith('/') || f.split(/[\\/]/).includes('..'))
      p.error(`"${f}" leaves the skill: files are paths inside its folder`, [...path, i]);
    else out.push(f);
  });
  return out;
}

/** The start of a prompt, for a case without a name. */
export function nameFromPrompt(prompt: string): string {
  const flat = prompt.replace(/\s+/g, ' ').trim();
  return flat.length <= 60 ? flat : `${flat.slice(0, 59)}…`;
}

const INLINE_KEYS = [
  'id',
  'name',
  'prompt',
  'expect',
  'rubrics',
  'checks',
  'expected_output',
  'files',
];
const EVALS_JSON_KEYS = [
  'id',
  'name',
  'eval_name',
  'prompt',
  'expected_output',
  'files',
  'expectations',
  'assertions',
];

interface CaseShape {
  source: 'inline' | 'evals-json';
  keys: readonly string[];
  /** The keys that hold checks, and how. */
  checkKeys: readonly { key: string; wrap?: 'rubric' }[];
}

const INLINE_SHAPE: CaseShape = {
  source: 'inline',
  keys: INLINE_KEYS,
  checkKeys: [{ key: 'expect' }, { key: 'checks' }, { key: 'rubrics', wrap: 'rubric' }],
};
const EVALS_JSON_SHAPE: CaseShape = {
  source: 'evals-json',
  keys: EVALS_JSON_KEYS,
  checkKeys: [{ key: 'expectations' }, { key: 'assertions' }],
};

type Skipped = ParsedCases['skipped'];

/** The whole list of a source as one skipped entry: its first error says why. */
function listSkipped(
  source: SkippedCase['source'],
  p: Problems,
  lineOf: (path: ValuePath) => number,
): Skipped {
  const first = p.list.find((x) => x.severity === 'error');
  if (!first) return [];
  return [
    {
      source,
      position: null,
      key: null,
      name: null,
      line: lineOf(first.path),
      reason: first.message,
    },
  ];
}

function readCaseList(
  list: unknown[],
  base: ValuePath,
  shape: CaseShape,
  lineOf: (path: ValuePath) => number,
  p: Problems,
  skipped: Skipped,
): EvalCase[] {
  const cases: EvalCase[] = [];
  const seen = new Map<number, number>();
  list.forEach((raw, i) => {
    const path = [...base, i];
    const start = p.list.length;
    const skip = (key: string | null, name: string | null): void => {
      const first = p.list.slice(start).find((x) => x.severity === 'error');
      skipped.push({
        source: shape.source,
        position: i + 1,
        key,
        name,
        line: lineOf(path),
        reason: first?.message ?? 'the case has no prompt',
      });
    };
    if (!isPlainObject(raw)) {
      p.error(`a case is a map with a prompt, not ${describe(raw)}`, path);
      skip(null, null);
      return;
    }
    const before = p.list.filter((x) => x.severity === 'error').length;
    for (const key of Object.keys(raw)) {
      if (!shape.keys.includes(key))
        p.warning(
          `unknown key "${key}" in an eval case (known: ${shape.keys.join(', ')})`,
          [...path, key],
          'key',
        );
    }
    if (!nonBlank(raw.prompt)) {
      p.error(
        raw.prompt === undefined
          ? 'the case has no prompt'
          : `prompt is a non-empty string, not ${describe(raw.prompt)}`,
        raw.prompt === undefined ? path : [...path, 'prompt'],
      );
    }
    let id = i + 1;
    if (raw.id !== undefined) {
      if (typeof raw.id === 'number' && Number.isInteger(raw.id) && raw.id >= 0) id = raw.id;
      else p.error(`id is a whole number ≥ 0, not ${describe(raw.id)}`, [...path, 'id']);
    } else if (shape.source === 'evals-json') {
      p.warning(`the case has no id; it is numbered ${id} by its position`, path);
    }
    if (seen.has(id))
      p.error(`id ${id} is used twice (also by case ${seen.get(id)! + 1})`, [...path, 'id']);
    seen.set(id, i);
    const nameRaw = raw.name ?? raw.eval_name;
    if (nameRaw !== undefined && typeof nameRaw !== 'string')
      p.error(`name is a string, not ${describe(nameRaw)}`, [
        ...path,
        raw.name !== undefined ? 'name' : 'eval_name',
      ]);
    const expected = raw.expected_output;
    if (expected !== undefined && expected !== null && typeof expected !== 'string')
      p.error(`expected_output is a string, not ${describe(expected)}`, [
        ...path,
        'expected_output',
      ]);
    if (raw.expectations !== undefined && raw.assertions !== undefined)
      p.warning(
        'both expectations and assertions are given: both are checked',
        [...path, 'assertions'],
        'key',
      );
    const checks: CheckSpec[] = [];
    for (const { key, wrap } of shape.checkKeys) {
      if (raw[key] === undefined || raw[key] === null) continue;
      checks.push(...readChecks(raw[key], [...path, key], p, wrap));
    }
    const files = readFiles(raw.files, [...path, 'files'], p);
    const wroteChecks = shape.checkKeys.some(
      ({ key }) => raw[key] !== undefined && raw[key] !== null,
    );
    if (!wroteChecks && nonBlank(raw.prompt))
      p.warning(
        shape.source === 'inline'
          ? 'the case checks nothing: add expect, rubrics or checks'
          : 'the case checks nothing: add expectations',
        path,
      );
    const errorsNow = p.list.filter((x) => x.severity === 'error').length;
    if (errorsNow > before || !nonBlank(raw.prompt)) {
      const idRead =
        raw.id === undefined ||
        (typeof raw.id === 'number' && Number.isInteger(raw.id) && raw.id >= 0);
      skip(idRead ? `${shape.source}#${id}` : null, typeof nameRaw === 'string' ? nameRaw : null);
      return;
    }
    const prompt = raw.prompt as string;
    cases.push({
      id,
      key: `${shape.source}#${id}`,
      name: typeof nameRaw === 'string' && nameRaw.trim() !== '' ? nameRaw : nameFromPrompt(prompt),
      prompt,
      expected_output: typeof expected === 'string' ? expected : null,
      files,
      checks,
      source: shape.source,
      line: lineOf(path),
    });
  });
  return cases;
}

/** The frontmatter's `eval:` value (already parsed from YAML). */
export function readInlineEvals(
  value: unknown,
  lineOf: (path: ValuePath) => number = () => 0,
): ParsedCases {
  const p = new Problems();
  if (value === undefined || value === null) return { cases: [], problems: [], skipped: [] };
  if (!Array.isArray(value)) {
    p.error(`eval is a list of cases ({prompt, expect}), not ${describe(value)}`, []);
    return { cases: [], problems: p.list, skipped: listSkipped('inline', p, lineOf) };
  }
  const skipped: Skipped = [];
  const cases = readCaseList(value, [], INLINE_SHAPE, lineOf, p, skipped);
  return { cases, problems: p.list, skipped };
}

/** evals/evals.json, parsed: `{skill_name, evals: [...]}` (a bare list is accepted with a warning). */
export function readEvalsJson(
  value: unknown,
  lineOf: (path: ValuePath) => number = () => 0,
  skillName?: string,
): ParsedCases & { skill_name: string | null } {
  const p = new Problems();
  let list: unknown;
  let base: ValuePath = ['evals'];
  let name: string | null = null;
  if (Array.isArray(value)) {
    p.warning(
      'evals.json is a map {"skill_name": …, "evals": [...]}; a bare list is read as its evals',
      [],
    );
    list = value;
    base = [];
  } else if (isPlainObject(value)) {
    for (const key of Object.keys(value))
      if (key !== 'skill_name' && key !== 'evals')
        p.warning(`unknown key "${key}" (known: skill_name, evals)`, [key], 'key');
    if (value.skill_name !== undefined) {
      if (typeof value.skill_name !== 'string') p.error('skill_name is a string', ['skill_name']);
      else {
        name = value.skill_name;
        if (skillName !== undefined && name !== skillName)
          p.warning(`skill_name is "${name}" but the skill is named "${skillName}"`, [
            'skill_name',
          ]);
      }
    }
    list = value.evals;
    if (list === undefined) {
      p.error('evals.json has no "evals" list', []);
      return {
        cases: [],
        problems: p.list,
        skill_name: name,
        skipped: listSkipped('evals-json', p, lineOf),
      };
    }
  } else {
    p.error(`evals.json is a map {"skill_name": …, "evals": [...]}, not ${describe(value)}`, []);
    return {
      cases: [],
      problems: p.list,
      skill_name: null,
      skipped: listSkipped('evals-json', p, lineOf),
    };
  }
  if (!Array.isArray(list)) {
    p.error(`"evals" is a list of cases, not ${describe(list)}`, base);
    return {
      cases: [],
      problems: p.list,
      skill_name: name,
      skipped: listSkipped('evals-json', p, lineOf),
    };
  }
  const skipped: Skipped = [];
  return {
    cases: readCaseList(list, base, EVALS_JSON_SHAPE, lineOf, p, skipped),
    problems: p.list,
    skill_name: name,
    skipped,
  };
}

/** evals/triggers.json, parsed: `[{query, should_trigger}]`. */
export function readTriggersJson(
  value: unknown,
  lineOf: (path: ValuePath) => number = () => 0,
): ParsedTriggers {
  const p = new Problems();
  if (!Array.isArray(value)) {
    p.error(
      `triggers.json is a list of {"query": …, "should_trigger": true|false}, not ${describe(value)}`,
      [],
    );
    return { queries: [], problems: p.list, skipped: listSkipped('triggers-json', p, lineOf) };
  }
  const queries: TriggerQuery[] = [];
  const skipped: ParsedTriggers['skipped'] = [];
  const seen = new Set<string>();
  value.forEach((raw, i) => {
    const start = p.list.length;
    const skip = (name: string | null): void => {
      const first = p.list.slice(start).find((x) => x.severity === 'error');
      skipped.push({
        source: 'triggers-json',
        position: i + 1,
        key: null,
        name,
        line: lineOf([i]),
        reason: first?.message ?? 'the entry cannot be read',
      });
    };
    if (!isPlainObject(raw)) {
      p.error(`a trigger query is a map {"query", "should_trigger"}, not ${describe(raw)}`, [i]);
      skip(null);
      return;
    }
    for (const key of Object.keys(raw))
      if (key !== 'query' && key !== 'should_trigger')
        p.warning(`unknown key "${key}" (known: query, should_trigger)`, [i, key], 'key');
    let ok = true;
    if (!nonBlank(raw.query)) {
      p.error(
        raw.query === undefined ? 'the entry has no query' : 'query is a non-empty string',
        raw.query === undefined ? [i] : [i, 'query'],
      );
      ok = false;
    }
    if (typeof raw.should_trigger !== 'boolean') {
      p.error(
        raw.should_trigger === undefined
          ? 'the entry has no should_trigger (true or false)'
          : `should_trigger is true or false, not ${describe(raw.should_trigger)}`,
        raw.should_trigger === undefined ? [i] : [i, 'should_trigger'],
      );
      ok = false;
    }
    if (!ok) {
      skip(nonBlank(raw.query) ? raw.query : null);
      return;
    }
    const query = raw.query as string;
    if (seen.has(query))
      p.warning("this query is listed twice (skill-creator's scripts count it once)", [i, 'query']);
    seen.add(query);
    queries.push({ query, should_trigger: raw.should_trigger as boolean, line: lineOf([i]) });
  });
  return { queries, problems: p.list, skipped };
}

export { Problems as EvalProblems };
