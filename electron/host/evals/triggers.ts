/**
 * Trigger evals: does the model reach for the skill when it should, and leave it alone
 * when it should not? Each query is asked several times of a model that sees an agent's
 * `<available_skills>` index (the allowlist preview's, with this skill in it) and two
 * tools, `skill` (load a skill by name) and `read` (read a file such as a SKILL.md). An
 * ask "triggers" when the model's first turn calls `skill` with this skill's name or
 * reads this skill's SKILL.md. Scored like skill-creator's run_eval.py, plus precision
 * and recall over queries.
 *
 * "Improve description" (skill-creator's run_loop.py, one round): a held-out split of
 * the queries is set aside (stratified, seeded), the current description is scored, a
 * model writes a better one from the train split's results only, and the new one is
 * scored on the same queries. Nothing is written to SKILL.md.
 */
import path from 'node:path';
import type {
  EvalEvent,
  EvalRunStatus,
  EvalTranscript,
  ImproveDescriptionJson,
  SkippedCase,
  TranscriptStep,
  TriggerQuery,
  TriggerQueryResult,
  TriggerResultsJson,
} from '../../../shared/api/evals';
import { splitHeldOut, triggerResult, triggerScores } from '../../../shared/eval/aggregate';
import { answerAsJson } from '../../../shared/eval/checks';
import { toPromptXml, type IndexedSkill } from '../../../shared/skill/prompt-index';
import { errorMessage } from '../../../shared/errors';
import type { ToolSpec } from '../providers';
import { IMPROVE_FILE, TRIGGER_RESULTS_FILE, triggerRunDir, writeJson } from './eval-store';
import { callModel, type ModelTarget, type RunEnvironment } from './model-run';
import { Progress } from './progress';
import { askInClient, clientVerdict, type ClientEvalTarget } from './client-asks';

export const TRIGGER_TOOLS: ToolSpec[] = [
  {
    name: 'skill',
    description: 'Loads one of the available skills by name, to follow its instructions.',
    parameters: {
      type: 'object',
      properties: { name: { type: 'string', description: 'The skill name' } },
      required: ['name'],
    },
  },
  {
    name: 'read',
    description: "Reads a file, such as a skill's SKILL.md at its location.",
    parameters: {
      type: 'object',
      properties: { path: { type: 'string' } },
      required: ['path'],
    },
  },
];

export function triggerSystemPrompt(index: readonly IndexedSkill[]): string {
  return [
    'You are an assistant that can use skills. The skills available to you are listed below.',
    "When a skill fits the user's request, load it before answering: call the `skill` tool",
    'with its name (or `read` its SKILL.md at its location). When none fits, answer directly',
    'without loading any skill.',
    '',
    toPromptXml(index),
  ].join('\n');
}

/** The index the model sees: the agent's skills, with this skill (and the description under test). */
export function indexWith(
  others: readonly IndexedSkill[],
  skillName: string,
  description: string,
): IndexedSkill[] {
  const rest = others.filter((s) => s.name !== skillName);
  return [
    ...rest.map((s) => ({ ...s, location: s.location ?? `skills/${s.name}/SKILL.md` })),
    { name: skillName, description, location: `skills/${skillName}/SKILL.md` },
  ];
}

/** A tool call's arguments as JSON, or the text as the model wrote it. */
function argumentsOf(text: string): unknown {
  const parsed = answerAsJson(text || '{}');
  return parsed.ok ? parsed.value : text;
}

/** Whether a first turn chose the skill, and the call that shows it. */
export function choseSkill(
  calls: readonly { name: string; argumentsText: string }[],
  skillName: string,
): { triggered: boolean; evidence: string | null } {
  for (const call of calls) {
    const args = argumentsOf(call.argumentsText);
    const value =
      typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {};
    // Some clients offer each skill as a tool of its own name.
    if (call.name === skillName) return { triggered: true, evidence: `${skillName}(…)` };
    if (call.name === 'skill' && value.name === skillName)
      return { triggered: true, evidence: `skill(${JSON.stringify(skillName)})` };
    if (call.name === 'read' && typeof value.path === 'string') {
      const p = value.path.replace(/\\/g, '/');
      if (p === `${skillName}/SKILL.md` || p.endsWith(`/${skillName}/SKILL.md`))
        return { triggered: true, evidence: `read(${JSON.stringify(value.path)})` };
    }
  }
  return {
    triggered: false,
    evidence: calls.length > 0 ? `called ${calls.map((c) => c.name).join(', ')}` : null,
  };
}

