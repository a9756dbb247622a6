/**
 * The pieces of one benchmark run: its folder, how it is recorded as failed, the
 * grading.json and timing.json of a graded run (skill-creator's fields), and the run as
 * benchmark.json lists it.
 */
import { describe, expect, it } from 'vitest';
import type { EvalCase, GradedExpectation } from '../../../shared/api/evals';
import {
  benchmarkRun,
  failedRun,
  gradingFiles,
  taskRunDir,
  type BenchmarkTask,
} from './benchmark-run';

const evalCase = (source: EvalCase['source'], id: number): EvalCase => ({
  id,
  key: `${source}#${id}`,
  name: `case ${id}`,
  prompt: 'Research tides',
  expected_output: null,
  files: [],
  checks: [],
  source,
  line: 1,
});

const task: BenchmarkTask = {
  c: evalCase('inline', 1),
  evalId: 3,
  configuration: 'with_skill',
  runNumber: 2,
};

const expectation = (passed: boolean): GradedExpectation => ({
  text: 'cites a source',
  passed,
  evidence: passed ? 'cites [1]' : 'no citation',
  kind: 'expectation',
});

const out = {
  toolCalls: [
    { name: 'calculator', arguments: {} },
    { name: 'calculator', arguments: {} },
    { name: 'time', arguments: {} },
  ],
  transcript: {
    provider: 'local',
    model: 'm',
    configuration: 'with_skill' as const,
    steps: [
      { role: 'user' as const, text: 'Research tides' },
      { role: 'tool_call' as const, tool: 'calculator', arguments: {}, id: '1' },
      { role: 'tool_result' as const, tool: 'calculator', id: '1', text: 'x', is_error: true },
      { role: 'assistant' as const, text: 'Tides [1]' },
    ],
    answer: 'Tides [1]',
    usage: { input_tokens: 10, output_tokens: 5 },
    started_at: '',
    finished_at: '',
    error: null,
  },
  artifacts: new Map([['response.md', 'Tides [1]']]),
  tokens: 15,
  durationMs: 1500,
};

describe('a benchmark run', () => {
  it('lives in its case, configuration and run folder, and fails under that name', () => {
    expect(taskRunDir(task)).toBe('eval-inline-1/with_skill/run-2');
    expect(taskRunDir({ ...task, c: evalCase('evals-json', 4) })).toBe('eval-4/with_skill/run-2');
    expect(failedRun(task, 'the model is unavailable', false)).toEqual({
      eval_id: 3,
      eval_name: 'case 1',
      configuration: 'with_skill',
      run_number: 2,
      case_key: 'inline#1',
      run_dir: 'eval-inline-1/with_skill/run-2',
      error: 'the model is unavailable',
      status: 'failed',
    });
    expect(failedRun(task, 'cancelled while grading', true).status).toBe('cancelled');
  });

  it('writes grading.json and timing.json from the answer, the verdicts and the clock', () => {
    const { grading, timing } = gradingFiles(
      out,
      { expectations: [expectation(true), expectation(false)], graderMs: 500 },
      {
        executorStart: new Date('2026-01-01T00:00:00.000Z'),
        executorEnd: new Date('2026-01-01T00:00:02.000Z'),
        graderEnd: new Date('2026-01-01T00:00:02.500Z'),
      },
    );
    expect(grading.summary).toMatchObject({ passed: 1, failed: 1, total: 2, pass_rate: 0.5 });
    expect(grading.execution_metrics).toEqual({
      tool_calls: { calculator: 2, time: 1 },
      total_tool_calls: 3,
      total_steps: 2,
      errors_encountered: 1,
      output_chars: 'Tides [1]'.length,
      transcript_chars: JSON.stringify(out.transcript.steps).length,
    });
    expect(grading.timing).toEqual({
      executor_duration_seconds: 2,
      grader_duration_seconds: 0.5,
      total_duration_seconds: 2.5,
    });
    expect(timing).toEqual({
      total_tokens: 15,
      duration_ms: 1500,
      total_duration_seconds: 2.5,
      executor_start: '2026-01-01T00:00:00.000Z',
      executor_end: '2026-01-01T00:00:02.000Z',
      executor_duration_seconds: 2,
      grader_start: '2026-01-01T00:00:02.000Z',
      grader_end: '2026-01-01T00:00:02.500Z',
      grader_duration_seconds: 0.5,
    });

    expect(benchmarkRun(task, out, grading)).toEqual({
      eval_id: 3,
      eval_name: 'case 1',
      configuration: 'with_skill',
      run_number: 2,
      result: {
        pass_rate: 0.5,
        passed: 1,
        failed: 1,
        total: 2,
        time_seconds: 2.5,
        tokens: 15,
        tool_calls: 3,
        errors: 1,
      },
      expectations: grading.expectations,
      notes: [],
      case_key: 'inline#1',
      run_dir: 'eval-inline-1/with_skill/run-2',
    });
  });
});
