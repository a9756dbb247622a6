/**
 * A benchmark: every chosen case, in every configuration, N times; each run graded
 * (deterministic checks by code, judged ones by the grader model) and written to its
 * own folder as it finishes; benchmark.json kept current as runs land, final at the end.
 *
 * Runs are interleaved (run 1 of every case and configuration first), so a benchmark
 * cut short by cancel or a provider outage still holds comparable runs of each. A run
 * whose model call fails is recorded as failed with the provider's words, and never
 * counted as a 0 % pass; finished runs stay on disk whatever happens later.
 */
import path from 'node:path';
import type {
  BenchmarkJson,
  BenchmarkRun,
  ConfigurationName,
  EvalCase,
  EvalEvent,
  EvalRunStatus,
  FailedRun,
} from '../../../shared/api/evals';
import { caseSummaries, deltaOf, runSummary } from '../../../shared/eval/aggregate';
import { checkText } from '../../../shared/eval/checks';
import { GRADER_SYSTEM_PROMPT } from '../../../shared/eval/grader';
import { describeSkippedCase } from '../../../shared/eval/skipped-case';
import { CONFIGURATION_ORDER } from '../../../shared/eval/types';
import { errorMessage } from '../../../shared/errors';
import {
  failedRun,
  runTask,
  type BenchmarkPlan,
  type BenchmarkTask,
  type TaskResult,
} from './benchmark-run';
import { BENCHMARK_FILE, caseFolder, CoalescingWriter, writeJson, writeText } from './eval-store';
import type { RunEnvironment } from './model-run';
import { Progress } from './progress';

export interface BenchmarkHooks {
  signal: AbortSignal;
  emit: (e: EvalEvent) => void;
  now?: () => number;
}

/**
 * Benchmark ids: evals.json cases keep theirs; inline cases keep theirs unless an
 * evals.json case has it, then take the next free number: skill-creator's viewer groups
 * benchmark.json's runs by eval_id, so two cases must not share one. (Folders are named
 * by source and the case's own id, caseFolder, so they never depend on this.)
 */
export function assignEvalIds(cases: readonly EvalCase[]): Map<string, number> {
  const ids = new Map<string, number>();
  const used = new Set<number>();
  for (const c of cases)
    if (c.source === 'evals-json') {
      ids.set(c.key, c.id);
      used.add(c.id);
    }
  let next = Math.max(0, ...used) + 1;
  for (const c of cases) {
    if (c.source === 'evals-json') continue;
    let id = c.id;
    if (used.has(id)) {
      while (used.has(next)) next++;
      id = next;
    }
    used.add(id);
    ids.set(c.key, id);
  }
  return ids;
}

/**
 * Every run of the benchmark in order: run 1 of every case and configuration first,
 * each case in the order given, configurations in CONFIGURATION_ORDER.
 */
export function benchmarkTasks(
  cases: readonly EvalCase[],
  configurations: readonly ConfigurationName[],
  runs: number,
  ids: Map<string, number>,
): BenchmarkTask[] {
  const tasks: BenchmarkTask[] = [];
  for (let runNumber = 1; runNumber <= runs; runNumber++)
    for (const c of cases)
      for (const configuration of configurations)
        tasks.push({ c, evalId: ids.get(c.key)!, configuration, runNumber });
  return tasks;
}

/** Where a benchmark stands: what benchmark.json is written from, as runs land. */
export interface BenchmarkState {
  runs: BenchmarkRun[];
  failed: FailedRun[];
  status: EvalRunStatus;
  error: string | null;
}