export interface ScoreInput {
  skillName: string;
  description: string;
  others: readonly IndexedSkill[];
  queries: readonly (TriggerQuery & { index: number })[];
  runs: number;
  threshold: number;
  target: ModelTarget;
  timeoutMs: number;
  folder: string;
  /** Sub-folder of the run for these asks ('' or 'old', 'new'). */
  prefix: string;
  signal: AbortSignal;
  progress: Progress;
  onResult: (r: TriggerQueryResult) => void;
  onAsk: () => void;
  /** Ask inside this agent client instead of the studio's model loop (with the skill's folder). */
  client?: (ClientEvalTarget & { skillDir: string }) | null;
}

/** Asks every query `runs` times; results in query order. */
export async function scoreDescription(
  env: RunEnvironment,
  input: ScoreInput,
): Promise<TriggerQueryResult[]> {
  const index = indexWith(input.others, input.skillName, input.description);
  const system = triggerSystemPrompt(index);
  const outcomes = new Map<number, (boolean | null)[]>();
  for (const q of input.queries) outcomes.set(q.index, []);
  /** Per query: the other skills a client activated instead, by how often. */
  const wonBy = new Map<number, Record<string, number>>();
  const resultOf = (q: TriggerQuery & { index: number }): TriggerQueryResult => {
    const r = triggerResult(
      q.index,
      q.query,
      q.should_trigger,
      outcomes.get(q.index)!,
      input.threshold,
    );
    const won = wonBy.get(q.index);
    return won ? { ...r, won_by: won } : r;
  };
  const client = input.client ?? null;
  const tasks: { q: TriggerQuery & { index: number }; run: number }[] = [];
  for (let run = 1; run <= input.runs; run++) for (const q of input.queries) tasks.push({ q, run });

  const askOne = async ({ q, run }: (typeof tasks)[number]): Promise<void> => {
    const started = new Date();
    const steps: TranscriptStep[] = [
      { role: 'system', text: system },
      { role: 'user', text: q.query },
    ];
    let triggered: boolean | null = null;
    let evidence: string | null = null;
    let error: string | null = null;
    let tokens = 0;
    let clientFacts: Pick<EvalTranscript, 'client' | 'activated_skills'> = {};
    if (client) {
      steps.length = 0;
      steps.push({ role: 'user', text: q.query });
      const ask = await askInClient(
        client,
        [{ name: input.skillName, dir: client.skillDir }, ...client.others],
        q.query,
        {
          signal: input.signal,
          timeoutMs: input.timeoutMs,
        },
      );
      steps.push(...ask.steps);
      tokens = ask.outcome.usage.input_tokens + ask.outcome.usage.output_tokens;
      const verdict = clientVerdict(ask.outcome, input.skillName);
      ({ triggered, evidence, error } = verdict);
      if (input.signal.aborted) error = 'cancelled';
      for (const other of verdict.wonBy) {
        const won = wonBy.get(q.index) ?? {};
        won[other] = (won[other] ?? 0) + 1;
        wonBy.set(q.index, won);
      }
      clientFacts = { client: ask.outcome.client, activated_skills: ask.outcome.activatedSkills };
    } else
      try {
        const reply = await callModel(env, input.target, system, q.query, {
          signal: input.signal,
          timeoutMs: input.timeoutMs,
          tools: TRIGGER_TOOLS,
        });
        tokens = reply.tokens;
        if (reply.text) steps.push({ role: 'assistant', text: reply.text });
        reply.toolCalls.forEach((c, i) =>
          steps.push({
            role: 'tool_call',
            tool: c.name,
            arguments: argumentsOf(c.argumentsText),
            id: `${i}`,
          }),
        );
        ({ triggered, evidence } = choseSkill(reply.toolCalls, input.skillName));
      } catch (err) {
        error = input.signal.aborted ? 'cancelled' : errorMessage(err);
      }
    const transcript: EvalTranscript = {
      provider: input.target.provider.id,
      model: input.target.model,
      configuration: 'trigger',
      steps,
      answer: '',
      usage: { input_tokens: tokens, output_tokens: 0 },
      started_at: started.toISOString(),
      finished_at: new Date().toISOString(),
      error,
      triggered: triggered ?? undefined,
      trigger_evidence: evidence,
      ...clientFacts,
    };
    const rel = triggerRunDir(q.index, run);
    await writeJson(
      path.join(input.folder, input.prefix, ...rel.split('/'), 'transcript.json'),
      transcript,
    );
    if (error !== null && input.signal.aborted) return;
    outcomes.get(q.index)!.push(triggered);
    if (error !== null) input.progress.fail();
    else input.progress.done();
    input.onResult(resultOf(q));
    input.onAsk();
  };

  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tasks.length && !input.signal.aborted) await askOne(tasks[next++]);
  };
  // A client ask is a whole process: as many at once as asked, not the provider pool's.
  const width = client ? client.concurrency : env.pool.max * 2;
  const workers = Math.max(1, Math.min(tasks.length, width));
  await Promise.all(Array.from({ length: workers }, worker));
  return input.queries.map(resultOf);
}

