/**
 * One model run of an eval, through the host's agent loop (runner/llm/skill-agent.ts,
 * its per-agent `runAgent`): the prompt as the user turn, and instructions and tools by
 * configuration —
 *
 *   with_skill     the skill's SKILL.md body, the skill's own tools (as a call would);
 *   without_skill  no skill at all: a neutral system prompt and only the model's general
 *                  tools (time, calculator), same provider and model;
 *   old_skill      the body of SKILL.md at git HEAD, the skill's own tools.
 *
 * Every model call goes through its provider's CallPool (a slot per call, 429s slow it
 * down; the pool is shared with the host's other eval runs on that provider). The emitted events become the transcript: streamed answer text, tool calls with
 * their result previews, warnings; artifacts are collected as the outputs.
 */
import {
  A2E_PROTOCOL_VERSION,
  type LLMConfig,
  type SkillCallRequest,
} from '../../../shared/protocol/a2e';
import type { SkillRecord } from '../../../shared/skill/model';
import type { ConfigurationName, EvalTranscript, TranscriptStep } from '../../../shared/api/evals';
import { errorMessage } from '../../../shared/errors';
import {
  createChatApi,
  ProviderError,
  redactingApi,
  resolveApiKey,
  runSecrets,
  SecretScrubber,
  type ChatApi,
  type ToolSpec,
  type LoadedProviderSet,
  type ProviderConfig,
} from '../providers';
import { createSkillAgent, RESPONSE_ARTIFACT } from '../runner/llm/skill-agent';
import type { ExecContext, ExecOutcome } from '../runner/core/types';
import type { CallPool } from './call-pool';

/** The model's general tools, offered in every configuration (never the skill's own). */
export const GENERAL_TOOLS = ['time', 'calculator'] as const;
export const NO_SKILL_INSTRUCTIONS =
  "You are a helpful assistant. Answer the user's request as well as you can.";

export interface ModelTarget {
  provider: ProviderConfig;
  model: string;
}

export interface RunEnvironment {
  providers: () => Promise<LoadedProviderSet>;
  runScript: (ctx: ExecContext) => Promise<ExecOutcome>;
  /** The pool of the run's own provider (its limit rides on eval.progress). */
  pool: CallPool;
  /** The pool of any provider a call goes to (a grader may use another one). */
  poolFor: (providerId: string) => CallPool;
  /** Replaces the provider clients (tests, benchmarks); wrapped by the pool either way. */
  clientFor?: (
    provider: ProviderConfig,
    apiKey: string | null,
    onRetry: (m: string) => void,
  ) => ChatApi;
}

export interface ModelRunInput {
  record: SkillRecord;
  configuration: ConfigurationName | 'trigger';
  /** System prompt; null: the record's body (with_skill). */
  instructions: string | null;
  /** Tools by name; null: the skill's own set. */
  tools: readonly string[] | null;
  userTurn: string;
  target: ModelTarget;
  timeoutMs: number;
  signal: AbortSignal;
  maxTurns?: number;
}

export interface ModelRunOutput {
  ok: boolean;
  answer: string;
  transcript: EvalTranscript;
  /** Tool names in call order. */
  toolCalls: { name: string; arguments: unknown }[];
  /** Text artifacts by name (response.md included). */
  artifacts: Map<string, string>;
  tokens: number;
  durationMs: number;
  error: string | null;
  /** The run was stopped by cancel (not a failure of the provider). */
  cancelled: boolean;
}

/** A client whose every call takes a pool slot, and tells the pool about 429s. */
function pooled(client: ChatApi, pool: CallPool): ChatApi {
  return {
    stream: (req, handlers) =>
      pool.run(async () => {
        try {
          const turn = await client.stream(req, handlers);
          pool.succeeded();
          return turn;
        } catch (err) {
          if (err instanceof ProviderError && err.kind === 'rate_limit') pool.rateLimited();
          throw err;
        }
      }, req.signal),
  };
}

/** The provider's client (or the test's), pooled, with 429 retries reported to the pool. */
function clientOf(
  env: RunEnvironment,
  provider: ProviderConfig,
  key: string | null,
  onRetry: (m: string) => void,
): ChatApi {
  const pool = env.poolFor(provider.id);
  // The client's retry saw a 429 before trying again (its message carries the status).
  const watch = (m: string): void => {
    if (m.includes('(429')) pool.rateLimited();
    onRetry(m);
  };
  const inner = env.clientFor?.(provider, key, watch) ?? createChatApi(provider, key, watch);
  return pooled(inner, pool);
}

function llmOverride(target: ModelTarget): LLMConfig {
  return {
    provider_name: target.provider.id,
    provider_credentials: {},
    provider_config: { model: target.model },
  };
}

/**
 * What a run's events leave in its transcript. The agent loop logs each tool call twice,
 * once when it is made (with its `arguments`) and once when it returns (with its
 * `result_preview`): the first is the call, the second only its result.
 */
export class RunRecorder {
  readonly steps: TranscriptStep[] = [];
  readonly artifacts = new Map<string, string>();
  readonly toolCalls: { name: string; arguments: unknown }[] = [];
  answerText = '';

