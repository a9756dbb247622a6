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
  GradedExpectation,
  GradingJson,
  SkippedCase,
  TimingJson,
} from '../../../shared/api/evals';
import { caseSummaries, deltaOf, gradingSummary, runSummary } from '../../../shared/eval/aggregate';
import { checkText, isJudged, runCheck, type JudgedCheck } from '../../../shared/eval/checks';
import {
  GRADER_SYSTEM_PROMPT,
  graderUserPrompt,
  readGraderAnswer,
  ungraded,
} from '../../../shared/eval/grader';
import { describeSkippedCase } from '../../../shared/eval/skipped-case';
import { CONFIGURATION_ORDER } from '../../../shared/eval/types';
import type { SkillRecord } from '../../../shared/skill/model';
import { errorMessage } from '../../../shared/errors';
import {
  BENCHMARK_FILE,
  caseFolder,
  caseRunDir,
  CoalescingWriter,
  outputPath,
  writeJson,
  writeText,
} from './eval-store';
import {
  callModel,
  GENERAL_TOOLS,
  NO_SKILL_INSTRUCTIONS,
  runModel,
  type ModelRunOutput,
  type ModelTarget,
  type RunEnvironment,
} from './model-run';
import { Progress } from './progress';
import { runCaseInClient, type ClientEvalTarget } from './client-asks';

export interface BenchmarkPlan {
  skill: string;
  record: SkillRecord;
  /** The body of SKILL.md at git HEAD (old_skill), or null. */
  oldBody: string | null;
  cases: EvalCase[];
  configurations: ConfigurationName[];
  runs: number;
  concurrency: number;
  target: ModelTarget;
  grader: ModelTarget;
  timeoutMs: number;
  runId: string;
  folder: string;
  /** Text of the cases' input files by path (shown to every configuration alike). */
  inputFiles: Map<string, string>;
  /** The skill's cases that cannot run as written: recorded, never run. */
  skipped: SkippedCase[];
  /** Run each case inside this agent client (with the skill installed, or not) instead. */
  client?: (ClientEvalTarget & { skillDir: string }) | null;
}

export interface BenchmarkHooks {
  signal: AbortSignal;
  emit: (e: EvalEvent) => void;
  now?: () => number;
}

