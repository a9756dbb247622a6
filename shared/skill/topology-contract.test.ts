/**
 * The topology's declarations as the validator and the executor read them: the contract
 * shorthand, `{key}` filling, composed skills, the state flow (a read nothing writes,
 * two `|` branches writing one key), a skill composing itself, unknown tools of an
 * agent, and the cycle finder across skills.
 */
import { describe, expect, it } from 'vitest';
import { parseSkillMd } from './validate';
import {
  coerceToContract,
  composedSkillCycles,
  contractProblems,
  fillPlaceholders,
  readTopologySpec,
} from './topology-contract';

const md = (...lines: string[]): string =>
  ['---', 'name: demo', 'description: Does things.', ...lines, '---', 'Body'].join('\n') + '\n';

const found = (text: string, code: string) =>
  parseSkillMd(text).diagnostics.filter((d) => d.code === code);

describe('validator: topology state flow', () => {
  const agents = [
    'agents:',
    '  a: {instruct: "Start from {topic}.", writes: x}',
    '  b: {instruct: "Use {x}.", writes: y}',
    '  c: {instruct: "Use {y}.", reads: [x], writes: z}',
  ];

  it('warns at the step that reads a key no earlier step writes', () => {
    const d = found(md(...agents, 'topology: b >> a >> c'), 'TOPOLOGY_READ_UNWRITTEN');
    // b reads x before a writes it; a reads topic, which nothing declares.
    expect(d.map((x) => [x.severity, x.column, x.message])).toEqual([
      [
        'warning',
        11,
        'topology: "b" reads "x", which no earlier step writes and the input does not declare; the run fails there unless the call passes it',
      ],
      ['warning', 16, expect.stringContaining('"a" reads "topic"')],
    ]);
    expect(d[0].line).toBe(8);
  });

  it('counts input:, input_schema and arguments as written, and earlier steps in order', () => {
    const ok = md(...agents, 'input:', '  topic: str', 'topology: a >> b >> c');
    expect(found(ok, 'TOPOLOGY_READ_UNWRITTEN')).toEqual([]);
    const schema = md(
      ...agents,
      'input_schema: {type: object, properties: {topic: {type: string}}}',
      'topology: a >> b',
    );
    expect(found(schema, 'TOPOLOGY_READ_UNWRITTEN')).toEqual([]);
  });

  it('a sibling branch of | is not earlier: its writes are not there yet', () => {
    const d = found(
      md(...agents, 'input: {topic: str}', 'topology: a | b'),
      'TOPOLOGY_READ_UNWRITTEN',
    );
    expect(d.map((x) => x.message)).toEqual([expect.stringContaining('"b" reads "x"')]);
  });

  it('two | branches writing one key are an error at the second', () => {
    const text = md(
      'agents:',
      '  a: {instruct: one, writes: out}',
      '  b: {instruct: two, writes: out}',
      '  c: {instruct: three, writes: other}',
      'topology: (a | c) >> (a // b) >> (c | (b >> c) | a)',
    );
    const d = found(text, 'TOPOLOGY_PARALLEL_WRITE');
    expect(d.map((x) => [x.severity, x.message])).toEqual([
      ['error', expect.stringContaining('all write "other" (c, c)')],
      ['error', expect.stringContaining('all write "out" (b, a)')],
    ]);
    const racing = found(
      md(
        'agents:',
        '  a: {instruct: one, writes: out}',
        '  b: {instruct: two, writes: out}',
        'topology: a | b',
      ),
      'TOPOLOGY_PARALLEL_WRITE',
    );
    expect(racing).toHaveLength(1);
    expect(racing[0]).toMatchObject({ line: 7, column: 15, field: 'topology' });
  });

  it('a composed skill step leaves the flow open: its writes are unknown here', () => {
    const text = md(...agents, 'skills: {fetch: fetcher}', 'topology: fetch >> b');
    expect(found(text, 'TOPOLOGY_READ_UNWRITTEN')).toEqual([]);
  });

  it('a skill composing itself is a cycle (error)', () => {
    const d = found(md('skills:', '  again: demo', 'topology: again'), 'TOPOLOGY_SKILL_CYCLE');
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ severity: 'error', line: 5, field: 'skills' });
  });

  it('an agent naming a tool nobody provides is TOOL_UNKNOWN at that entry', () => {
    const d = found(
      md('agents:', '  a:', '    instruct: go', '    tools: [time, web_search]', 'topology: a'),
      'TOOL_UNKNOWN',
    );
    expect(d.map((x) => [x.severity, x.line, x.field])).toEqual([['warning', 7, 'agents.a.tools']]);
  });

  it('an agent’s own max_turns must be a whole number of at least 1, at that key', () => {
    for (const bad of ['0', '2.5', 'lots']) {
      const d = found(
        md('agents:', '  a:', '    instruct: go', `    max_turns: ${bad}`, 'topology: a'),
        'FIELD_TYPE',
      );
      expect(
        d.map((x) => [x.line, x.field, x.message]),
        bad,
      ).toEqual([
        [7, 'agents.a.max_turns', expect.stringContaining('a whole number of at least 1')],
      ]);
    }
    const ok = md('agents:', '  a:', '    instruct: go', '    max_turns: 3', 'topology: a');
    expect(found(ok, 'FIELD_TYPE')).toEqual([]);
  });

  it('input:/output: values must be one of the shorthand types', () => {
    const d = found(md('input: {topic: string, n: int}', 'output: notamap'), 'FIELD_TYPE');
    expect(d.map((x) => x.message)).toEqual([
      'input.topic must be one of str, int, float, bool, list, dict, not a string',
      expect.stringContaining('output must be a map of key → str | int'),
    ]);
  });
});

