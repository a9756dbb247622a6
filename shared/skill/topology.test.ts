import { describe, expect, it } from 'vitest';
import { formatTopology, parseTopology, topologyAgents, type TopologyNode } from './topology';

const agent = (name: string, column: number): TopologyNode => ({ type: 'agent', name, column });

function ok(expr: string): TopologyNode {
  const r = parseTopology(expr);
  expect(r.errors).toEqual([]);
  expect(r.ast).not.toBeNull();
  return r.ast as TopologyNode;
}

describe('parseTopology', () => {
  it('parses a single agent', () => {
    expect(ok('  researcher ')).toEqual(agent('researcher', 3));
  });

  it('flattens a chain of one operator', () => {
    expect(ok('a >> b >> c')).toEqual({
      type: 'sequence',
      steps: [agent('a', 1), agent('b', 6), agent('c', 11)],
    });
    expect(ok('a | b | c')).toEqual({
      type: 'parallel',
      branches: [agent('a', 1), agent('b', 5), agent('c', 9)],
    });
    expect(ok('a // b // c')).toEqual({
      type: 'fallback',
      options: [agent('a', 1), agent('b', 6), agent('c', 11)],
    });
  });

  it('flattens parenthesised chains of the same operator', () => {
    expect(ok('a >> (b >> c)')).toEqual({
      type: 'sequence',
      steps: [agent('a', 1), agent('b', 7), agent('c', 12)],
    });
  });

  it('binds | tighter than >>, and >> tighter than //', () => {
    expect(ok('a >> b | c // d')).toEqual({
      type: 'fallback',
      options: [
        {
          type: 'sequence',
          steps: [agent('a', 1), { type: 'parallel', branches: [agent('b', 6), agent('c', 10)] }],
        },
        agent('d', 15),
      ],
    });
  });

  it('binds * tightest, as a postfix', () => {
    expect(ok('a | b * 3')).toEqual({
      type: 'parallel',
      branches: [agent('a', 1), { type: 'loop', body: agent('b', 5), times: 3 }],
    });
    expect(ok('(a >> b) * 2 * 3')).toEqual({
      type: 'loop',
      times: 3,
      body: {
        type: 'loop',
        times: 2,
        body: { type: 'sequence', steps: [agent('a', 2), agent('b', 7)] },
      },
    });
  });

  it('parses until(key == "value", max=N)', () => {
    expect(ok('(writer >> critic) * until(quality == "APPROVED", max=3)')).toEqual({
      type: 'until',
      body: { type: 'sequence', steps: [agent('writer', 2), agent('critic', 12)] },
      key: 'quality',
      value: 'APPROVED',
      max: 3,
    });
    expect(ok("x*until(done=='yes',max = 2)")).toMatchObject({
      type: 'until',
      key: 'done',
      value: 'yes',
      max: 2,
    });
  });

  it('accepts identifiers with digits, underscores and hyphens, and newlines as blanks', () => {
    expect(topologyAgents(ok('fact_checker-2 >>\n  _x'))).toEqual([
      { name: 'fact_checker-2', column: 1 },
      { name: '_x', column: 21 },
    ]);
  });

  it.each([
    ['', 'the topology is empty', 1],
    ['a >>', 'expected an agent name or "(", found the end of the expression', 5],
    ['a > b', 'unexpected character ">" (a sequence is ">>")', 3],
    ['a / b', 'unexpected character "/" (a fallback is "//")', 3],
    ['a @ b', 'unexpected character "@" ("@" is not supported in a topology)', 3],
    ['a b', 'unexpected "b" (missing an operator: >>, |, // or *?)', 3],
    ['(a >> b', 'expected ")" to close the "(" at column 1, found the end of the expression', 8],
    ['a)', 'unexpected ")"', 2],
    ['()', 'empty parentheses', 2],
    ['a * 0', 'a loop count must be a whole number of at least 1', 5],
    ['a * b', 'expected a loop count or until(key == "value", max=N) after "*", found "b"', 5],
    ['a * until(k == v, max=2)', 'expected a quoted value, e.g. "done", found "v"', 16],
    ['a * until(k == "v")', 'expected "," and max=N (until needs a bound), found ")"', 19],
    ['a * until(k == "v", times=2)', 'expected max=N, found "times"', 21],
    ['a * until(k == "v, max=2)', 'unterminated string: no closing "', 16],
    ['1 >> a', 'expected an agent name or "(", found "1"', 1],
  ])('reports %j with its column', (expr, message, column) => {
    const r = parseTopology(expr);
    expect(r.ast).toBeNull();
    expect(r.errors).toEqual([{ message, column }]);
  });

  it('reports every bad character, not only the first', () => {
    const r = parseTopology('a @ b ! c');
    expect(r.errors.map((e) => e.column)).toEqual([3, 7]);
  });

  it('refuses absurd nesting instead of overflowing the stack', () => {
    const r = parseTopology('('.repeat(5000) + 'a' + ')'.repeat(5000));
    expect(r.ast).toBeNull();
    expect(r.errors[0].message).toBe('parentheses nested too deeply');
  });

  it('formats an AST back to an equivalent expression', () => {
    const exprs = [
      'a >> (b | c) >> d',
      '(a // b) >> c',
      '(a >> b) * until(k == "v", max=2)',
      'a | b * 3',
    ];
    for (const e of exprs) {
      const ast = ok(e);
      const again = ok(formatTopology(ast));
      // Columns differ; the structure must not.
      expect(formatTopology(again)).toBe(formatTopology(ast));
    }
    expect(formatTopology(ok('a>>(b|c)>>d'))).toBe('a >> b | c >> d');
    expect(formatTopology(ok('(a//b)>>c'))).toBe('(a // b) >> c');
  });
});
