import { describe, expect, it } from 'vitest';
import type { BenchmarkRun, ConfigurationName, FailedRun } from '../../../shared/api/evals';
import { resultsTable, runsOfCell } from './results-table';

function run(
  key: string,
  config: ConfigurationName,
  n: number,
  rate: number,
  tokens = 100,
): BenchmarkRun {
  return {
    eval_id: Number(key.split('#')[1]),
    eval_name: key,
    configuration: config,
    run_number: n,
    result: {
      pass_rate: rate,
      passed: 0,
      failed: 0,
      total: 0,
      time_seconds: n,
      tokens,
      tool_calls: 0,
      errors: 0,
    },
    expectations: [],
    notes: [],
    case_key: key,
    run_dir: `${key}/${config}/run-${n}`,
  };
}

function failed(key: string, config: ConfigurationName, n: number): FailedRun {
  return {
    eval_id: 1,
    eval_name: key,
    configuration: config,
    run_number: n,
    case_key: key,
    run_dir: '',
    error: 'provider down',
    status: 'failed',
  };
}

describe('results table', () => {
  it('spreads a cell by the sample standard deviation (n − 1), as skill-creator does', () => {
    const t = resultsTable({
      configs: ['with_skill'],
      cases: [{ key: 'e#1', id: 1, name: 'one' }],
      runs: [
        run('e#1', 'with_skill', 1, 1),
        run('e#1', 'with_skill', 2, 0),
        run('e#1', 'with_skill', 3, 0.5),
      ],
      failed: [],
    });
    expect(t.rows[0].cells.with_skill?.sd).toBeCloseTo(0.5);
  });

  it('aggregates per case and configuration, with delta = with − without', () => {
    const runs = [
      run('e#1', 'with_skill', 1, 1, 100),
      run('e#1', 'with_skill', 2, 0.5, 300),
      run('e#1', 'without_skill', 1, 0.5),
      run('e#2', 'with_skill', 1, 0),
    ];
    const t = resultsTable({
      configs: ['with_skill', 'without_skill'],
      cases: [
        { key: 'e#2', id: 2, name: 'second' },
        { key: 'e#1', id: 1, name: 'first' },
      ],
      runs,
      failed: [failed('e#2', 'without_skill', 1)],
    });
    expect(t.rows.map((r) => r.key)).toEqual(['e#2', 'e#1']);
    const first = t.rows[1];
    expect(first.cells.with_skill).toMatchObject({
      runs: 2,
      mean: 0.75,
      tokens: 200,
      seconds: 1.5,
    });
    expect(first.cells.with_skill?.sd).toBeCloseTo(Math.SQRT1_2 / 2);
    expect(first.delta).toBeCloseTo(0.25);
    // A failed run is counted apart, never as a 0 % run; no graded runs: no delta.
    expect(t.rows[0].cells.without_skill).toMatchObject({ runs: 0, failed: 1 });
    expect(t.rows[0].delta).toBeNull();
    // Totals: over every graded run of the configuration.
    expect(t.totals.with_skill?.mean).toBeCloseTo(0.5);
    expect(t.totals.without_skill?.mean).toBe(0.5);
    expect(t.delta).toBeCloseTo(0);
  });

  it('adds cases only known from runs (removed since) after the listed ones', () => {
    const t = resultsTable({
      configs: ['with_skill'],
      cases: [{ key: 'e#1', id: 1, name: 'one' }],
      runs: [run('e#9', 'with_skill', 1, 1)],
      failed: [],
    });
    expect(t.rows.map((r) => [r.key, r.cells.with_skill?.runs ?? null])).toEqual([
      ['e#1', null],
      ['e#9', 1],
    ]);
  });

  it('lists a cell’s runs in run order', () => {
    const input = {
      runs: [
        run('e#1', 'with_skill', 2, 1),
        run('e#1', 'with_skill', 1, 0),
        run('e#1', 'without_skill', 1, 0),
      ],
      failed: [failed('e#1', 'with_skill', 3)],
    };
    const cell = runsOfCell(input, 'e#1', 'with_skill');
    expect(cell.graded.map((r) => r.run_number)).toEqual([1, 2]);
    expect(cell.failed.map((r) => r.run_number)).toEqual([3]);
  });
});
