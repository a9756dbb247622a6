import { describe, expect, it } from 'vitest';
import { parseSkillMd } from '../skill/validate';
import { evalsJsonSource, inlineEvalsOf, triggersJsonSource } from './sources';

const skill = (evalYaml: string): string =>
  `---\nname: research\ndescription: Researches things.\n${evalYaml}---\n\n# Research\n`;

describe('inline eval: cases (adk-fluent RFC)', () => {
  const text = skill(
    [
      'eval:',
      '  - prompt: "Research quantum computing advances in 2025"',
      '    expect: "contains citations"',
      '  - prompt: "Research climate policy in the EU"',
      '    rubrics: ["Factual", "Cited", "Balanced"]',
      '  - prompt: Give JSON',
      '    checks:',
      '      - contains: "{"',
      '      - regex: "^\\\\{"',
      '        flags: m',
      '',
    ].join('\n'),
  );
  it('reads prompt/expect as a judged expectation and rubrics as judged rubrics', () => {
    const { cases, diagnostics } = inlineEvalsOf(text);
    expect(diagnostics).toEqual([]);
    expect(cases.map((c) => c.key)).toEqual(['inline#1', 'inline#2', 'inline#3']);
    expect(cases[0].checks).toEqual([{ kind: 'expectation', text: 'contains citations' }]);
    expect(cases[1].checks.map((c) => c.kind)).toEqual(['rubric', 'rubric', 'rubric']);
    expect(cases[2].checks).toEqual([
      { kind: 'contains', value: '{' },
      { kind: 'regex', pattern: '^\\{', flags: 'm' },
    ]);
    expect(cases[0].line).toBe(5);
  });
  it('the validator reports a bad case at its line and column', () => {
    const bad = skill(
      ['eval:', '  - prompt: ok', '    expect: [{contans: x}]', '  - expect: "no prompt"', ''].join(
        '\n',
      ),
    );
    const d = parseSkillMd(bad).diagnostics.filter((x) => x.code === 'EVAL_INVALID');
    expect(d.map((x) => [x.line, x.column, x.severity])).toEqual([
      [6, 15, 'error'],
      [7, 5, 'error'],
    ]);
    expect(d[0].message).toContain('unknown check "contans"');
    expect(d[1].message).toBe('the case has no prompt');
    expect(inlineEvalsOf(bad).cases).toEqual([]);
  });
  it('a regex RE2 cannot run is an error, not a hang later', () => {
    const bad = skill(
      ['eval:', '  - prompt: p', '    checks: [{regex: "(a)\\\\1"}]', ''].join('\n'),
    );
    const d = parseSkillMd(bad).diagnostics.filter((x) => x.code === 'EVAL_INVALID');
    expect(d).toHaveLength(1);
    expect(d[0].line).toBe(6);
  });
});

describe('evals/evals.json (skill-creator)', () => {
  const good = JSON.stringify(
    {
      skill_name: 'research',
      evals: [
        {
          id: 1,
          prompt: 'p1',
          expected_output: 'o',
          files: ['evals/files/a.txt'],
          expectations: ['says hi', { contains: 'hi' }],
        },
        { id: 7, prompt: 'p2', assertions: [{ tool_called: 'calculator' }] },
      ],
    },
    null,
    2,
  );
  it('reads expectations and the assertions spelling alike', () => {
    const { cases, diagnostics, skill_name } = evalsJsonSource(good, 'research');
    expect(diagnostics).toEqual([]);
    expect(skill_name).toBe('research');
    expect(cases.map((c) => c.key)).toEqual(['evals-json#1', 'evals-json#7']);
    expect(cases[0]).toMatchObject({ expected_output: 'o', files: ['evals/files/a.txt'] });
    expect(cases[0].checks).toEqual([
      { kind: 'expectation', text: 'says hi' },
      { kind: 'contains', value: 'hi' },
    ]);
    expect(cases[1].checks).toEqual([{ kind: 'tool_called', tool: 'calculator' }]);
  });
  it('points at a syntax error, and at a bad value inside valid JSON', () => {
    const broken = evalsJsonSource('{\n  "evals": [\n    {"prompt": "x",}\n  ]\n}');
    expect(broken.diagnostics).toHaveLength(1);
    expect(broken.diagnostics[0]).toMatchObject({
      line: 3,
      file: 'evals/evals.json',
      severity: 'error',
    });
    const dup = evalsJsonSource(
      '{"evals": [\n {"id": 1, "prompt": "a", "expectations": ["x"]},\n {"id": 1, "prompt": "b", "expectations": [3]}\n]}',
    );
    expect(dup.diagnostics.map((d) => [d.line, d.message])).toEqual([
      [3, 'id 1 is used twice (also by case 1)'],
      [3, 'a check is a string or a map such as {contains: "…"}, not number 3'],
    ]);
    expect(dup.cases.map((c) => c.prompt)).toEqual(['a']);
  });
  it('warns about a wrong skill_name and a case that checks nothing', () => {
    const d = evalsJsonSource(
      '{"skill_name": "other", "evals": [{"id": 1, "prompt": "a"}]}',
      'research',
    ).diagnostics;
    expect(d.map((x) => x.severity)).toEqual(['warning', 'warning']);
  });
  it('refuses a file that is not the expected shape, without throwing', () => {
    expect(evalsJsonSource('"just a string"').diagnostics[0].severity).toBe('error');
    expect(evalsJsonSource('{"evals": {}}').diagnostics[0].message).toContain('list of cases');
  });
});

