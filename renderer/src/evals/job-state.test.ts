/**
 * A run on screen moved on by its events, and settled from what the disk says.
 */
import { describe, expect, it } from 'vitest';
import type { BenchmarkRun, EvalRunDetail, TriggerQueryResult } from '../../../shared/api/evals';
import { jobFromDetail, newJob, settledJob, withEvent } from './job-state';

const base = { skill: '/s', runId: 'r1' };
const trigger = (index: number, triggers: number) =>
  ({ index, triggers, runs: 3, errors: 0 }) as unknown as TriggerQueryResult;

describe('a job on screen', () => {
  it('starts with nothing done, the clock from now', () => {
    expect(newJob('r1', 'benchmark', 12, ['with_skill'], 1000)).toMatchObject({
      status: 'running',
      total: 12,
      done: 0,
      startedAt: 1000,
      etaAt: 1000,
      configs: ['with_skill'],
    });
  });

  it('takes progress, runs, trigger tallies by index, and its end from events', () => {
    let j = newJob('r1', 'benchmark', 4, [], 0);
    j = withEvent(
      j,
      {
        type: 'eval.progress',
        ...base,
        kind: 'benchmark',
        done: 2,
        failed: 1,
        total: 4,
        elapsed_seconds: 3,
        eta_seconds: 6,
        concurrency: 2,
      },
      5000,
    );
    expect(j).toMatchObject({ done: 2, failed: 1, etaSeconds: 6, etaAt: 5000, concurrency: 2 });
    const run = { eval_id: 1 } as BenchmarkRun;
    j = withEvent(j, { type: 'eval.run', ...base, run, failed: null });
    expect(j.runs).toEqual([run]);
    j = withEvent(j, { type: 'eval.trigger', ...base, result: trigger(1, 1) });
    j = withEvent(j, { type: 'eval.trigger', ...base, result: trigger(0, 3) });
    j = withEvent(j, { type: 'eval.trigger', ...base, result: trigger(1, 2) });
    expect(j.triggers.map((t) => [t.index, t.triggers])).toEqual([
      [0, 3],
      [1, 2],
    ]);
    j = withEvent(j, {
      type: 'eval.finished',
      ...base,
      kind: 'benchmark',
      status: 'completed',
      error: null,
    });
    expect(j).toMatchObject({ status: 'completed', etaSeconds: null });
  });

  it("settles on the disk's records, keeping the live total and clock", () => {
    const live = { ...newJob('r1', 'triggers', 10, ['with_skill'], 1000), error: 'live error' };
    const detail = {
      runId: 'r1',
      kind: 'triggers',
      status: 'completed',
      folder: '/f',
      benchmark: null,
      triggers: null,
      improve: null,
    } as EvalRunDetail;
    const settled = settledJob(live, detail);
    expect(settled).toMatchObject({
      total: 10,
      startedAt: 1000,
      configs: ['with_skill'],
      status: 'completed',
      error: 'live error',
    });
    expect(jobFromDetail(detail).total).toBe(0);
  });
});
