import { describe, expect, it } from 'vitest';
import {
  calculateStats,
  caseSummaries,
  gradingSummary,
  runSummary,
  signed,
  splitHeldOut,
  triggerResult,
  triggerScores,
} from './aggregate';
import type { BenchmarkRun, ConfigurationName } from './types';

function run(
  configuration: ConfigurationName,
  pass_rate: number,
  time = 1,
  tokens = 100,
): BenchmarkRun {
  return {
    eval_id: 1,
    eval_name: 'one',
    configuration,
    run_number: 1,
    result: {
      pass_rate,
      passed: 0,
      failed: 0,
      total: 0,
      time_seconds: time,
      tokens,
      tool_calls: 0,
      errors: 0,
    },
    expectations: [],
    notes: [],
    case_key: 'evals-json#1',
    run_dir: 'eval-1/x/run-1',
  };
}

describe('stats, as skill-creator computes them', () => {
  it('uses the sample standard deviation (n − 1), rounded to 4 places', () => {
    // mean 0.5; squared deviations 0.25+0+0.25 = 0.5; /(3−1) = 0.25; sqrt = 0.5 (population would be 0.4082)
    expect(calculateStats([0, 0.5, 1])).toEqual({ mean: 0.5, stddev: 0.5, min: 0, max: 1 });
    expect(calculateStats([1, 2, 3, 4]).stddev).toBe(1.291);
  });
  it('gives 0 spread for one value and zeros for none', () => {
    expect(calculateStats([0.7])).toEqual({ mean: 0.7, stddev: 0, min: 0.7, max: 0.7 });
    expect(calculateStats([])).toEqual({ mean: 0, stddev: 0, min: 0, max: 0 });
  });
  it('prints signed deltas like Python', () => {
    expect(signed(0.5, 2)).toBe('+0.50');
    expect(signed(-0.25, 2)).toBe('-0.25');
    expect(signed(13, 1)).toBe('+13.0');
    expect(signed(1700, 0)).toBe('+1700');
    expect(signed(0, 2)).toBe('+0.00');
  });
});

describe('run_summary and delta', () => {
  it('takes delta as the first configuration minus the second', () => {
    const runs = [
      run('with_skill', 1, 10, 3000),
      run('with_skill', 0.5, 20, 4000),
      run('without_skill', 0, 5, 1000),
      run('without_skill', 0.5, 7, 2000),
    ];
    const s = runSummary(runs, ['without_skill', 'with_skill']);
    expect(Object.keys(s)).toEqual(['with_skill', 'without_skill', 'delta']);
    expect(s.with_skill?.pass_rate.mean).toBe(0.75);
    expect(s.without_skill?.pass_rate.mean).toBe(0.25);
    expect(s.delta).toEqual({ pass_rate: '+0.50', time_seconds: '+9.0', tokens: '+2000' });
  });
  it('reports a worse skill with a negative delta', () => {
    const s = runSummary(
      [run('with_skill', 0.2), run('without_skill', 0.6)],
      ['with_skill', 'without_skill'],
    );
    expect(s.delta.pass_rate).toBe('-0.40');
  });
  it('computes pass_rate as passed over total expectations', () => {
    const e = (passed: boolean) => ({ text: 't', passed, evidence: '', kind: 'contains' as const });
    expect(gradingSummary([e(true), e(false), e(true)])).toMatchObject({
      passed: 2,
      failed: 1,
      total: 3,
      pass_rate: 0.6667,
    });
    expect(gradingSummary([]).pass_rate).toBe(0);
  });
  it('summarises each case and configuration, failed runs counted apart', () => {
    const rows = caseSummaries(
      [run('with_skill', 1), run('with_skill', 0)],
      [
        {
          eval_id: 1,
          eval_name: 'one',
          configuration: 'with_skill',
          run_number: 3,
          case_key: 'evals-json#1',
          run_dir: '',
          error: 'boom',
          status: 'failed',
        },
      ],
      [{ eval_id: 1, eval_name: 'one', case_key: 'evals-json#1' }],
      ['with_skill', 'without_skill'],
    );
    expect(rows[0]).toMatchObject({ configuration: 'with_skill', runs: 2, failed_runs: 1 });
    expect(rows[0].pass_rate).toMatchObject({ mean: 0.5, stddev: 0.7071 });
    expect(rows[1]).toMatchObject({ configuration: 'without_skill', runs: 0 });
  });
});

describe('trigger scoring', () => {
  it('passes a query by its trigger rate against the threshold, failed asks not counted', () => {
    expect(triggerResult(0, 'q', true, [true, false, null], 0.5)).toMatchObject({
      trigger_rate: 0.5,
      runs: 2,
      errors: 1,
      pass: true,
    });
    expect(triggerResult(1, 'q', false, [true, false], 0.5).pass).toBe(false);
    expect(triggerResult(2, 'q', false, [false, false, true], 0.5).pass).toBe(true);
  });
  it('computes precision and recall over queries', () => {
    const results = [
      triggerResult(0, 'a', true, [true, true], 0.5), // tp
      triggerResult(1, 'b', true, [false, false], 0.5), // fn
      triggerResult(2, 'c', false, [true, true], 0.5), // fp
      triggerResult(3, 'd', false, [false], 0.5), // tn
      triggerResult(4, 'e', true, [true], 0.5), // tp
    ];
    const s = triggerScores(results, 0.5);
    expect(s.confusion).toEqual({
      true_positive: 2,
      false_positive: 1,
      false_negative: 1,
      true_negative: 1,
    });
    expect(s.precision).toBe(0.6667);
    expect(s.recall).toBe(0.6667);
    expect(triggerScores([], 0.5)).toMatchObject({ precision: null, recall: null });
  });
  it('holds out at least one query of each class, the same way every time', () => {
    const items = Array.from({ length: 10 }, (_, i) => ({ q: i, should_trigger: i < 6 }));
    const a = splitHeldOut(items, 0.4);
    expect(a.heldOut.filter((x) => x.should_trigger)).toHaveLength(2);
    expect(a.heldOut.filter((x) => !x.should_trigger)).toHaveLength(1);
    expect(a.train).toHaveLength(7);
    expect(splitHeldOut(items, 0.4)).toEqual(a);
    expect(new Set([...a.train, ...a.heldOut].map((x) => x.q)).size).toBe(10);
  });
});