describe('cases that cannot run', () => {
  it('are each named with where they are and why, a whole unreadable list as one', () => {
    const dup = evalsJsonSource(
      '{"evals": [\n {"id": 1, "prompt": "a", "expectations": ["x"]},\n {"id": 1, "name": "again", "prompt": "b"},\n "three",\n {"id": "four", "prompt": "d"}\n]}',
    );
    expect(dup.cases.map((c) => c.key)).toEqual(['evals-json#1']);
    expect(dup.skipped).toEqual([
      {
        source: 'evals-json',
        position: 2,
        key: 'evals-json#1',
        name: 'again',
        line: 3,
        reason: 'id 1 is used twice (also by case 1)',
      },
      {
        source: 'evals-json',
        position: 3,
        key: null,
        name: null,
        line: 4,
        reason: 'a case is a map with a prompt, not a string',
      },
      expect.objectContaining({ position: 4, key: null, line: 5 }),
    ]);
    for (const text of ['{"evals": [{"prompt": "x",}]}', '{"evals": {}}', '[1', '"x"'])
      expect(evalsJsonSource(text).skipped, text).toEqual([
        expect.objectContaining({ source: 'evals-json', position: null, key: null }),
      ]);
    expect(evalsJsonSource('{"evals": []}').skipped).toEqual([]);
    const inline = inlineEvalsOf(
      '---\nname: x\neval:\n  - prompt: ok\n  - expect: "no prompt"\n---\n',
    );
    expect(inline.cases).toHaveLength(1);
    expect(inline.skipped).toEqual([
      expect.objectContaining({ source: 'inline', position: 2, key: 'inline#2', line: 5 }),
    ]);
    expect(inlineEvalsOf('---\nname: x\neval: "all of it"\n---\n').skipped).toEqual([
      expect.objectContaining({ source: 'inline', position: null }),
    ]);
    const triggers = triggersJsonSource(
      '[\n {"query": "a", "should_trigger": true},\n {"query": "b"},\n {"should_trigger": false}\n]',
    );
    expect(triggers.queries.map((q) => q.query)).toEqual(['a']);
    expect(triggers.skipped).toEqual([
      expect.objectContaining({ source: 'triggers-json', position: 2, name: 'b', line: 3 }),
      expect.objectContaining({ source: 'triggers-json', position: 3, name: null, line: 4 }),
    ]);
    expect(triggersJsonSource('{"query": "a"}').skipped).toEqual([
      expect.objectContaining({ position: null }),
    ]);
    expect(triggersJsonSource('[').skipped).toEqual([expect.objectContaining({ position: null })]);
  });
});

describe('evals/triggers.json', () => {
  it('reads [{query, should_trigger}]', () => {
    const { queries, diagnostics } = triggersJsonSource(
      '[\n {"query": "research X", "should_trigger": true},\n {"query": "bake bread", "should_trigger": false}\n]',
    );
    expect(diagnostics).toEqual([]);
    expect(queries).toEqual([
      { query: 'research X', should_trigger: true, line: 2 },
      { query: 'bake bread', should_trigger: false, line: 3 },
    ]);
  });
  it('reports a missing should_trigger and a non-boolean at their lines', () => {
    const { queries, diagnostics } = triggersJsonSource(
      '[\n {"query": "a"},\n {"query": "b", "should_trigger": "yes"}\n]',
    );
    expect(queries).toEqual([]);
    expect(diagnostics.map((d) => [d.line, d.column])).toEqual([
      [2, 2],
      [3, 35],
    ]);
  });
});

describe('writing cases back', () => {
  it('replaces eval: in the frontmatter only, and reads back the same checks', async () => {
    const { withInlineEvals } = await import('./serialize');
    const text =
      '---\n# keep me\nname: research\ndescription: Researches things.\neval:\n  - prompt: old\n---\n\n# Body\n';
    const out = withInlineEvals(text, [
      { prompt: 'p1', checks: [{ kind: 'expectation', text: 'contains citations' }] },
      {
        prompt: 'p2',
        checks: [
          { kind: 'rubric', text: 'Cited' },
          { kind: 'regex', pattern: 'a+', flags: 'i' },
        ],
      },
    ])!;
    expect(out).toContain('# keep me');
    expect(out.endsWith('---\n\n# Body\n')).toBe(true);
    expect(out).toContain('expect: contains citations');
    const back = inlineEvalsOf(out);
    expect(back.diagnostics).toEqual([]);
    expect(back.cases.map((c) => c.checks)).toEqual([
      [{ kind: 'expectation', text: 'contains citations' }],
      [
        { kind: 'regex', pattern: 'a+', flags: 'i' },
        { kind: 'rubric', text: 'Cited' },
      ],
    ]);
    expect(parseSkillMd(out).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
  it('writes evals.json that reads back, numbering new cases', async () => {
    const { evalsJsonText } = await import('./serialize');
    const text = evalsJsonText('research', [
      { id: 2, prompt: 'a', checks: [{ kind: 'contains', value: 'x' }] },
      {
        prompt: 'b',
        checks: [
          { kind: 'rubric', text: 'Balanced' },
          { kind: 'json_schema', schema: { type: 'object' } },
        ],
      },
    ]);
    const back = evalsJsonSource(text, 'research');
    expect(back.diagnostics).toEqual([]);
    expect(back.cases.map((c) => [c.id, c.checks.map((k) => k.kind)])).toEqual([
      [2, ['contains']],
      [1, ['rubric', 'json_schema']],
    ]);
  });
});