/** benchmark.json (skill-creator's schema, the studio's own fields under `studio`). */
export function benchmarkJson(
  plan: BenchmarkPlan,
  configurations: ConfigurationName[],
  ids: Map<string, number>,
  timestamp: string,
  state: BenchmarkState,
): BenchmarkJson {
  const casesMeta = plan.cases.map((c) => ({
    eval_id: ids.get(c.key)!,
    eval_name: c.name,
    case_key: c.key,
  }));
  const sorted = [...state.runs].sort(
    (a, b) =>
      a.eval_id - b.eval_id ||
      CONFIGURATION_ORDER.indexOf(a.configuration) - CONFIGURATION_ORDER.indexOf(b.configuration) ||
      a.run_number - b.run_number,
  );
  const summary = runSummary(sorted, configurations);
  const { failed } = state;
  return {
    metadata: {
      skill_name: plan.record.summary.name,
      skill_path: plan.record.dir,
      executor_model: `${plan.target.provider.id}/${plan.target.model}`,
      analyzer_model: `${plan.grader.provider.id}/${plan.grader.model}`,
      timestamp,
      evals_run: [...new Set(casesMeta.map((c) => c.eval_id))].sort((a, b) => a - b),
      runs_per_configuration: plan.runs,
    },
    runs: sorted,
    run_summary: summary,
    notes: [
      ...(failed.length > 0
        ? [`${failed.length} run(s) produced no answer; see studio.failed_runs`]
        : []),
      ...plan.skipped.map((s) => `not run: ${describeSkippedCase(s)}`),
    ],
    studio: {
      status: state.status,
      provider: plan.target.provider.id,
      configurations,
      concurrency: plan.concurrency,
      failed_runs: [...failed],
      cases: caseSummaries(sorted, failed, casesMeta, configurations),
      delta_old_skill: configurations.includes('old_skill')
        ? deltaOf(summary.with_skill, summary.old_skill)
        : null,
      error: state.error,
      grader_prompt: GRADER_SYSTEM_PROMPT,
      skipped_cases: plan.skipped,
      ...(plan.client
        ? { client: { id: plan.client.info.id, version: plan.client.info.version } }
        : {}),
    },
  };
}

/** How a benchmark ended: cancelled, failed (no run answered; the first failure says why), or completed. */
export function finalStatus(
  aborted: boolean,
  state: Pick<BenchmarkState, 'runs' | 'failed'>,
): Pick<BenchmarkState, 'status' | 'error'> {
  if (aborted) return { status: 'cancelled', error: null };
  if (state.runs.length === 0 && state.failed.length > 0)
    return { status: 'failed', error: state.failed[0].error };
  return { status: 'completed', error: null };
}

/** eval_metadata.json per case: skill-creator's aggregate reads eval_id from it. */
function writeCaseMetadata(plan: BenchmarkPlan, ids: Map<string, number>): Promise<unknown> {
  return Promise.all(
    plan.cases.map((c) =>
      writeJson(path.join(plan.folder, caseFolder(c), 'eval_metadata.json'), {
        eval_id: ids.get(c.key),
        eval_name: c.name,
        prompt: c.prompt,
        expected_output: c.expected_output,
        files: c.files,
        expectations: c.checks.map(checkText),
        case_key: c.key,
      }),
    ),
  );
}

