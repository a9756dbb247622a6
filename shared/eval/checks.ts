/**
 * The deterministic checks of an eval case, decided by code on one run's evidence: its
 * final answer, the artifacts it wrote, and the tools it called. Judged checks
 * (`expectation`, `rubric`) are the grader's (grader.ts); `runCheck` refuses them.
 *
 * `regex` runs on RE2 (re2js: linear time, through shared/json/json-schema.ts's
 * compileLinearRegExp, which loads it on first use), so a case file can never hang a run
 * with a catastrophic pattern;
 * `json_schema` uses the same ajv configuration as skills' own schemas.
 */
import type { RE2JS } from 're2js';
import { compileLinearRegExp, compileSkillSchema } from '../json/json-schema';
import { errorMessage } from '../errors';
import type { CheckKind, CheckSpec, GradedExpectation } from './types';
import { JUDGED_KINDS } from './types';

/** What a run leaves for the checks to look at. */
export interface RunEvidence {
  answer: string;
  /** Paths of the run's artifacts (outputs), posix, relative. */
  artifacts: string[];
  /** Names of the tools the run called, in order (repeats kept). */
  toolCalls: string[];
}

export type DeterministicCheck = Exclude<CheckSpec, { kind: 'expectation' | 'rubric' }>;
export type JudgedCheck = Extract<CheckSpec, { kind: 'expectation' | 'rubric' }>;

export function isJudged(check: CheckSpec): check is JudgedCheck {
  return (JUDGED_KINDS as readonly CheckKind[]).includes(check.kind);
}

/** The words a check is shown and recorded by (grading.json `text`). */
export function checkText(check: CheckSpec): string {
  switch (check.kind) {
    case 'contains':
      return `contains ${JSON.stringify(check.value)}`;
    case 'not_contains':
      return `does not contain ${JSON.stringify(check.value)}`;
    case 'regex':
      return `matches /${check.pattern}/${check.flags}`;
    case 'json_schema':
      return 'is JSON valid against the schema';
    case 'file_exists':
      return `writes the file ${check.path}`;
    case 'tool_called':
      return `calls the tool ${check.tool}`;
    case 'expectation':
      return check.text;
    case 'rubric':
      return `Rubric: ${check.text}`;
  }
}

export type CompiledRegex = { ok: true; re: RE2JS } | { ok: false; message: string };

const compiledRegexes = new Map<string, CompiledRegex>();
const REGEX_CACHE_LIMIT = 256;

/**
 * A regex check's pattern on RE2, with flags i, m, s; a pattern RE2 cannot run is
 * refused. Compiled once per pattern (a benchmark checks the same one every run).
 */
export function compileRegexCheck(pattern: string, flags: string): CompiledRegex {
  const key = `${flags}/${pattern}`;
  let hit = compiledRegexes.get(key);
  if (!hit) {
    hit = compileRegex(pattern, flags);
    if (compiledRegexes.size >= REGEX_CACHE_LIMIT) compiledRegexes.clear();
    compiledRegexes.set(key, hit);
  }
  return hit;
}

function compileRegex(pattern: string, flags: string): CompiledRegex {
  try {
    // Validates the syntax and refuses backtracking-only constructs; RE2 itself is loaded
    // on the first pattern (json-schema.ts), not by every bundle that can read a case file.
    return { ok: true, re: compileLinearRegExp(pattern, flags) };
  } catch (err) {
    return { ok: false, message: `regex: ${errorMessage(err)}` };
  }
}

/** The answer as JSON: the whole text, else its first ```json fenced block. */
export function answerAsJson(answer: string): { ok: true; value: unknown } | { ok: false } {
  const attempts = [answer.trim()];
  const fence = /```(?:json)?[ \t]*\r?\n([\s\S]*?)```/.exec(answer);
  if (fence) attempts.push(fence[1].trim());
  for (const text of attempts) {
    try {
      return { ok: true, value: JSON.parse(text) as unknown };
    } catch {
      // try the next form
    }
  }
  return { ok: false };
}

function quote(text: string, at: number, length: number): string {
  const from = Math.max(0, at - 40);
  const to = Math.min(text.length, at + length + 40);
  return `${from > 0 ? '…' : ''}${text.slice(from, to)}${to < text.length ? '…' : ''}`;
}

function normalisePath(p: string): string {
  return p
    .replace(/\\/g, '/')
    .replace(/^\.\//, '')
    .replace(/^outputs\//, '');
}

/** Decides one deterministic check, with evidence a reader can verify. */
export function runCheck(check: DeterministicCheck, ev: RunEvidence): GradedExpectation {
  const text = checkText(check);
  const done = (passed: boolean, evidence: string): GradedExpectation => ({
    text,
    passed,
    evidence,
    kind: check.kind,
  });
  switch (check.kind) {
    case 'contains':
    case 'not_contains': {
      const at = ev.answer.indexOf(check.value);
      const found = at >= 0;
      const evidence = found
        ? `found at character ${at}: "${quote(ev.answer, at, check.value.length)}"`
        : `not found in the answer (${ev.answer.length} characters)`;
      return done(check.kind === 'contains' ? found : !found, evidence);
    }
    case 'regex': {
      const compiled = compileRegexCheck(check.pattern, check.flags);
      if (!compiled.ok) return done(false, compiled.message);
      const m = compiled.re.matcher(ev.answer);
      if (m.find()) {
        const start = m.start();
        const matched = m.group() ?? '';
        return done(
          true,
          `matched "${quote(ev.answer, start, matched.length)}" at character ${start}`,
        );
      }
      return done(false, `no match in the answer (${ev.answer.length} characters)`);
    }
    case 'json_schema': {
      const parsed = answerAsJson(ev.answer);
      if (!parsed.ok) return done(false, 'the answer is not JSON (nor has a ```json block)');
      const compiled = compileSkillSchema(check.schema, 'validate');
      if (!compiled.ok) return done(false, `the schema cannot be used: ${compiled.message}`);
      // Validate a copy: the 'validate' configuration fills defaults into what it checks. The
      // value came from JSON.parse, so a JSON round trip copies it exactly (and the shared
      // layer has no structuredClone in its types).
      const ok = compiled.validate(JSON.parse(JSON.stringify(parsed.value)) as unknown);
      if (ok) return done(true, 'the answer is JSON and matches the schema');
      const e = compiled.validate.errors?.[0];
      return done(
        false,
        `JSON, but ${e ? `${e.instancePath || '(root)'} ${e.message ?? ''}`.trim() : 'the schema refuses it'}`,
      );
    }
    case 'file_exists': {
      const want = normalisePath(check.path);
      const hit = ev.artifacts.find((a) => normalisePath(a) === want);
      return hit
        ? done(true, `artifact ${hit} was written`)
        : done(
            false,
            ev.artifacts.length === 0
              ? 'the run wrote no artifacts'
              : `artifacts: ${ev.artifacts.slice(0, 20).join(', ')}`,
          );
    }
    case 'tool_called': {
      const n = ev.toolCalls.filter((t) => t === check.tool).length;
      return n > 0
        ? done(true, `${check.tool} was called ${n} time${n === 1 ? '' : 's'}`)
        : done(
            false,
            ev.toolCalls.length === 0
              ? 'no tool was called'
              : `tools called: ${[...new Set(ev.toolCalls)].join(', ')}`,
          );
    }
  }
}
