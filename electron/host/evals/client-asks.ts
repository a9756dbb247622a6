/**
 * One eval ask run inside an agent client (`eval --client ID`): the prompt goes to the real
 * client with the skill installed where it reads skills, and the client's own activation
 * mechanism decides (Claude Code's Skill tool, Codex reading the SKILL.md, …). The driver
 * (agent-clients/run-client.ts) does the run; this turns its outcome into the transcript
 * steps and verdict an eval records.
 */
import type { ConfigurationName, EvalTranscript, TranscriptStep } from '../../../shared/api/evals';
import type { ModelRunOutput, ModelTarget } from './model-run';
import type { ClientRunOutcome, AgentClientInfo, ClientEvent } from '../agent-clients/core/types';
import { runClient, type ClientUpstream } from '../agent-clients/run-client';
import { preview } from '../agent-clients/client-executor';
import { errorMessage } from '../../../shared/errors';
import { RESPONSE_ARTIFACT } from '../../../shared/playground/transcript';

/** What a client eval run needs beyond the query: resolved once per eval run. */
export interface ClientEvalTarget {
  info: AgentClientInfo;
  upstream: ClientUpstream;
  allowScripts: boolean;
  /** Asks in flight at once (each is a whole client process). */
  concurrency: number;
  /** Installed beside the skill under test (the workspace's other skills, or none). */
  others: { name: string; dir: string }[];
}

export interface ClientAsk {
  outcome: ClientRunOutcome;
  steps: TranscriptStep[];
}

/** Client events as transcript steps (tool outputs previewed, not whole). */
function stepsOf(events: ClientEvent[], names: Map<string, string>): TranscriptStep[] {
  const steps: TranscriptStep[] = [];
  for (const e of events) {
    if (e.type === 'text') steps.push({ role: 'assistant', text: e.text });
    else if (e.type === 'tool_call') {
      names.set(e.id, e.name);
      steps.push({ role: 'tool_call', tool: e.name, arguments: e.input, id: e.id });
    } else if (e.type === 'tool_result')
      steps.push({
        role: 'tool_result',
        tool: names.get(e.id) ?? '',
        id: e.id,
        text: preview(e.output),
        is_error: e.isError,
      });
    else if (e.type === 'skill_activated')
      steps.push({ role: 'log', level: 'info', text: `activated the skill "${e.name}"` });
    else if (e.type === 'notice') steps.push({ role: 'log', level: e.level, text: e.message });
  }
  return steps;
}

export async function askInClient(
  target: ClientEvalTarget,
  skills: { name: string; dir: string }[],
  prompt: string,
  opts: { signal: AbortSignal; timeoutMs: number },
): Promise<ClientAsk> {
  const events: ClientEvent[] = [];
  let outcome: ClientRunOutcome;
  try {
    outcome = await runClient({
      client: target.info,
      skills,
      prompt,
      upstream: target.upstream,
      allowScripts: target.allowScripts,
      timeoutMs: opts.timeoutMs,
      signal: opts.signal,
      onEvent: (e) => events.push(e),
    });
  } catch (err) {
    // A run that could not even start (a skill folder the install copy refuses, no space for
    // the run's folders) is this ask's error, not the end of the whole eval run.
    outcome = {
      client: { id: target.info.id, version: target.info.version },
      text: null,
      activatedSkills: [],
      usage: { input_tokens: 0, output_tokens: 0 },
      requests: [],
      exitCode: null,
      signal: null,
      durationMs: 0,
      error: { code: 'runtime_error', message: errorMessage(err) },
    };
  }
  return { outcome, steps: stepsOf(events, new Map()) };
}

/** The verdict of a trigger ask: this skill activated, or who won, or an error apart. */
export function clientVerdict(
  outcome: ClientRunOutcome,
  skillName: string,
): { triggered: boolean | null; evidence: string | null; wonBy: string[]; error: string | null } {
  const activated = outcome.activatedSkills;
  if (activated.includes(skillName))
    return {
      triggered: true,
      evidence: `activated ${JSON.stringify(skillName)}`,
      wonBy: [],
      error: null,
    };
  // An error is no "did not trigger": the client never got to decide.
  if (outcome.error)
    return { triggered: null, evidence: null, wonBy: [], error: outcome.error.message };
  return {
    triggered: false,
    evidence: activated.length > 0 ? `won by ${activated.join(', ')}` : null,
    wonBy: activated,
    error: null,
  };
}

/**
 * One benchmark run of a case inside the client: with_skill installs the skill where the
 * client reads it, without_skill installs nothing (the client's own bundled skills stay, as
 * for any user). The answer is the client's text; graded like any run.
 */
export async function runCaseInClient(
  target: ClientEvalTarget,
  run: {
    skill: { name: string; dir: string };
    configuration: ConfigurationName;
    prompt: string;
    target: ModelTarget;
    timeoutMs: number;
    signal: AbortSignal;
  },
): Promise<ModelRunOutput> {
  const started = new Date();
  const skills = run.configuration === 'with_skill' ? [run.skill, ...target.others] : target.others;
  const { outcome, steps } = await askInClient(target, skills, run.prompt, run);
  const answer = outcome.text ?? '';
  const cancelled = outcome.error?.code === 'cancelled';
  const transcript: EvalTranscript = {
    provider: run.target.provider.id,
    model: run.target.model,
    configuration: run.configuration,
    steps: [{ role: 'user', text: run.prompt }, ...steps],
    answer,
    usage: outcome.usage,
    started_at: started.toISOString(),
    finished_at: new Date().toISOString(),
    error: outcome.error?.message ?? null,
    client: outcome.client,
    activated_skills: outcome.activatedSkills,
  };
  const toolCalls = steps.flatMap((s) =>
    s.role === 'tool_call' ? [{ name: s.tool, arguments: s.arguments }] : [],
  );
  return {
    ok: outcome.error === null,
    answer,
    transcript,
    toolCalls,
    artifacts: new Map([[RESPONSE_ARTIFACT, answer]]),
    tokens: outcome.usage.input_tokens + outcome.usage.output_tokens,
    durationMs: outcome.durationMs,
    error: outcome.error?.message ?? null,
    cancelled,
  };
}