export interface TriggerPlan {
  skill: string;
  skillName: string;
  description: string;
  others: IndexedSkill[];
  queries: (TriggerQuery & { index: number })[];
  runs: number;
  threshold: number;
  target: ModelTarget;
  timeoutMs: number;
  runId: string;
  folder: string;
  /** The trigger queries that cannot run as written: recorded, never asked. */
  skipped: SkippedCase[];
  client?: (ClientEvalTarget & { skillDir: string }) | null;
}

export interface JobHooks {
  signal: AbortSignal;
  emit: (e: EvalEvent) => void;
}

function statusOf(signal: AbortSignal, results: TriggerQueryResult[]): EvalRunStatus {
  if (signal.aborted) return 'cancelled';
  return results.length > 0 && results.every((r) => r.runs === 0) ? 'failed' : 'completed';
}

export async function runTriggerEval(
  env: RunEnvironment,
  plan: TriggerPlan,
  hooks: JobHooks,
): Promise<TriggerResultsJson> {
  const progress = new Progress(plan.queries.length * plan.runs);
  const emitProgress = (): void =>
    hooks.emit({
      type: 'eval.progress',
      skill: plan.skill,
      runId: plan.runId,
      kind: 'triggers',
      ...progress.snapshot(),
      concurrency: env.pool.limit,
    });
  emitProgress();
  const results = await scoreDescription(env, {
    ...plan,
    prefix: '',
    signal: hooks.signal,
    progress,
    onResult: (result) =>
      hooks.emit({ type: 'eval.trigger', skill: plan.skill, runId: plan.runId, result }),
    onAsk: emitProgress,
  });
  const scores = triggerScores(results, plan.threshold);
  const passed = results.filter((r) => r.pass).length;
  const status = statusOf(hooks.signal, results);
  const out: TriggerResultsJson = {
    skill_name: plan.skillName,
    description: plan.description,
    results,
    summary: {
      total: results.length,
      passed,
      failed: results.length - passed,
      precision: scores.precision,
      recall: scores.recall,
      confusion: scores.confusion,
      threshold: plan.threshold,
    },
    studio: {
      status,
      provider: plan.target.provider.id,
      model: plan.target.model,
      runs_per_query: plan.runs,
      error: status === 'failed' ? 'no ask got an answer from the model' : null,
      skipped_queries: plan.skipped,
      ...(plan.client
        ? { client: { id: plan.client.info.id, version: plan.client.info.version } }
        : {}),
    },
  };
  await writeJson(path.join(plan.folder, TRIGGER_RESULTS_FILE), out);
  return out;
}

export const DESCRIPTION_WRITER_PROMPT = `You write the description of an agent skill. An agent sees only the
skill's name and description when deciding whether to load it, so the description must say what
the skill does and when to use it, precisely enough that the agent loads it for the requests it
serves and leaves it alone for near misses. At most 1024 characters, no angle brackets.

Answer with JSON only: {"description": "<the new description>", "rationale": "<one or two sentences>"}`;