interface Task {
  c: EvalCase;
  evalId: number;
  configuration: ConfigurationName;
  runNumber: number;
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

/** The user turn: the prompt, then any input files the case names. */
export function caseUserTurn(c: EvalCase, inputFiles: Map<string, string>): string {
  if (c.files.length === 0) return c.prompt;
  const parts = [c.prompt, '', 'Input files:'];
  for (const f of c.files) {
    const text = inputFiles.get(f);
    parts.push('', `--- ${f} ---`, text ?? '(could not be read)');
  }
  return parts.join('\n');
}

function transcriptDigest(out: ModelRunOutput): string {
  return out.transcript.steps
    .filter((s) => s.role === 'tool_call' || s.role === 'tool_result')
    .map((s) =>
      s.role === 'tool_call'
        ? `called ${s.tool} ${JSON.stringify(s.arguments ?? {})}`
        : `result of ${s.tool}: ${s.text}`,
    )
    .join('\n');
}

async function grade(
  env: RunEnvironment,
  plan: BenchmarkPlan,
  c: EvalCase,
  out: ModelRunOutput,
  signal: AbortSignal,
): Promise<{ expectations: GradedExpectation[]; graderMs: number }> {
  const evidence = {
    answer: out.answer,
    artifacts: [...out.artifacts.keys()],
    toolCalls: out.toolCalls.map((t) => t.name),
  };
  const judged = c.checks.filter(isJudged) as JudgedCheck[];
  const verdicts = new Map<JudgedCheck, GradedExpectation>();
  const started = Date.now();
  if (judged.length > 0) {
    const user = graderUserPrompt({
      prompt: c.prompt,
      expectedOutput: c.expected_output,
      answer: out.answer,
      transcript: transcriptDigest(out),
      checks: judged,
    });
    let raw = '';
    let why = '';
    let graded: GradedExpectation[] | null = null;
    // One retry for an answer that is not the asked-for JSON; then "ungraded".
    for (let attempt = 0; attempt < 2 && graded === null; attempt++) {
      try {
        const reply = await callModel(env, plan.grader, GRADER_SYSTEM_PROMPT, user, {
          signal,
          timeoutMs: plan.timeoutMs,
        });
        raw = reply.text;
        const verdict = readGraderAnswer(raw, judged);
        if (verdict.ok) graded = verdict.expectations;
        else why = verdict.why;
      } catch (err) {
        if (signal.aborted) throw err;
        raw = '';
        why = `the grader call failed: ${errorMessage(err)}`;
      }
    }
    (graded ?? ungraded(judged, raw, why)).forEach((g, i) => verdicts.set(judged[i], g));
  }
  const expectations = c.checks.map((check) =>
    isJudged(check) ? verdicts.get(check)! : runCheck(check, evidence),
  );
  return { expectations, graderMs: judged.length > 0 ? Date.now() - started : 0 };
}

function instructionsFor(
  plan: BenchmarkPlan,
  configuration: ConfigurationName,
): {
  instructions: string | null;
  tools: readonly string[] | null;
} {
  if (configuration === 'without_skill')
    return { instructions: NO_SKILL_INSTRUCTIONS, tools: GENERAL_TOOLS };
  if (configuration === 'old_skill') return { instructions: plan.oldBody ?? '', tools: null };
  return { instructions: null, tools: null };
}

export async function runBenchmark(
  env: RunEnvironment,
  plan: BenchmarkPlan,
  hooks: BenchmarkHooks,
): Promise<BenchmarkJson> {
  const now = hooks.now ?? Date.now;
  const ids = assignEvalIds(plan.cases);
  const configurations = CONFIGURATION_ORDER.filter((c) => plan.configurations.includes(c));
  const tasks: Task[] = [];
  for (let runNumber = 1; runNumber <= plan.runs; runNumber++)
    for (const c of plan.cases)
      for (const configuration of configurations)
        tasks.push({ c, evalId: ids.get(c.key)!, configuration, runNumber });

  const runs: BenchmarkRun[] = [];
  const failed: FailedRun[] = [];
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
  let status: EvalRunStatus = 'running';
  let stopError: string | null = null;
  const timestamp = new Date(now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const casesMeta = plan.cases.map((c) => ({
    eval_id: ids.get(c.key)!,
    eval_name: c.name,
    case_key: c.key,
  }));

  const benchmark = (): BenchmarkJson => {
    const sorted = [...runs].sort(
      (a, b) =>
        a.eval_id - b.eval_id ||
        CONFIGURATION_ORDER.indexOf(a.configuration) -
          CONFIGURATION_ORDER.indexOf(b.configuration) ||
        a.run_number - b.run_number,
    );
    const summary = runSummary(sorted, configurations);
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
        status,
        provider: plan.target.provider.id,
        configurations,
        concurrency: plan.concurrency,
        failed_runs: [...failed],
        cases: caseSummaries(sorted, failed, casesMeta, configurations),
        delta_old_skill: configurations.includes('old_skill')
          ? deltaOf(summary.with_skill, summary.old_skill)
          : null,
        error: stopError,
        grader_prompt: GRADER_SYSTEM_PROMPT,
        skipped_cases: plan.skipped,
        ...(plan.client
          ? { client: { id: plan.client.info.id, version: plan.client.info.version } }
          : {}),
      },
    };
  };
  const writer = new CoalescingWriter(path.join(plan.folder, BENCHMARK_FILE));

