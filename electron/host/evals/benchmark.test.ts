/**
 * How a benchmark is laid out and written down: interleaved runs, the status it ends
 * with, and benchmark.json made from where it stands.
 */
import { describe, expect, it } from 'vitest';
import type { EvalCase, FailedRun } from '../../../shared/api/evals';
import type { ProviderConfig } from '../providers';
import { assignEvalIds, benchmarkJson, benchmarkTasks, finalStatus } from './benchmark';
import type { BenchmarkPlan } from './benchmark-run';

const evalCase = (source: EvalCase['source'], id: number): EvalCase => ({
  id,
  key: `${source}#${id}`,
  name: `case ${id}`,
  prompt: `prompt ${id}`,
  expected_output: null,
  files: [],
  checks: [],
  source,
  line: 1,
});

const failure = (error: string): FailedRun => ({
  eval_id: 1,
  eval_name: 'case 1',
  configuration: 'with_skill',
  run_number: 1,
  case_key: 'evals-json#1',
  run_dir: 'eval-1/with_skill/run-1',
  error,
  status: 'failed',
});

describe('benchmarkTasks', () => {
  it('interleaves the runs: run 1 of every case and configuration first', () => {
    const cases = [evalCase('evals-json', 1), evalCase('inline', 1)];
    const ids = assignEvalIds(cases);
    const tasks = benchmarkTasks(cases, ['with_skill', 'without_skill'], 2, ids);
    expect(tasks.map((t) => `${t.runNumber} ${t.c.key} ${t.configuration} ${t.evalId}`)).toEqual([
      '1 evals-json#1 with_skill 1',
      '1 evals-json#1 without_skill 1',
      '1 inline#1 with_skill 2',
      '1 inline#1 without_skill 2',
      '2 evals-json#1 with_skill 1',
      '2 evals-json#1 without_skill 1',
      '2 inline#1 with_skill 2',
      '2 inline#1 without_skill 2',
    ]);
  });
});

describe('finalStatus', () => {
  it('is cancelled when stopped, failed with the first error when nothing answered, else completed', () => {
    const none = { runs: [], failed: [failure('first'), failure('second')] };
    expect(finalStatus(true, none)).toEqual({ status: 'cancelled', error: null });
    expect(finalStatus(false, none)).toEqual({ status: 'failed', error: 'first' });
    expect(finalStatus(false, { runs: [], failed: [] })).toEqual({
      status: 'completed',
      error: null,
    });
  });
});

describe('benchmarkJson', () => {
  const provider = { id: 'local', model: 'm' } as ProviderConfig;
  const plan = {
    record: { summary: { name: 'research' }, dir: '/skills/research' },
    cases: [evalCase('evals-json', 1)],
    runs: 3,
    concurrency: 4,
    target: { provider, model: 'm' },
    grader: { provider, model: 'judge' },
    skipped: [],
    client: null,
  } as unknown as BenchmarkPlan;

  it("names the models and cases, counts what failed, and keeps the studio's fields", () => {
    const ids = assignEvalIds(plan.cases);
    const json = benchmarkJson(plan, ['with_skill', 'without_skill'], ids, '2026-01-01T00:00:00Z', {
      runs: [],
      failed: [failure('the model is unavailable')],
      status: 'failed',
      error: 'the model is unavailable',
    });
    expect(json.metadata).toEqual({
      skill_name: 'research',
      skill_path: '/skills/research',
      executor_model: 'local/m',
      analyzer_model: 'local/judge',
      timestamp: '2026-01-01T00:00:00Z',
      evals_run: [1],
      runs_per_configuration: 3,
    });
    expect(json.notes).toEqual(['1 run(s) produced no answer; see studio.failed_runs']);
    expect(json.studio).toMatchObject({
      status: 'failed',
      provider: 'local',
      configurations: ['with_skill', 'without_skill'],
      concurrency: 4,
      error: 'the model is unavailable',
      delta_old_skill: null,
      skipped_cases: [],
    });
    expect(json.studio.failed_runs).toHaveLength(1);
    expect(json.studio).not.toHaveProperty('client');
  });
});