function writerPrompt(plan: TriggerPlan, body: string, train: TriggerQueryResult[]): string {
  const line = (r: TriggerQueryResult) =>
    `- ${JSON.stringify(r.query)} — should ${r.should_trigger ? '' : 'NOT '}trigger; triggered ${r.triggers}/${r.runs}${r.pass ? '' : '  ← wrong'}`;
  return [
    `Skill name: ${plan.skillName}`,
    `Current description: ${plan.description}`,
    '',
    "The skill's instructions (start):",
    body.slice(0, 3000),
    '',
    'How the current description did on these requests:',
    ...train.map(line),
    '',
    'Write a better description.',
  ].join('\n');
}

export async function runImproveDescription(
  env: RunEnvironment,
  plan: TriggerPlan & { holdout: number; body: string },
  hooks: JobHooks,
): Promise<ImproveDescriptionJson> {
  const { train, heldOut } = splitHeldOut(plan.queries, plan.holdout);
  const trainSet = new Set(train.map((q) => q.index));
  const progress = new Progress(plan.queries.length * plan.runs * 2);
  const emitProgress = (): void =>
    hooks.emit({
      type: 'eval.progress',
      skill: plan.skill,
      runId: plan.runId,
      kind: 'improve',
      ...progress.snapshot(),
      concurrency: env.pool.limit,
    });
  const score = (description: string, prefix: string) =>
    scoreDescription(env, {
      ...plan,
      description,
      prefix,
      signal: hooks.signal,
      progress,
      onResult: (result) =>
        hooks.emit({ type: 'eval.trigger', skill: plan.skill, runId: plan.runId, result }),
      onAsk: emitProgress,
    });
  const summarise = (description: string, results: TriggerQueryResult[]) => {
    const part = (inTrain: boolean) => {
      const rs = results.filter((r) => trainSet.has(r.index) === inTrain);
      return { passed: rs.filter((r) => r.pass).length, total: rs.length };
    };
    return { description, train: part(true), held_out: part(false), results };
  };
  emitProgress();
  const oldResults = await score(plan.description, 'old');
  const out: ImproveDescriptionJson = {
    skill_name: plan.skillName,
    holdout: plan.holdout,
    train_queries: train.map((q) => q.query),
    held_out_queries: heldOut.map((q) => q.query),
    old: summarise(plan.description, oldResults),
    new: null,
    rationale: '',
    studio: {
      status: 'running',
      provider: plan.target.provider.id,
      model: plan.target.model,
      error: null,
    },
  };
  if (!hooks.signal.aborted) {
    // The writer sees the train split only.
    const user = writerPrompt(
      plan,
      plan.body,
      oldResults.filter((r) => trainSet.has(r.index)),
    );
    let candidate: string | null = null;
    for (let attempt = 0; attempt < 2 && candidate === null && !hooks.signal.aborted; attempt++) {
      try {
        const reply = await callModel(env, plan.target, DESCRIPTION_WRITER_PROMPT, user, {
          signal: hooks.signal,
          timeoutMs: plan.timeoutMs,
        });
        const parsed = answerAsJson(reply.text);
        const v = parsed.ok ? (parsed.value as Record<string, unknown> | null) : null;
        if (v && typeof v.description === 'string' && v.description.trim() !== '') {
          candidate = v.description.trim().replace(/[<>]/g, '').slice(0, 1024);
          out.rationale = typeof v.rationale === 'string' ? v.rationale : '';
        } else out.rationale = reply.text;
      } catch (err) {
        out.studio.error = errorMessage(err);
      }
    }
    if (candidate !== null && !hooks.signal.aborted) {
      out.new = summarise(candidate, await score(candidate, 'new'));
      out.studio.error = null;
    } else if (candidate === null && out.studio.error === null && !hooks.signal.aborted) {
      out.studio.error = 'the model gave no usable description';
    }
  }
  out.studio.status = hooks.signal.aborted ? 'cancelled' : out.new ? 'completed' : 'failed';
  await writeJson(path.join(plan.folder, IMPROVE_FILE), out);
  return out;
}
