import { describe, expect, it } from 'vitest';
import { runCheck, type RunEvidence } from './checks';

const ev = (answer: string, extra: Partial<RunEvidence> = {}): RunEvidence => ({
  answer,
  artifacts: [],
  toolCalls: [],
  ...extra,
});

describe('deterministic checks', () => {
  it('contains and not_contains look for the exact text', () => {
    expect(runCheck({ kind: 'contains', value: 'Paris' }, ev('It is Paris.')).passed).toBe(true);
    expect(runCheck({ kind: 'contains', value: 'paris' }, ev('It is Paris.')).passed).toBe(false);
    const no = runCheck({ kind: 'not_contains', value: 'Paris' }, ev('It is Paris.'));
    expect(no.passed).toBe(false);
    expect(no.evidence).toContain('found at character 6');
    expect(runCheck({ kind: 'not_contains', value: 'Rome' }, ev('It is Paris.')).passed).toBe(true);
  });

  it('regex honours flags and runs in linear time on a hostile answer', () => {
    expect(
      runCheck({ kind: 'regex', pattern: '^\\d{4}-\\d{2}$', flags: '' }, ev('2026-11')).passed,
    ).toBe(true);
    expect(runCheck({ kind: 'regex', pattern: 'paris', flags: 'i' }, ev('PARIS')).passed).toBe(
      true,
    );
    expect(runCheck({ kind: 'regex', pattern: 'paris', flags: '' }, ev('PARIS')).passed).toBe(
      false,
    );
    expect(runCheck({ kind: 'regex', pattern: '^b$', flags: 'm' }, ev('a\nb\nc')).passed).toBe(
      true,
    );
    // Exponential on a backtracking engine; RE2 answers at once.
    expect(
      runCheck({ kind: 'regex', pattern: '^(a+)+$', flags: '' }, ev(`${'a'.repeat(5000)}!`)).passed,
    ).toBe(false);
    const refused = runCheck({ kind: 'regex', pattern: '(a)\\1', flags: '' }, ev('aa'));
    expect(refused.passed).toBe(false);
    expect(refused.evidence).toMatch(/regex/);
  });

  it('json_schema validates the answer, or its fenced json block', () => {
    const schema = { type: 'object', required: ['n'], properties: { n: { type: 'number' } } };
    expect(runCheck({ kind: 'json_schema', schema }, ev('{"n": 3}')).passed).toBe(true);
    expect(
      runCheck({ kind: 'json_schema', schema }, ev('Here:\n```json\n{"n": 3}\n```\n')).passed,
    ).toBe(true);
    const wrong = runCheck({ kind: 'json_schema', schema }, ev('{"n": "3"}'));
    expect(wrong.passed).toBe(false);
    expect(wrong.evidence).toContain('/n');
    expect(runCheck({ kind: 'json_schema', schema }, ev('not json')).passed).toBe(false);
  });

  it('file_exists looks among the artifacts, tool_called among the calls', () => {
    const run = ev('', {
      artifacts: ['report.md', 'data/out.csv'],
      toolCalls: ['calculator', 'read', 'calculator'],
    });
    expect(runCheck({ kind: 'file_exists', path: 'data/out.csv' }, run).passed).toBe(true);
    expect(runCheck({ kind: 'file_exists', path: './report.md' }, run).passed).toBe(true);
    expect(runCheck({ kind: 'file_exists', path: 'missing.md' }, run).passed).toBe(false);
    const called = runCheck({ kind: 'tool_called', tool: 'calculator' }, run);
    expect(called).toMatchObject({ passed: true, evidence: 'calculator was called 2 times' });
    expect(runCheck({ kind: 'tool_called', tool: 'time' }, run).passed).toBe(false);
  });
});
