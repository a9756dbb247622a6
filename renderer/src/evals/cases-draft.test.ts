import { describe, expect, it } from 'vitest';
import {
  blankCase,
  checkText,
  draftProblem,
  makeCheck,
  parseCasesJson,
  withCase,
  withJson,
  type CasesDraft,
} from './cases-draft';

const draft: CasesDraft = {
  source: 'evals-json',
  cases: [],
  json: '[]',
  jsonError: null,
  dirty: false,
};

describe('cases draft', () => {
  it('keeps form and JSON views of one list', () => {
    const d = withCase({ ...draft, cases: [blankCase()] }, 0, {
      prompt: 'Summarise',
      checks: [{ kind: 'contains', value: 'TL;DR' }],
    });
    expect(d.dirty).toBe(true);
    expect(JSON.parse(d.json)).toEqual([
      { prompt: 'Summarise', checks: [{ kind: 'contains', value: 'TL;DR' }] },
    ]);
  });

  it('keeps a JSON text that does not parse, with its error, and the last good cases', () => {
    const good = withJson(draft, '[{"prompt": "a", "checks": []}]');
    const bad = withJson(good, '[{"prompt": "a", "checks": [');
    expect(bad.json).toBe('[{"prompt": "a", "checks": [');
    expect(bad.jsonError).toMatch(/Not valid JSON/);
    expect(bad.cases).toEqual([{ prompt: 'a', checks: [] }]);
    expect(draftProblem(bad)).toMatch(/JSON has an error/);
  });

  it('names the case and field a JSON list gets wrong', () => {
    expect(parseCasesJson('{}')).toEqual({ error: expect.stringMatching(/JSON array/) });
    expect(parseCasesJson('[{"prompt": "a", "checks": []}, {"prompt": ""}]')).toEqual({
      error: 'case 2: "prompt" is required text',
    });
    expect(parseCasesJson('[{"prompt": "a", "checks": [{"kind": "regex"}]}]')).toEqual({
      error: 'case 1: a regex check needs "pattern" (string)',
    });
    expect(
      parseCasesJson('[{"prompt": "a", "checks": [{"kind": "json_schema", "schema": null}]}]'),
    ).toEqual({
      error: 'case 1: a json_schema check needs "schema" (object)',
    });
  });

  it('edits every check kind through one text, a schema as JSON', () => {
    expect(makeCheck('json_schema', '{"type": "object"}')).toEqual({
      kind: 'json_schema',
      schema: { type: 'object' },
    });
    expect(makeCheck('json_schema', '[1]')).toBe('A JSON schema is an object.');
    expect(makeCheck('regex', '^a', 'i')).toEqual({ kind: 'regex', pattern: '^a', flags: 'i' });
    expect(checkText({ kind: 'tool_called', tool: 'calculator' })).toBe('calculator');
  });

  it('will not save a case without a prompt', () => {
    expect(draftProblem({ ...draft, cases: [blankCase()] })).toBe('Case 1 has no prompt.');
  });
});