  readonly emit: ExecContext['emit'] = (kind, data) => {
    if (kind === 'artifact') {
      const name = typeof data.name === 'string' ? data.name : 'artifact';
      const chunk = typeof data.chunk === 'string' ? data.chunk : '';
      this.artifacts.set(name, (this.artifacts.get(name) ?? '') + chunk);
      if (name === RESPONSE_ARTIFACT) this.answerText += chunk;
      return;
    }
    if (kind !== 'log') return;
    const tool = typeof data.tool === 'string' ? data.tool : null;
    if (!tool) {
      const level = typeof data.level === 'string' ? data.level : 'info';
      const message = typeof data.message === 'string' ? data.message : JSON.stringify(data);
      this.steps.push({ role: 'log', level, text: message });
      return;
    }
    const id =
      typeof data.tool_call_id === 'string' ? data.tool_call_id : `${this.toolCalls.length}`;
    if (typeof data.result_preview === 'string') {
      this.steps.push({
        role: 'tool_result',
        tool,
        id,
        text: data.result_preview,
        is_error: data.level === 'error' || data.is_error === true,
      });
      return;
    }
    this.toolCalls.push({ name: tool, arguments: data.arguments });
    this.steps.push({ role: 'tool_call', tool, arguments: data.arguments ?? null, id });
  };
}

let seq = 0;

export async function runModel(env: RunEnvironment, input: ModelRunInput): Promise<ModelRunOutput> {
  const started = new Date();
  const recorder = new RunRecorder();
  const { steps, artifacts, toolCalls } = recorder;
  const emit = recorder.emit;

  const override = llmOverride(input.target);
  const request: SkillCallRequest = {
    type: 'skill/call/req',
    id: `eval-${++seq}`,
    name: input.record.definition.name,
    arguments: { prompt: input.userTurn },
    correlation_id: `eval-${seq}`,
    timeout: Math.ceil(input.timeoutMs / 1000),
    streaming: true,
    llm_override: override,
    metadata: {},
    version: A2E_PROTOCOL_VERSION,
    ts: Date.now(),
  };

  const timeout = AbortSignal.timeout(input.timeoutMs);
  const signal = AbortSignal.any([input.signal, timeout]);
  const ctx: ExecContext = {
    record: input.record,
    arguments: { prompt: input.userTurn },
    request,
    timeoutMs: input.timeoutMs,
    signal,
    emit,
    llm: override,
  };
  const agent = createSkillAgent({
    providers: env.providers,
    runScript: env.runScript,
    clientFor: (provider, key, onRetry) => clientOf(env, provider, key, onRetry),
  });
  const instructions = input.instructions ?? input.record.body;
  steps.push({ role: 'system', text: instructions });
  steps.push({ role: 'user', text: input.userTurn });

  let outcome: ExecOutcome;
  try {
    outcome = await agent.runAgent(ctx, {
      instructions,
      userTurn: input.userTurn,
      tools: input.tools,
      model: null,
      emit,
      signal,
      turns: { used: 0, max: input.maxTurns ?? 10 },
    });
  } catch (err) {
    outcome = { success: false, error_code: 'runtime_error', error: errorMessage(err) };
  }
  const finished = new Date();
  const meta = (outcome.metadata ?? {}) as Record<string, unknown>;
  const usage = (meta.usage ?? {}) as Record<string, unknown>;
  const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  const inputTokens = num(usage.input_tokens);
  const outputTokens = num(usage.output_tokens);
  const data = outcome.data as { answer?: unknown } | undefined;
  const answer = typeof data?.answer === 'string' ? data.answer : recorder.answerText.trim();
  if (answer !== '') steps.push({ role: 'assistant', text: answer });
  const cancelled = input.signal.aborted;
  const error = outcome.success
    ? null
    : cancelled
      ? 'cancelled'
      : (outcome.error ?? 'the run failed');
  return {
    ok: outcome.success,
    answer,
    transcript: {
      provider: input.target.provider.id,
      model: typeof meta.model === 'string' ? meta.model : input.target.model,
      configuration: input.configuration,
      steps,
      answer,
      usage: { input_tokens: inputTokens, output_tokens: outputTokens },
      started_at: started.toISOString(),
      finished_at: finished.toISOString(),
      error,
    },
    toolCalls,
    artifacts,
    tokens: inputTokens + outputTokens,
    durationMs: finished.getTime() - started.getTime(),
    error,
    cancelled,
  };
}

/** A single model call with no tools and no agent loop (grader, trigger asks, description writer). */
export async function callModel(
  env: RunEnvironment,
  target: ModelTarget,
  system: string,
  user: string,
  opts: { signal: AbortSignal; timeoutMs: number; tools?: ToolSpec[] },
): Promise<{ text: string; toolCalls: { name: string; argumentsText: string }[]; tokens: number }> {
  const set = await env.providers();
  const key = resolveApiKey(target.provider, set, process.env, set.userFile);
  if (!key.ok) throw new Error(key.message);
  // As in the agent loop: no key the run could use comes back in the grader's words.
  const scrubber = new SecretScrubber([key.key, ...runSecrets(set, process.env, set.userFile)]);
  const client = redactingApi(
    clientOf(env, target.provider, key.key, () => {}),
    scrubber,
  );
  const signal = AbortSignal.any([opts.signal, AbortSignal.timeout(opts.timeoutMs)]);
  const turn = await client.stream(
    {
      model: target.model,
      system,
      messages: [{ role: 'user', content: user }],
      tools: opts.tools ?? [],
      maxTokens: 2048,
      signal,
      deadline: Date.now() + opts.timeoutMs,
    },
    { onText: () => {} },
  );
  return {
    text: turn.text,
    toolCalls: turn.toolCalls.map((c) => ({ name: c.name, argumentsText: c.argumentsText })),
    tokens: turn.usage.input_tokens + turn.usage.output_tokens,
  };
}
