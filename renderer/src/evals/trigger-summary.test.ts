import { describe, expect, it } from 'vitest';
import type { TriggerQueryResult } from '../../../shared/api/evals';
import { summarizeTriggers } from './trigger-summary';

function q(index: number, should: boolean, triggers: number, runs = 3): TriggerQueryResult {
  return {
    query: `q${index}`,
    should_trigger: should,
    trigger_rate: runs ? triggers / runs : 0,
    triggers,
    runs,
    pass: false,
    errors: 3 - runs,
    index,
  };
}

describe('trigger confusion summary', () => {
  it('counts each query once, at the threshold, with precision and recall', () => {
    const s = summarizeTriggers([
      q(0, true, 3), // TP
      q(1, true, 1), // FN (1/3 < 0.5)
      q(2, false, 2), // FP (2/3 ≥ 0.5)
      q(3, false, 0), // TN
      q(4, true, 2), // TP
    ]);
    expect(s.confusion).toEqual({
      true_positive: 2,
      false_positive: 1,
      false_negative: 1,
      true_negative: 1,
    });
    expect(s.precision).toBeCloseTo(2 / 3);
    expect(s.recall).toBeCloseTo(2 / 3);
    expect([s.passed, s.total]).toEqual([3, 5]);
  });

  it('leaves out queries with no answered ask, and has no precision when nothing fired', () => {
    const s = summarizeTriggers([q(0, false, 0), q(1, true, 0, 0)]);
    expect(s.total).toBe(1);
    expect(s.precision).toBeNull();
    expect(s.recall).toBeNull();
  });
});
