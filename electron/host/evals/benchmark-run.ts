/**
 * One run of a benchmark: one case in one configuration, its n-th time. The model
 * answers (the studio's own loop, or an agent client), its transcript and outputs are
 * written to the run's folder, the grader judges it, and grading.json and timing.json
 * (skill-creator's schemas) are written beside them.
 */
import path from 'node:path';
import type {
  BenchmarkRun,
  ConfigurationName,
  EvalCase,
  FailedRun,
  GradedExpectation,
  GradingJson,
  SkippedCase,
  TimingJson,
} from '../../../shared/api/evals';
import { gradingSummary } from '../../../shared/eval/aggregate';
import { isJudged, runCheck, type JudgedCheck } from '../../../shared/eval/checks';
import {
  GRADER_SYSTEM_PROMPT,
  graderUserPrompt,
  readGraderAnswer,
  ungraded,
} from '../../../shared/eval/grader';
import type { SkillRecord } from '../../../shared/skill/model';
import { errorMessage } from '../../../shared/errors';
import { runCaseInClient, type ClientEvalTarget } from './client-asks';
import { caseFolder, caseRunDir, outputPath, writeJson, writeText } from './eval-store';
import {
  callModel,
  GENERAL_TOOLS,
  NO_SKILL_INSTRUCTIONS,
  runModel,
  type ModelRunOutput,
  type ModelTarget,
  type RunEnvironment,
} from './model-run';

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

/** One run to make: a case, in a configuration, its n-th time. */
export interface BenchmarkTask {
  c: EvalCase;
  evalId: number;
  configuration: ConfigurationName;
  runNumber: number;
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

/** What one run came to: recorded as run (graded), or as failed (with why); null: not started. */
export type TaskResult =
  { run: BenchmarkRun; failed: null } | { run: null; failed: FailedRun } | null;

/** The run's folder inside the eval run, as benchmark.json names it (`eval-1/with_skill/run-2`). */
export function taskRunDir(t: BenchmarkTask): string {
  return caseRunDir(caseFolder(t.c), t.configuration, t.runNumber);
}

/** The run recorded as failed (or cancelled), with why. */
export function failedRun(t: BenchmarkTask, error: string, cancelled: boolean): FailedRun {
  return {
    eval_id: t.evalId,
    eval_name: t.c.name,
    configuration: t.configuration,
    run_number: t.runNumber,
    case_key: t.c.key,
    run_dir: taskRunDir(t),
    error,
    status: cancelled ? 'cancelled' : 'failed',
  };
}

/**
 * Makes one run and writes its folder. Never records anything itself: the caller
 * counts the result. Throws only when a file cannot be written.
 */
export async function runTask(
  env: RunEnvironment,
  plan: BenchmarkPlan,
  t: BenchmarkTask,
  signal: AbortSignal,
  now: () => number,
): Promise<TaskResult> {
  const rel = taskRunDir(t);
  const dir = path.join(plan.folder, ...rel.split('/'));
  if (signal.aborted) return null;
  const executorStart = new Date(now());
  const out = await answerCase(env, plan, t, signal);
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
    return { run: null, failed: failedRun(t, out.error ?? 'the run failed', out.cancelled) };
  }
  let graded;
  try {
    graded = await grade(env, plan, t.c, out, signal);
  } catch (err) {
    await saved;
    const cancelled = signal.aborted;
    return {
      run: null,
      failed: failedRun(t, cancelled ? 'cancelled while grading' : errorMessage(err), cancelled),
    };
  }
  const { grading, timing } = gradingFiles(out, graded, {
    executorStart,
    executorEnd,
    graderEnd: new Date(now()),
  });
  await Promise.all([
    saved,
    writeJson(path.join(dir, 'grading.json'), grading),
    writeJson(path.join(dir, 'timing.json'), timing),
  ]);
  return { run: benchmarkRun(t, out, grading), failed: null };
}

/** The case's answer: in the agent client of the plan, else the studio's own model loop. */
function answerCase(
  env: RunEnvironment,
  plan: BenchmarkPlan,
  t: BenchmarkTask,
  signal: AbortSignal,
): Promise<ModelRunOutput> {
  const { instructions, tools } = instructionsFor(plan, t.configuration);
  return plan.client
    ? runCaseInClient(plan.client, {
        skill: { name: plan.record.summary.name, dir: plan.client.skillDir },
        configuration: t.configuration,
        prompt: caseUserTurn(t.c, plan.inputFiles),
        target: plan.target,
        timeoutMs: plan.timeoutMs,
        signal,
      })
    : runModel(env, {
        record: plan.record,
        configuration: t.configuration,
        instructions,
        tools,
        userTurn: caseUserTurn(t.c, plan.inputFiles),
        target: plan.target,
        timeoutMs: plan.timeoutMs,
        signal,
      });
}

/** grading.json and timing.json of a graded run (skill-creator's field names). */
export function gradingFiles(
  out: Pick<ModelRunOutput, 'toolCalls' | 'transcript' | 'artifacts' | 'tokens' | 'durationMs'>,
  graded: { expectations: GradedExpectation[]; graderMs: number },
  times: { executorStart: Date; executorEnd: Date; graderEnd: Date },
): { grading: GradingJson; timing: TimingJson } {
  const { executorStart, executorEnd, graderEnd } = times;
  const executorSeconds = (executorEnd.getTime() - executorStart.getTime()) / 1000;
  const graderSeconds = graded.graderMs / 1000;
  const toolCounts: Record<string, number> = {};
  for (const call of out.toolCalls) toolCounts[call.name] = (toolCounts[call.name] ?? 0) + 1;
  const grading: GradingJson = {
    expectations: graded.expectations,
    summary: gradingSummary(graded.expectations),
    execution_metrics: {
      tool_calls: toolCounts,
      total_tool_calls: out.toolCalls.length,
      total_steps: out.transcript.steps.filter(
        (s) => s.role === 'assistant' || s.role === 'tool_call',
      ).length,
      errors_encountered: out.transcript.steps.filter((s) => s.role === 'tool_result' && s.is_error)
        .length,
      output_chars: [...out.artifacts.values()].reduce((n, s) => n + s.length, 0),
      transcript_chars: JSON.stringify(out.transcript.steps).length,
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
  return { grading, timing };
}

/** The run as benchmark.json lists it. */
export function benchmarkRun(
  t: BenchmarkTask,
  out: Pick<ModelRunOutput, 'tokens' | 'toolCalls'>,
  grading: GradingJson,
): BenchmarkRun {
  const summary = grading.summary;
  return {
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
    expectations: grading.expectations,
    notes: [],
    case_key: t.c.key,
    run_dir: taskRunDir(t),
  };
}
