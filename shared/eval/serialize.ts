/**
 * Writes eval cases and trigger queries back in each source's own syntax (the Evals
 * panel's form saves through these): evals/evals.json and evals/triggers.json as
 * formatted JSON, and the frontmatter's `eval:` key replaced in place — the rest of
 * the frontmatter (comments, order, quoting) left as it was.
 *
 * A check is written in its shortest form: a judged expectation as a plain string, a
 * rubric under `rubrics` (inline) or as {"rubric": …} (evals.json), the others as
 * one-key maps ({contains: …}); reading the output gives the same checks back.
 */
import { isMap, parseDocument } from 'yaml';
import { splitFrontmatter } from '../check/frontmatter';
import type { CheckSpec, EvalCaseInput } from './types';

export function checkToFile(check: CheckSpec): unknown {
  switch (check.kind) {
    case 'expectation':
      return check.text;
    case 'rubric':
      return { rubric: check.text };
    case 'contains':
    case 'not_contains':
      return { [check.kind]: check.value };
    case 'regex':
      return check.flags ? { regex: check.pattern, flags: check.flags } : { regex: check.pattern };
    case 'json_schema':
      return { json_schema: check.schema };
    case 'file_exists':
      return { file_exists: check.path };
    case 'tool_called':
      return { tool_called: check.tool };
  }
}

/** evals/evals.json text; cases without an id get the next free integer. */
export function evalsJsonText(skillName: string, cases: readonly EvalCaseInput[]): string {
  const used = new Set(cases.map((c) => c.id).filter((x): x is number => x !== undefined));
  let next = 1;
  const evals = cases.map((c) => {
    let id = c.id;
    if (id === undefined) {
      while (used.has(next)) next++;
      id = next;
      used.add(id);
    }
    const out: Record<string, unknown> = { id };
    if (c.name) out.name = c.name;
    out.prompt = c.prompt;
    out.expected_output = c.expected_output ?? '';
    out.files = c.files ?? [];
    out.expectations = c.checks.map(checkToFile);
    return out;
  });
  return `${JSON.stringify({ skill_name: skillName, evals }, null, 2)}\n`;
}

export function triggersJsonText(
  queries: readonly { query: string; should_trigger: boolean }[],
): string {
  return `${JSON.stringify(
    queries.map((q) => ({ query: q.query, should_trigger: q.should_trigger })),
    null,
    2,
  )}\n`;
}

/** The inline form of one case: `expect` (a string when it is one expectation) and `rubrics`. */
export function inlineCase(c: EvalCaseInput): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (c.id !== undefined) out.id = c.id;
  if (c.name) out.name = c.name;
  out.prompt = c.prompt;
  if (c.expected_output) out.expected_output = c.expected_output;
  if (c.files && c.files.length > 0) out.files = c.files;
  const rubrics = c.checks
    .filter((k) => k.kind === 'rubric')
    .map((k) => (k as { text: string }).text);
  const rest = c.checks.filter((k) => k.kind !== 'rubric');
  if (rest.length === 1 && rest[0].kind === 'expectation') out.expect = rest[0].text;
  else if (rest.length > 0) out.expect = rest.map(checkToFile);
  if (rubrics.length > 0) out.rubrics = rubrics;
  return out;
}

/**
 * SKILL.md with its `eval:` key set to these cases (removed when there are none);
 * null when the frontmatter cannot be edited safely (missing, unclosed, invalid YAML).
 */
export function withInlineEvals(skillMd: string, cases: readonly EvalCaseInput[]): string | null {
  const split = splitFrontmatter(skillMd);
  if (split.status !== 'ok') return null;
  const doc = parseDocument(split.yaml, { uniqueKeys: false });
  if (doc.errors.length > 0 || !isMap(doc.contents)) return null;
  if (cases.length === 0) doc.delete('eval');
  else doc.set('eval', doc.createNode(cases.map(inlineCase)));
  let yaml = doc.toString({ lineWidth: 0 });
  if (split.eol === '\r\n') yaml = yaml.replace(/\r?\n/g, '\r\n');
  const eol = split.eol;
  return `${split.bom ? '\uFEFF' : ''}---${eol}${yaml}---${eol}${split.body}`;
}
