/**
 * The three eval sources of a skill read from their text, with diagnostics (code
 * EVAL_INVALID) at the line and column of the offending value:
 *
 * - the frontmatter's `eval:` key: `checkInlineEvals` is the validator's hook
 *   (shared/skill/validate.ts), and `inlineEvalsOf` reads the cases from SKILL.md text;
 * - evals/evals.json and evals/triggers.json: `evalsJsonSource`, `triggersJsonSource`
 *   (diagnostics carry `file`, the path inside the skill).
 */
import { isMap, isNode, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { scanJson, type JsonPath } from '../json/json-position';
import type { Checker, FieldRef } from '../check/check-context';
import { keyString } from '../check/check-context';
import type { Diagnostic } from '../check/diagnostics';
import { splitFrontmatter } from '../check/frontmatter';
import { YamlSource, type Position } from '../check/yaml-source';
import {
  readEvalsJson,
  readInlineEvals,
  readTriggersJson,
  type EvalProblem,
  type ParsedCases,
  type ParsedTriggers,
  type ValuePath,
} from './parse';
import { EVALS_JSON_PATH, TRIGGERS_JSON_PATH, type EvalCase, type TriggerQuery } from './types';

/** The node at `path` below `node` (the deepest one found when the path runs out). */
function yamlNodeAt(node: Node | null, path: ValuePath, which: 'key' | 'value'): Node | null {
  let cur = node;
  for (let i = 0; i < path.length; i++) {
    const step = path[i];
    const last = i === path.length - 1;
    if (isSeq(cur) && typeof step === 'number') {
      const next = cur.items[step];
      if (!isNode(next)) return cur;
      cur = next;
    } else if (isMap(cur)) {
      const pair = cur.items.find((p) => keyString(p.key) === String(step));
      if (!pair) return cur;
      if (last && which === 'key' && isNode(pair.key)) return pair.key;
      if (!isNode(pair.value)) return isNode(pair.key) ? pair.key : cur;
      cur = pair.value;
    } else return cur;
  }
  return cur;
}

function toDiagnostic(
  p: EvalProblem,
  pos: Position,
  field: string | null,
  file?: string,
): Diagnostic {
  const d: Diagnostic = {
    severity: p.severity,
    code: 'EVAL_INVALID',
    message: p.message,
    line: pos.line,
    column: pos.column,
    field,
  };
  if (file) d.file = file;
  return d;
}

function fieldPath(base: string, path: ValuePath): string {
  return path.reduce<string>(
    (acc, s) => (typeof s === 'number' ? `${acc}[${s}]` : `${acc}.${s}`),
    base,
  );
}

/** The validator's hook: checks the frontmatter's `eval:` value where it is written. */
export function checkInlineEvals(c: Checker, f: FieldRef | undefined): void {
  // A value that is no list is the field check's (FIELD_TYPE); said once, not twice.
  if (!f || !Array.isArray(f.value)) return;
  const locate = (path: ValuePath, which: 'key' | 'value' = 'value'): Position =>
    c.src.node(yamlNodeAt(f.valueNode, path, which), f.valuePos);
  const { problems } = readInlineEvals(f.value, (path) => locate(path).line);
  for (const p of problems)
    c.diagnostics.push(toDiagnostic(p, locate(p.path, p.at), fieldPath('eval', p.path)));
}

/** A case or query left out for its errors; the caller knows the file it came from. */
export type SkippedInSource = ParsedCases['skipped'][number];

export interface InlineEvals {
  cases: EvalCase[];
  diagnostics: Diagnostic[];
  skipped: SkippedInSource[];
}

/** The inline cases of a SKILL.md text (nothing when its frontmatter cannot be read). */
export function inlineEvalsOf(skillMd: string): InlineEvals {
  const none: InlineEvals = { cases: [], diagnostics: [], skipped: [] };
  const split = splitFrontmatter(skillMd);
  if (split.status !== 'ok') return none;
  const lineCounter = new LineCounter();
  const doc = parseDocument(split.yaml, { lineCounter, prettyErrors: false, uniqueKeys: false });
  if (doc.errors.length > 0 || !isMap(doc.contents)) return none;
  const pair = doc.contents.items.find((p) => keyString(p.key) === 'eval');
  if (!pair) return none;
  const src = new YamlSource(split.yaml, lineCounter, split.yamlStartLine);
  const valueNode = isNode(pair.value) ? pair.value : null;
  const keyPos = src.node(isNode(pair.key) ? pair.key : null, { line: 1, column: 1 });
  let value: unknown;
  try {
    value = valueNode ? valueNode.toJS(doc) : null;
  } catch {
    return none;
  }
  const locate = (path: ValuePath, which: 'key' | 'value' = 'value'): Position =>
    src.node(yamlNodeAt(valueNode, path, which), keyPos);
  const parsed = readInlineEvals(value, (path) => locate(path).line);
  return {
    cases: parsed.cases,
    skipped: parsed.skipped,
    diagnostics: parsed.problems.map((p) =>
      toDiagnostic(p, locate(p.path, p.at), fieldPath('eval', p.path)),
    ),
  };
}

function jsonSource<T>(
  text: string,
  file: string,
  read: (value: unknown, lineOf: (path: ValuePath) => number) => T & { problems: EvalProblem[] },
  /** What a text that is not JSON yields, given the diagnostic that says so. */
  empty: (notJson: Diagnostic) => T,
): T & { diagnostics: Diagnostic[] } {
  const scan = scanJson(text);
  if (!scan.ok) {
    const notJson: Diagnostic = {
      severity: 'error',
      code: 'EVAL_INVALID',
      message: `${file} is not valid JSON: ${scan.message}`,
      line: scan.line,
      column: scan.column,
      field: null,
      file,
    };
    return { ...empty(notJson), diagnostics: [notJson] };
  }
  const locate = (path: ValuePath, which: 'key' | 'value' = 'value') =>
    scan.locate(path as JsonPath, which);
  const parsed = read(scan.value, (path) => locate(path).line);
  return {
    ...parsed,
    diagnostics: parsed.problems.map((p) => toDiagnostic(p, locate(p.path, p.at), null, file)),
  };
}

/** evals/evals.json from its text; a text that is not JSON skips its whole list. */
export function evalsJsonSource(
  text: string,
  skillName?: string,
): {
  cases: EvalCase[];
  skill_name: string | null;
  diagnostics: Diagnostic[];
  skipped: SkippedInSource[];
} {
  const out = jsonSource(
    text,
    EVALS_JSON_PATH,
    (v, lineOf) => readEvalsJson(v, lineOf, skillName),
    (notJson): ParsedCases & { skill_name: string | null } => ({
      cases: [],
      skill_name: null,
      problems: [],
      skipped: [
        {
          source: 'evals-json',
          position: null,
          key: null,
          name: null,
          line: notJson.line,
          reason: notJson.message,
        },
      ],
    }),
  );
  return {
    cases: out.cases,
    skill_name: out.skill_name,
    diagnostics: out.diagnostics,
    skipped: out.skipped,
  };
}

/** evals/triggers.json from its text. */
export function triggersJsonSource(text: string): {
  queries: TriggerQuery[];
  diagnostics: Diagnostic[];
  skipped: SkippedInSource[];
} {
  const out = jsonSource(text, TRIGGERS_JSON_PATH, readTriggersJson, (notJson): ParsedTriggers => ({
    queries: [],
    problems: [],
    skipped: [
      {
        source: 'triggers-json',
        position: null,
        key: null,
        name: null,
        line: notJson.line,
        reason: notJson.message,
      },
    ],
  }));
  return { queries: out.queries, diagnostics: out.diagnostics, skipped: out.skipped };
}