describe('contract and state', () => {
  it('reads agents, composed skills and the contract', () => {
    const spec = readTopologySpec({
      topology: 'a >> s',
      agents: { a: { instruct: 'x', tools: ['time', { name: 'calculator' }], writes: ' k ' } },
      skills: ['s'],
      input: { q: 'str', bad: 'string' },
      output: { k: 'list' },
    });
    expect(spec.agents.get('a')).toMatchObject({
      tools: ['time', 'calculator'],
      writes: 'k',
      model: null,
      max_turns: null,
    });
    const own = readTopologySpec({
      agents: { a: { instruct: 'x', max_turns: 4 }, b: { max_turns: 0 } },
    });
    expect([own.agents.get('a')?.max_turns, own.agents.get('b')?.max_turns]).toEqual([4, null]);
    expect([...spec.skills]).toEqual([['s', 's']]);
    expect(spec.input).toEqual([{ key: 'q', type: 'str' }]);
    expect(spec.ast?.type).toBe('sequence');
  });

  it('fills {key} with text as written and other values as JSON, or names the missing key', () => {
    expect(fillPlaceholders('{a} and {b} and {"json": 1}', { a: 'x', b: [1] })).toEqual({
      ok: true,
      text: 'x and [1] and {"json": 1}',
    });
    expect(fillPlaceholders('{a} {c}', { a: 'x' })).toEqual({ ok: false, missing: 'c' });
  });

  it('checks the shorthand types and reads JSON answers for non-str types', () => {
    const fields = [
      { key: 's', type: 'str' as const },
      { key: 'i', type: 'int' as const },
      { key: 'f', type: 'float' as const },
      { key: 'b', type: 'bool' as const },
      { key: 'l', type: 'list' as const },
      { key: 'd', type: 'dict' as const },
    ];
    expect(
      contractProblems(fields, { s: 'x', i: 2, f: 2.5, b: false, l: [], d: {} }, 'output'),
    ).toEqual([]);
    expect(contractProblems(fields, { s: 1, i: 2.5, f: 'x', b: 0, l: {}, d: [] }, 'input')).toEqual(
      [
        'input "s" must be str, not an integer',
        'input "i" must be int, not a fractional number',
        'input "f" must be float, not a str',
        'input "b" must be bool, not an integer',
        'input "l" must be list, not a dict',
        'input "d" must be dict, not a list',
      ],
    );
    expect(coerceToContract('list', ' ["a"] ')).toEqual(['a']);
    expect(coerceToContract('int', 'seven')).toBe('seven');
    expect(coerceToContract('str', '7')).toBe('7');
  });

  it('finds a cycle across composed skills, and none in a chain', () => {
    const graph: Record<string, string[]> = { a: ['b'], b: ['c'], c: ['a'], d: ['b'], e: ['f'] };
    expect(composedSkillCycles('a', (n) => graph[n] ?? [])).toEqual([['a', 'b', 'c', 'a']]);
    expect(composedSkillCycles('d', (n) => graph[n] ?? [])).toEqual([['b', 'c', 'a', 'b']]);
    expect(composedSkillCycles('e', (n) => graph[n] ?? [])).toEqual([]);
  });
});