export async function runBenchmark(
  env: RunEnvironment,
  plan: BenchmarkPlan,
  hooks: BenchmarkHooks,
): Promise<BenchmarkJson> {
  const now = hooks.now ?? Date.now;
  const ids = assignEvalIds(plan.cases);
  const configurations = CONFIGURATION_ORDER.filter((c) => plan.configurations.includes(c));
  const tasks = benchmarkTasks(plan.cases, configurations, plan.runs, ids);
  const state: BenchmarkState = { runs: [], failed: [], status: 'running', error: null };
  const progress = new Progress(tasks.length, now);
  const emitProgress = (): void =>
    hooks.emit({
      type: 'eval.progress',
      skill: plan.skill,
      runId: plan.runId,
      kind: 'benchmark',
      ...progress.snapshot(),
      concurrency: env.pool.limit,
    });
  const timestamp = new Date(now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const benchmark = (): BenchmarkJson => benchmarkJson(plan, configurations, ids, timestamp, state);
  const writer = new CoalescingWriter(path.join(plan.folder, BENCHMARK_FILE));

  // Written while the first runs start rather than before them.
  const metadataWritten = writeCaseMetadata(plan, ids);
  const firstWrite = writer.write(benchmark);
  emitProgress();

  const record = (result: TaskResult): void => {
    if (!result) return;
    if (result.run) {
      state.runs.push(result.run);
      progress.done();
    } else {
      state.failed.push(result.failed);
      progress.fail();
    }
    hooks.emit({ type: 'eval.run', skill: plan.skill, runId: plan.runId, ...result });
  };

  // Workers take tasks in order; the pool bounds the model calls, the workers bound
  // how many runs (with their tool work and file writes) are open at once. Four per
  // slot keep every slot busy while other runs write their folders (each file is
  // synced to disk, which is slow on a busy machine).
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tasks.length && !hooks.signal.aborted) {
      const t = tasks[next++];
      try {
        record(await runTask(env, plan, t, hooks.signal, now));
      } catch (err) {
        // A disk failure of one run: say so on that run, keep going.
        const known = state.failed.some(
          (f) =>
            f.case_key === t.c.key &&
            f.configuration === t.configuration &&
            f.run_number === t.runNumber,
        );
        if (!known) {
          progress.fail();
          state.failed.push(failedRun(t, errorMessage(err), false));
        }
      }
      emitProgress();
      void writer.write(benchmark);
    }
  };
  const workers = Math.max(1, Math.min(tasks.length, plan.concurrency * 4));
  await Promise.all([...Array.from({ length: workers }, worker), metadataWritten, firstWrite]);

  Object.assign(state, finalStatus(hooks.signal.aborted, state));
  const final = benchmark();
  await Promise.all([
    writer.write(() => final).then(() => writer.flush()),
    writeText(path.join(plan.folder, 'benchmark.md'), benchmarkMarkdown(final)),
  ]);
  return final;
}

/** benchmark.md, as skill-creator's generate_markdown writes it. */
export function benchmarkMarkdown(b: BenchmarkJson): string {
  const configs = CONFIGURATION_ORDER.filter((c) => b.run_summary[c]);
  const [a, z] = [configs[0], configs[1]];
  const label = (c: string | undefined): string =>
    (c ?? 'config').replace(/_/g, ' ').replace(/\b\w/g, (x) => x.toUpperCase());
  const sa = a ? b.run_summary[a] : undefined;
  const sz = z ? b.run_summary[z] : undefined;
  const pct = (x: number | undefined) => `${Math.round((x ?? 0) * 100)}%`;
  const f1 = (x: number | undefined) => (x ?? 0).toFixed(1);
  const f0 = (x: number | undefined) => (x ?? 0).toFixed(0);
  const lines = [
    `# Skill Benchmark: ${b.metadata.skill_name}`,
    '',
    `**Model**: ${b.metadata.executor_model}`,
    `**Date**: ${b.metadata.timestamp}`,
    `**Evals**: ${b.metadata.evals_run.join(', ')} (${b.metadata.runs_per_configuration} runs each per configuration)`,
    '',
    '## Summary',
    '',
    `| Metric | ${label(a)} | ${label(z)} | Delta |`,
    '|--------|------------|---------------|-------|',
    `| Pass Rate | ${pct(sa?.pass_rate.mean)} ± ${pct(sa?.pass_rate.stddev)} | ${pct(sz?.pass_rate.mean)} ± ${pct(sz?.pass_rate.stddev)} | ${b.run_summary.delta.pass_rate} |`,
    `| Time | ${f1(sa?.time_seconds.mean)}s ± ${f1(sa?.time_seconds.stddev)}s | ${f1(sz?.time_seconds.mean)}s ± ${f1(sz?.time_seconds.stddev)}s | ${b.run_summary.delta.time_seconds}s |`,
    `| Tokens | ${f0(sa?.tokens.mean)} ± ${f0(sa?.tokens.stddev)} | ${f0(sz?.tokens.mean)} ± ${f0(sz?.tokens.stddev)} | ${b.run_summary.delta.tokens} |`,
  ];
  if (b.notes.length > 0) lines.push('', '## Notes', '', ...b.notes.map((n) => `- ${n}`));
  return `${lines.join('\n')}\n`;
}
