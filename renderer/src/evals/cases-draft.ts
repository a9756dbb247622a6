/**
 * The cases the Evals panel edits, as a draft of one source (evals/evals.json, or the
 * `eval:` list inline in SKILL.md's frontmatter) shown as a form or as JSON: both are
 * views of the same list, and a JSON text that does not parse is kept (with its error)
 * until it does, never thrown away. Pure; the store holds one draft per skill.
 */
import type {
  CheckKind,
  CheckSpec,
  EvalCase,
  EvalCaseInput,
  EvalSources,
} from '../../../shared/api/evals';
import { nameFromPrompt } from '../../../shared/eval/parse';

export type CaseSource = 'evals-json' | 'inline';

export interface CasesDraft {
  source: CaseSource;
  cases: EvalCaseInput[];
  /** The JSON view's text: the cases, or what the user typed that does not parse yet. */
  json: string;
  jsonError: string | null;
  /** Edited since loaded or saved. */
  dirty: boolean;
}

/** The kinds a form offers, in menu order, with the words the form uses for each. */
export const CHECK_KINDS: readonly {
  kind: CheckKind;
  label: string;
  hint: string;
  judged: boolean;
}[] = [
  { kind: 'expectation', label: 'Expectation', hint: 'The answer cites its sources', judged: true },
  { kind: 'rubric', label: 'Rubric', hint: 'Balanced: pros and cons', judged: true },
  { kind: 'contains', label: 'Contains', hint: 'text the answer must contain', judged: false },
  { kind: 'not_contains', label: 'Lacks', hint: 'text the answer must not contain', judged: false },
  { kind: 'regex', label: 'Regex', hint: '^\\d{4}-\\d{2}-\\d{2}$', judged: false },
  { kind: 'json_schema', label: 'JSON schema', hint: '{"type": "object"}', judged: false },
  { kind: 'file_exists', label: 'File exists', hint: 'report.pdf', judged: false },
  { kind: 'tool_called', label: 'Tool called', hint: 'calculator', judged: false },
];

export function isJudged(kind: CheckKind): boolean {
  return CHECK_KINDS.some((k) => k.kind === kind && k.judged);
}

/** The one text a check is edited through (a schema as JSON text). */
export function checkText(c: CheckSpec): string {
  switch (c.kind) {
    case 'contains':
    case 'not_contains':
      return c.value;
    case 'regex':
      return c.pattern;
    case 'json_schema':
      return JSON.stringify(c.schema, null, 2);
    case 'file_exists':
      return c.path;
    case 'tool_called':
      return c.tool;
    case 'expectation':
    case 'rubric':
      return c.text;
  }
}

/**
 * A check of `kind` holding `text`. A JSON schema that does not parse (yet) is an
 * error, returned so the form can say so while it keeps the typed text.
 */
export function makeCheck(kind: CheckKind, text: string, flags = ''): CheckSpec | string {
  switch (kind) {
    case 'contains':
    case 'not_contains':
      return { kind, value: text };
    case 'regex':
      return { kind, pattern: text, flags };
    case 'json_schema': {
      try {
        const schema = JSON.parse(text) as unknown;
        if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
          return 'A JSON schema is an object.';
        return { kind, schema: schema as Record<string, unknown> };
      } catch (err) {
        return `Not JSON: ${(err as Error).message}`;
      }
    }
    case 'file_exists':
      return { kind, path: text };
    case 'tool_called':
      return { kind, tool: text };
    case 'expectation':
    case 'rubric':
      return { kind, text };
  }
}

/** A source's cases as the form edits them. */
export function toInput(c: EvalCase): EvalCaseInput {
  return {
    id: c.id,
    // A name that is only the prompt's start (the reader's fallback) is not written back.
    ...(c.name && c.name !== nameFromPrompt(c.prompt) ? { name: c.name } : {}),
    prompt: c.prompt,
    expected_output: c.expected_output,
    files: [...c.files],
    checks: c.checks.map((k) => ({ ...k })),
  };
}

export function blankCase(): EvalCaseInput {
  return {
    prompt: '',
    expected_output: null,
    files: [],
    checks: [{ kind: 'expectation', text: '' }],
  };
}

