/**
 * The grader of judged checks (free-text expectations, rubrics): the prompt a grader
 * model gets, and how its answer is read. The grader answers with JSON only,
 *
 *   {"expectations": [{"text": "…", "passed": true, "evidence": "…"}, …]}
 *
 * one entry per expectation, in the order given (skill-creator's grading.json entries).
 * An answer that is not that JSON is retried once by the caller, then every judged
 * check is recorded as `ungraded`, with the raw answer, and counted as failed.
 */
import { answerAsJson } from './checks';
import type { GradedExpectation } from './types';
import type { JudgedCheck } from './checks';
import { checkText } from './checks';

/** The instructions, shown as they are in the UI (the Evals panel's "grader prompt"). */
export const GRADER_SYSTEM_PROMPT = `You grade the output of an AI assistant against a list of expectations.
For each expectation decide whether the output meets it. Be strict: an expectation passes only
when the output clearly meets it; "probably" or "partly" is a fail. Quote or point at the part of
the output that decides it, as evidence.

Answer with JSON only, no prose and no code fence:
{"expectations": [{"text": "<the expectation, verbatim>", "passed": true|false, "evidence": "<why>"}]}
with exactly one entry per expectation, in the order given.`;

/** Characters of the answer and transcript the grader is shown. */
const MAX_OUTPUT_CHARS = 40_000;
const MAX_TRANSCRIPT_CHARS = 12_000;

function cut(text: string, max: number): string {
  return text.length <= max
    ? text
    : `${text.slice(0, max)}\n[… ${text.length - max} characters cut]`;
}

export interface GraderInput {
  prompt: string;
  expectedOutput: string | null;
  answer: string;
  /** A readable summary of the run's tool calls and steps. */
  transcript: string;
  checks: readonly JudgedCheck[];
}

/** The user turn for the grader. */
export function graderUserPrompt(input: GraderInput): string {
  const lines = ['## Task given to the assistant', input.prompt, ''];
  if (input.expectedOutput) lines.push('## What success looks like', input.expectedOutput, '');
  lines.push(
    '## Steps the assistant took',
    input.transcript.trim() === ''
      ? '(none recorded)'
      : cut(input.transcript, MAX_TRANSCRIPT_CHARS),
    '',
    "## The assistant's output",
    cut(input.answer, MAX_OUTPUT_CHARS),
    '',
    '## Expectations',
    ...input.checks.map((c, i) => `${i + 1}. ${checkText(c)}`),
  );
  return lines.join('\n');
}

export type GraderVerdict =
  { ok: true; expectations: GradedExpectation[] } | { ok: false; why: string };

/** Reads the grader's answer; refuses anything but one verdict per check. */
export function readGraderAnswer(raw: string, checks: readonly JudgedCheck[]): GraderVerdict {
  const parsed = answerAsJson(raw);
  if (!parsed.ok) {
    // Some models wrap the JSON in prose: take the outermost braces.
    const from = raw.indexOf('{');
    const to = raw.lastIndexOf('}');
    const inner = from >= 0 && to > from ? answerAsJson(raw.slice(from, to + 1)) : parsed;
    if (!inner.ok) return { ok: false, why: 'the answer is not JSON' };
    return readVerdicts(inner.value, checks);
  }
  return readVerdicts(parsed.value, checks);
}

function readVerdicts(value: unknown, checks: readonly JudgedCheck[]): GraderVerdict {
  const list =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>).expectations
      : value;
  if (!Array.isArray(list)) return { ok: false, why: 'no "expectations" list' };
  if (list.length !== checks.length)
    return { ok: false, why: `${list.length} verdicts for ${checks.length} expectations` };
  const out: GradedExpectation[] = [];
  for (let i = 0; i < checks.length; i++) {
    const v = list[i] as Record<string, unknown> | null;
    if (typeof v !== 'object' || v === null || typeof v.passed !== 'boolean')
      return { ok: false, why: `verdict ${i + 1} has no boolean "passed"` };
    out.push({
      text: checkText(checks[i]),
      passed: v.passed,
      evidence: typeof v.evidence === 'string' ? v.evidence : '',
      kind: checks[i].kind,
    });
  }
  return { ok: true, expectations: out };
}

/** Every judged check as ungraded: counted failed, the grader's raw words kept. */
export function ungraded(
  checks: readonly JudgedCheck[],
  raw: string,
  why: string,
): GradedExpectation[] {
  return checks.map((c) => ({
    text: checkText(c),
    passed: false,
    evidence: `ungraded: ${why}`,
    kind: c.kind,
    ungraded: true,
    raw,
  }));
}