  // eval_metadata.json per case (skill-creator's aggregate reads eval_id from it),
  // written while the first runs start rather than before them.
  const metadataWritten = Promise.all(
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
  const firstWrite = writer.write(benchmark);
  emitProgress();

  const runOne = async (t: Task): Promise<void> => {
    const rel = caseRunDir(caseFolder(t.c), t.configuration, t.runNumber);
    const dir = path.join(plan.folder, ...rel.split('/'));
    const fail = (error: string, cancelled: boolean): void => {
      const f: FailedRun = {
        eval_id: t.evalId,
        eval_name: t.c.name,
        configuration: t.configuration,
        run_number: t.runNumber,
        case_key: t.c.key,
        run_dir: rel,
        error,
        status: cancelled ? 'cancelled' : 'failed',
      };
      failed.push(f);
      progress.fail();
      hooks.emit({ type: 'eval.run', skill: plan.skill, runId: plan.runId, run: null, failed: f });
    };
    if (hooks.signal.aborted) return;
    const { instructions, tools } = instructionsFor(plan, t.configuration);
    const executorStart = new Date(now());
    const out = plan.client
      ? await runCaseInClient(plan.client, {
          skill: { name: plan.record.summary.name, dir: plan.client.skillDir },
          configuration: t.configuration,
          prompt: caseUserTurn(t.c, plan.inputFiles),
          target: plan.target,
          timeoutMs: plan.timeoutMs,
          signal: hooks.signal,
        })
      : await runModel(env, {
          record: plan.record,
          configuration: t.configuration,
          instructions,
          tools,
          userTurn: caseUserTurn(t.c, plan.inputFiles),
          target: plan.target,
          timeoutMs: plan.timeoutMs,
          signal: hooks.signal,
        });
    const executorEnd = new Date(now());
    // The transcript and outputs are written while the grader works (they do not depend on it).
    const saved = Promise.all([
      writeJson(path.join(dir, 'transcript.json'), out.transcript),
      ...[...out.artifacts].map(([name, text]) => {
        const file = outputPath(name);
        return file ? writeText(path.join(dir, 'outputs', ...file.split('/')), text) : null;
      }),
    ]);
    if (!out.ok) {
      await saved;
      fail(out.error ?? 'the run failed', out.cancelled);
      return;
    }
    let graded;
    try {
      graded = await grade(env, plan, t.c, out, hooks.signal);
    } catch (err) {
      await saved;
      fail(
        hooks.signal.aborted ? 'cancelled while grading' : errorMessage(err),
        hooks.signal.aborted,
      );
      return;
    }
    const graderEnd = new Date(now());
    const executorSeconds = (executorEnd.getTime() - executorStart.getTime()) / 1000;
    const graderSeconds = graded.graderMs / 1000;
    const summary = gradingSummary(graded.expectations);
    const toolCounts: Record<string, number> = {};
    for (const call of out.toolCalls) toolCounts[call.name] = (toolCounts[call.name] ?? 0) + 1;
    const transcriptChars = JSON.stringify(out.transcript.steps).length;
    const outputChars = [...out.artifacts.values()].reduce((n, s) => n + s.length, 0);
    const grading: GradingJson = {
      expectations: graded.expectations,
      summary,
      execution_metrics: {
        tool_calls: toolCounts,
        total_tool_calls: out.toolCalls.length,
        total_steps: out.transcript.steps.filter(
          (s) => s.role === 'assistant' || s.role === 'tool_call',
        ).length,
        errors_encountered: out.transcript.steps.filter(
          (s) => s.role === 'tool_result' && s.is_error,
        ).length,
        output_chars: outputChars,
        transcript_chars: transcriptChars,
      },
      timing: {
        executor_duration_seconds: executorSeconds,
        grader_duration_seconds: graderSeconds,
        total_duration_seconds: executorSeconds + graderSeconds,
      },
      user_notes_summary: { uncertainties: [], needs_review: [], workarounds: [] },
    };
    const timing: TimingJson = {
      total_tokens: out.tokens,
      duration_ms: out.durationMs,
      total_duration_seconds: executorSeconds + graderSeconds,
      executor_start: executorStart.toISOString(),
      executor_end: executorEnd.toISOString(),
      executor_duration_seconds: executorSeconds,
      grader_start: executorEnd.toISOString(),
      grader_end: graderEnd.toISOString(),
      grader_duration_seconds: graderSeconds,
    };
    await Promise.all([
      saved,
      writeJson(path.join(dir, 'grading.json'), grading),
      writeJson(path.join(dir, 'timing.json'), timing),
    ]);
    const run: BenchmarkRun = {
      eval_id: t.evalId,
      eval_name: t.c.name,
      configuration: t.configuration,
      run_number: t.runNumber,
      result: {
        pass_rate: summary.pass_rate,
        passed: summary.passed,
        failed: summary.failed,
        total: summary.total,
        // Like aggregate_benchmark.py: the run's total_duration_seconds.
        time_seconds: grading.timing.total_duration_seconds,
        tokens: out.tokens,
        tool_calls: out.toolCalls.length,
        errors: grading.execution_metrics.errors_encountered,
      },
      expectations: graded.expectations,
      notes: [],
      case_key: t.c.key,
      run_dir: rel,
    };
    runs.push(run);
    progress.done();
    hooks.emit({ type: 'eval.run', skill: plan.skill, runId: plan.runId, run, failed: null });
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
        await runOne(t);
      } catch (err) {
        // A disk failure of one run: say so on that run, keep going.
        const known = failed.some(
          (f) =>
            f.case_key === t.c.key &&
            f.configuration === t.configuration &&
            f.run_number === t.runNumber,
        );
        if (!known) {
          progress.fail();
          failed.push({
            eval_id: t.evalId,
            eval_name: t.c.name,
            configuration: t.configuration,
            run_number: t.runNumber,
            case_key: t.c.key,
            run_dir: caseRunDir(caseFolder(t.c), t.configuration, t.runNumber),
            error: errorMessage(err),
            status: 'failed',
          });
        }
      }
      emitProgress();
      void writer.write(benchmark);
    }
  };
  const workers = Math.max(1, Math.min(tasks.length, plan.concurrency * 4));
  await Promise.all([...Array.from({ length: workers }, worker), metadataWritten, firstWrite]);

  if (hooks.signal.aborted) status = 'cancelled';
  else if (runs.length === 0 && failed.length > 0) {
    status = 'failed';
    stopError = failed[0].error;
  } else status = 'completed';
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