function jsonOf(cases: readonly EvalCaseInput[]): string {
  return JSON.stringify(cases, null, 2);
}

/** The draft of one source of the skill, as loaded. */
export function draftFrom(sources: EvalSources, source: CaseSource): CasesDraft {
  const cases = sources.cases.filter((c) => c.source === source).map(toInput);
  return { source, cases, json: jsonOf(cases), jsonError: null, dirty: false };
}

/** The source a skill's cases are edited in first: the one that has cases, evals.json by default. */
export function preferredSource(sources: EvalSources): CaseSource {
  const hasJson = sources.cases.some((c) => c.source === 'evals-json');
  const hasInline = sources.cases.some((c) => c.source === 'inline');
  return hasInline && !hasJson ? 'inline' : 'evals-json';
}

/** A form edit: the new list, the JSON view follows. */
export function withCases(draft: CasesDraft, cases: EvalCaseInput[]): CasesDraft {
  return { ...draft, cases, json: jsonOf(cases), jsonError: null, dirty: true };
}

/** Replaces one case (by index). */
export function withCase(draft: CasesDraft, index: number, next: EvalCaseInput): CasesDraft {
  return withCases(
    draft,
    draft.cases.map((c, i) => (i === index ? next : c)),
  );
}

const KINDS = new Set<string>(CHECK_KINDS.map((k) => k.kind));

/** The problem with a check read from JSON, or null. */
function checkProblem(v: unknown): string | null {
  if (typeof v !== 'object' || v === null) return 'a check is an object with a "kind"';
  const c = v as Record<string, unknown>;
  if (typeof c.kind !== 'string' || !KINDS.has(c.kind))
    return `unknown check kind ${JSON.stringify(c.kind)} (one of ${[...KINDS].join(', ')})`;
  const field = {
    contains: 'value',
    not_contains: 'value',
    regex: 'pattern',
    json_schema: 'schema',
    file_exists: 'path',
    tool_called: 'tool',
    expectation: 'text',
    rubric: 'text',
  }[c.kind as CheckKind];
  const want = c.kind === 'json_schema' ? 'object' : 'string';
  if (typeof c[field] !== want || c[field] === null)
    return `a ${c.kind} check needs "${field}" (${want})`;
  return null;
}

/** Reads the JSON view's text into cases, or says what is wrong (with the case's number). */
export function parseCasesJson(text: string): { cases: EvalCaseInput[] } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { error: `Not valid JSON: ${(err as Error).message}` };
  }
  if (!Array.isArray(value))
    return { error: 'The cases are a JSON array: [{"prompt": …, "checks": […]}]' };
  for (let i = 0; i < value.length; i++) {
    const c = value[i] as Record<string, unknown> | null;
    const at = `case ${i + 1}`;
    if (typeof c !== 'object' || c === null) return { error: `${at} is not an object` };
    if (typeof c.prompt !== 'string' || c.prompt.trim() === '')
      return { error: `${at}: "prompt" is required text` };
    if (!Array.isArray(c.checks)) return { error: `${at}: "checks" is a list` };
    for (const k of c.checks) {
      const problem = checkProblem(k);
      if (problem) return { error: `${at}: ${problem}` };
    }
  }
  return { cases: value as EvalCaseInput[] };
}

/** A JSON edit: kept as typed; the cases follow when it parses. */
export function withJson(draft: CasesDraft, json: string): CasesDraft {
  const parsed = parseCasesJson(json);
  if ('error' in parsed) return { ...draft, json, jsonError: parsed.error, dirty: true };
  return { ...draft, cases: parsed.cases, json, jsonError: null, dirty: true };
}

/** Why the draft cannot be saved (empty prompts, JSON errors), or null. */
export function draftProblem(draft: CasesDraft): string | null {
  if (draft.jsonError) return `The JSON has an error: ${draft.jsonError}`;
  const empty = draft.cases.findIndex((c) => c.prompt.trim() === '');
  if (empty >= 0) return `Case ${empty + 1} has no prompt.`;
  return null;
}
