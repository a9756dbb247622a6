/**
 * The skill agent loop (docs/contracts.md, Skill kinds: `llm`): runs a model as a client that has
 * activated the skill would, and plugs into the LlmExecutor seam as its LlmRunner. The loop
 * itself is one agent run (`runAgent`: instructions, user turn, tools, model, event sink,
 * abort signal, turn budget), which a topology runs once per step (runner/topology/).
 *
 *   system prompt  the SKILL.md body
 *   user turn      from the arguments (user-turn.ts)
 *   tools          skill read/files, run_skill_script, time, calculator (skill-tools.ts)
 *   limits         max_turns (default 10), the call's wall clock (timeout and cancel
 *                  abort the HTTP request at once), retries inside the deadline
 *
 * Streamed as A2E events: assistant text as chunks of a `response.md` artifact
 * (text/markdown); each tool call as a `log` with its arguments and a bounded preview
 * of its result (structured fields `tool`, `tool_call_id`, `arguments`, `result_preview`
 * ride along for transcript views); a `status` per turn; `progress` as turns used out
 * of max_turns. The result has the answer in `data.answer` and `summary`, and the
 * model, stop reason, turns and token usage in `metadata` — on failures too.
 *
 * Errors: no provider → skill_error saying how to add one; provider auth, unreachable,
 * other 4xx, broken stream → skill_error with the provider's words and what to fix;
 * max_turns reached → skill_error saying so; wall clock → timeout (the host's cause).
 * No key or Authorization header ever reaches an event, a log or an error: keys stay
 * inside the client, and whatever the provider sends back has every key the run could
 * use taken out (providers/run-secrets.ts), streamed text too, before it is emitted.
 *
 * Caps (providers/output-limits.ts): the run's transcript, one tool call's arguments,
 * the tool calls of a turn and the streamed pieces of text; hitting one ends the run as
 * a skill_error with `truncated: true`, as a script's output cap does.
 */
import {
  addUsage,
  createChatApi,
  defaultProvider,
  emptyUsage,
  findProvider,
  howToAddProvider,
  modelAllowed,
  OutputBudget,
  OutputCapError,
  redactingApi,
  resolveApiKey,
  runSecrets,
  ProviderError,
  SecretScrubber,
  type ChatApi,
  type ChatMessage,
  type LoadedProviderSet,
  type ProviderConfig,
  type ToolCall,
  type ToolResult,
} from '../../providers';
import type { ExecContext, ExecOutcome } from '../core/types';
import { runTool, toolsFor, unknownDeclaredTools } from './skill-tools';
import { isBuiltinTool } from '../../../../shared/skill/builtin-tools';
import { userTurn } from './user-turn';
import { createLogger } from '../../log';
import { TextBatcher } from './text-batcher';
import { RequestRecorder } from './request-records';
import { errorMessage } from '../../../../shared/errors';
import { RESPONSE_ARTIFACT } from '../../../../shared/playground/transcript';

/** How early a timer may fire (Node rounds to whole milliseconds). */
const TIMER_SLACK_MS = 2;

const log = createLogger('llm');

export { RESPONSE_ARTIFACT };
export const DEFAULT_MAX_TURNS = 10;
export const DEFAULT_MAX_TOKENS = 4096;
/** Streamed text arriving this close together goes out as one artifact event. */
export const TEXT_BATCH_MS = 40;
/** Characters of a tool's arguments or result shown in a log line. */
export const PREVIEW_CHARS = 400;

export interface SkillAgentOptions {
  /** The providers in force now (workspace + user file). */
  providers: () => Promise<LoadedProviderSet>;
  /** Runs a script of the skill in the sandbox (the host's ScriptExecutor). */
  runScript: (ctx: ExecContext) => Promise<ExecOutcome>;
  env?: NodeJS.ProcessEnv;
  now?: () => Date;
  timeZone?: string;
  maxTokens?: number;
  /** Replaces the provider clients (benchmarks). */
  clientFor?: (
    provider: ProviderConfig,
    apiKey: string | null,
    onRetry: (m: string) => void,
  ) => ChatApi;
}

type Choice =
  | { ok: true; provider: ProviderConfig; model: string; warning: string | null }
  | { ok: false; error: string };

/** The provider and model of a run: the call's override, else the skill's llm_config, else the default. */
export function chooseProvider(set: LoadedProviderSet, ctx: ExecContext): Choice {
  const override = ctx.request.llm_override;
  const wanted = ctx.llm;
  const modelOf = (cfg: typeof wanted): string | null => {
    const m = cfg?.provider_config?.model;
    return typeof m === 'string' && m !== '' ? m : null;
  };
  if (wanted && wanted.provider_name) {
    const provider = findProvider(set, wanted.provider_name);
    if (provider) {
      const model = modelOf(wanted) ?? provider.model;
      if (!modelAllowed(provider, model))
        return {
          ok: false,
          error: `the model "${model}" is not among the models of provider "${provider.id}"`,
        };
      return { ok: true, provider, model, warning: null };
    }
    if (override)
      return { ok: false, error: `no provider "${wanted.provider_name}" is configured` };
    const fallback = defaultProvider(set);
    if (fallback)
      return {
        ok: true,
        provider: fallback,
        model: fallback.model,
        warning: `the skill asks for provider "${wanted.provider_name}", which is not configured; using "${fallback.id}"`,
      };
  }
  const provider = defaultProvider(set);
  if (!provider) return { ok: false, error: 'no LLM provider is configured' };
  return { ok: true, provider, model: provider.model, warning: null };
}

/** The turns one agent run may take, and has taken: a topology gives each agent run its own. */
export interface TurnBudget {
  used: number;
  readonly max: number;
}

/**
 * One agent of a call: what the loop needs, whoever asks (a model skill's run, or one
 * step of a topology, with its own instructions, tools and model).
 */
export interface AgentSpec {
  /** The system prompt. */
  instructions: string;
  userTurn: string;
  /** Built-in tools to offer by name; null offers the skill's own set (toolsFor). */
  tools: readonly string[] | null;
  /** The agent's own model (a topology agent's `model:`); null runs the call's. */
  model: string | null;
  /** Streams one event of this agent. */
  emit: ExecContext['emit'];
  /** Aborts this agent alone (a topology aborts a branch); the call's own signal still counts. */
  signal: AbortSignal;
  turns: TurnBudget;
  /** When the call's time runs out (epoch ms); default: the call's timeout from now. */
  deadline?: number;
  /** The topology agent this run is, named in its progress and messages; absent for a model skill. */
  agent?: string;
}

/** Runs one agent for a call: `data.answer` on success; metadata as for a model skill. */
export type AgentRunner = (ctx: ExecContext, spec: AgentSpec) => Promise<ExecOutcome>;

/** The LlmRunner of model skills, with the per-agent run topologies are made of. */
export type SkillAgent = ((ctx: ExecContext) => Promise<ExecOutcome>) & {
  runAgent: AgentRunner;
};

export function createSkillAgent(options: SkillAgentOptions): SkillAgent {
  const run = (ctx: ExecContext): Promise<ExecOutcome> => runSkillAgent(ctx, options);
  return Object.assign(run, {
    runAgent: (ctx: ExecContext, spec: AgentSpec) => runAgent(ctx, spec, options),
  });
}

/** A model skill: its body as instructions, the arguments as the user turn. */
export async function runSkillAgent(
  ctx: ExecContext,
  options: SkillAgentOptions,
): Promise<ExecOutcome> {
  if (ctx.record.summary.kind === 'topology') {
    return {
      success: false,
      error_code: 'skill_error',
      error: `"${ctx.record.definition.name}" is a topology skill: its agents run step by step through the topology executor`,
    };
  }
  return runAgent(
    ctx,
    {
      instructions: ctx.record.body,
      userTurn: userTurn(ctx.arguments, ctx.record.definition.argument_hint),
      tools: null,
      model: null,
      emit: ctx.emit,
      signal: ctx.signal,
      turns: { used: 0, max: positive(ctx.record.definition.max_turns) ?? DEFAULT_MAX_TURNS },
    },
    options,
  );
}

function warnUnknownTool(emit: ExecContext['emit'], name: string, who: string): void {
  emit('log', {
    level: 'warn',
    message: `the ${who} names the tool "${name}", which nobody provides here; it is not offered`,
  });
}

/**
 * An agent's model: `provider/model`, a provider's id, or a model some provider lists;
 * anything else is not configured here (null).
 */
export function providerForModel(
  set: LoadedProviderSet,
  wanted: string,
): { provider: ProviderConfig; model: string } | null {
  const slash = wanted.indexOf('/');
  if (slash > 0) {
    const provider = findProvider(set, wanted.slice(0, slash));
    const model = wanted.slice(slash + 1);
    if (provider && model !== '' && modelAllowed(provider, model)) return { provider, model };
  }
  const byId = findProvider(set, wanted);
  if (byId) return { provider: byId, model: byId.model };
  const lists = set.providers.find((p) => p.model === wanted || p.models.includes(wanted));
  return lists ? { provider: lists, model: wanted } : null;
}

async function runAgent(
  ctx: ExecContext,
  spec: AgentSpec,
  options: SkillAgentOptions,
): Promise<ExecOutcome> {
  const started = Date.now();
  const deadline = spec.deadline ?? started + ctx.timeoutMs;
  const env = options.env ?? process.env;
  const set = await options.providers();
  const skill = ctx.record.definition.name;
  const kind = ctx.record.summary.kind;
  const { signal, turns: budget } = spec;
  // Until the keys are known, nothing of the provider's has been seen yet.
  let emit: ExecContext['emit'] = spec.emit;
  let choice = chooseProvider(set, ctx);
  if (!choice.ok) {
    return {
      success: false,
      error_code: 'skill_error',
      error: `${choice.error}, so the ${kind} skill "${skill}" cannot run: ${howToAddProvider(set.userFile)}`,
    };
  }
  if (spec.model !== null) {
    const own = providerForModel(set, spec.model);
    if (own) choice = { ok: true, ...own, warning: null };
    else
      emit('log', {
        level: 'warn',
        message: `the model "${spec.model}" is not configured here; using ${choice.model} (${choice.provider.id})`,
      });
  }
  const { provider, model } = choice;
  if (choice.warning) emit('log', { level: 'warn', message: choice.warning });
  const key = resolveApiKey(provider, set, env, set.userFile);
  // A secret the user has not approved for this workspace's provider: refused, nothing sent.
  if (!key.ok)
    return {
      success: false,
      error_code: key.code === 'approval_required' ? 'unauthorized' : 'skill_error',
      error: key.message,
    };
  // Every key the run could use, not only this provider's: any of them may come back.
  const scrubber = new SecretScrubber([key.key, ...runSecrets(set, env, set.userFile)]);
  emit = (kind, data) => spec.emit(kind, scrubber.value(data));
  const onRetry = (message: string): void =>
    emit('log', { level: 'warn', message: scrubber.message(message) });
  const client = redactingApi(
    options.clientFor?.(provider, key.key, onRetry) ?? createChatApi(provider, key.key, onRetry),
    scrubber,
  );
  const output = new OutputBudget();
  const who = `provider "${provider.id}"`;

  const own = await toolsFor(ctx.record);
  let tools = own;
  if (spec.tools === null) {
    for (const name of unknownDeclaredTools(ctx.record)) warnUnknownTool(emit, name, 'skill');
  } else {
    const named = new Set(spec.tools);
    for (const name of named) if (!isBuiltinTool(name)) warnUnknownTool(emit, name, 'agent');
    tools = own.filter((t) => named.has(t.name));
  }
  // What the tools act for: this agent's events and signal, the call's skill and deadline.
  const toolCtx: ExecContext = { ...ctx, emit, signal };
  const maxTurns = budget.max;
  // In a topology, every agent counts its own turns: its messages say whose they are.
  const whose = spec.agent === undefined ? '' : `${spec.agent}: `;
  const messages: ChatMessage[] = [{ role: 'user', content: spec.userTurn }];
  const usage = emptyUsage();
  let servedModel = model;
  let stopReason = 'none';
  let turns = 0;
  let firstTokenMs: number | null = null;
  let streamedChars = 0;
  let lastText = '';
  // What each turn sent the model, for the playground's "Sent to the model" view.
  const recorder = new RequestRecorder(provider.kind);

  const metadata = (): Record<string, unknown> => ({
    provider: provider.id,
    provider_kind: provider.kind,
    model: servedModel,
    stop_reason: stopReason,
    turns,
    max_turns: maxTurns,
    usage: { ...usage },
    time_to_first_token_ms: firstTokenMs,
    tools: tools.map((t) => t.name),
    // Scrubbed like everything the run shows: a key pasted into a prompt goes no further.
    model_requests: scrubber.value(recorder.records),
  });
  const closeArtifact = (): void =>
    emit('artifact', {
      name: RESPONSE_ARTIFACT,
      mime: 'text/markdown',
      chunk: '',
      final: true,
    });
  const failed = (error: string, code: ExecOutcome['error_code'] = 'skill_error'): ExecOutcome => {
    if (streamedChars > 0) closeArtifact();
    return {
      success: false,
      error_code: code,
      error: scrubber.message(error),
      metadata: metadata(),
    };
  };
  const capped = (err: OutputCapError): ExecOutcome => {
    stopReason = err.cap;
    log.warn(`the run of "${skill}" hit a cap: ${scrubber.message(err.message)}`);
    return { ...failed(err.message), truncated: true };
  };

  const pieces = new TextBatcher(TEXT_BATCH_MS, (chunk) =>
    emit('artifact', { name: RESPONSE_ARTIFACT, mime: 'text/markdown', chunk, final: false }),
  );

  emit('progress', { pct: 0, message: `${whose}turn ${budget.used} of ${maxTurns}` });
  while (budget.used < maxTurns) {
    budget.used++;
    turns++;
    const turn = budget.used;
    emit('status', {
      message: `${whose}turn ${turn}/${maxTurns}: asking ${model} (${provider.id})`,
    });
    // Turns after the first start on a new paragraph of the transcript.
    let separator = streamedChars > 0 ? '\n\n' : '';
    let turnText = '';
    let reply;
    const sent = recorder.start({ model, system: spec.instructions, messages, tools });
    try {
      reply = await client.stream(
        {
          model,
          system: spec.instructions,
          messages,
          tools,
          maxTokens: options.maxTokens ?? DEFAULT_MAX_TOKENS,
          signal,
          deadline,
          budget: output,
        },
        {
          onText: (delta) => {
            output.textEvent(who);
            if (firstTokenMs === null) firstTokenMs = Date.now() - started;
            turnText += delta;
            pieces.push(separator + delta);
            streamedChars += separator.length + delta.length;
            separator = '';
          },
        },
      );
    } catch (err) {
      sent({ error: scrubber.message(errorMessage(err)) });
      // What streamed goes out before the run's ending.
      pieces.flush();
      // A provider's client may end the request at the deadline a moment before the run's
      // own timer fires: past the deadline, that is the run's timeout too.
      const late = Date.now() >= deadline - TIMER_SLACK_MS;
      if (signal.aborted || late) {
        const cause = late || signal.reason === 'timeout' ? 'timeout' : 'cancelled';
        stopReason = cause;
        return failed(
          cause === 'timeout'
            ? `the run took longer than its ${Math.round(ctx.timeoutMs / 1000)} s limit (turn ${turn} of ${maxTurns})`
            : 'the call was cancelled',
          cause,
        );
      }
      if (err instanceof OutputCapError) return capped(err);
      stopReason = 'error';
      const message =
        err instanceof ProviderError ? err.message : `the model call failed: ${String(err)}`;
      return failed(message);
    }
    pieces.flush();
    sent({ reply });
    addUsage(usage, reply.usage);
    servedModel = reply.model || servedModel;
    stopReason = reply.stopReason;
    lastText = reply.text || turnText;
    messages.push({ role: 'assistant', text: reply.text, toolCalls: reply.toolCalls });
    emit('progress', {
      pct: Math.round((budget.used / maxTurns) * 100),
      message: `${whose}turn ${budget.used} of ${maxTurns}`,
    });

    if (reply.toolCalls.length === 0) {
      closeArtifact();
      emit('status', {
        message: `${whose}answered in ${turns} turn${turns === 1 ? '' : 's'} (${stopReason})`,
      });
      const answer = lastText.trim();
      return {
        success: true,
        data: { answer },
        summary: answer,
        metadata: metadata(),
      };
    }
    const results: ToolResult[] = [];
    for (const call of reply.toolCalls) {
      if (signal.aborted) break;
      const result = await runToolCall(call, toolCtx, options, deadline, scrubber);
      try {
        output.charge(result.content.length, `the tool "${call.name}"`);
      } catch (err) {
        if (err instanceof OutputCapError) return capped(err);
        throw err;
      }
      results.push(result);
    }
    messages.push({ role: 'tool', results });
  }
  stopReason = 'max_turns';
  return failed(
    spec.agent === undefined
      ? `the model used all ${maxTurns} turns (max_turns) without a final answer; raise max_turns in the skill or make the task smaller`
      : `agent "${spec.agent}" used all ${maxTurns} of its turns (max_turns) without a final answer; raise max_turns under agents.${spec.agent} or in the skill, or make its task smaller`,
  );
}

async function runToolCall(
  call: ToolCall,
  ctx: ExecContext,
  options: SkillAgentOptions,
  deadline: number,
  scrubber: SecretScrubber,
): Promise<ToolResult> {
  const parsed = parseArguments(call.argumentsText);
  ctx.emit('log', {
    level: 'info',
    message: `tool ${call.name} ${preview(call.argumentsText || '{}')}`,
    tool: call.name,
    tool_call_id: call.id,
    arguments: parsed.ok ? parsed.value : call.argumentsText,
  });
  const outcome = parsed.ok
    ? await runTool(call.name, parsed.value, {
        ctx,
        runScript: options.runScript,
        now: options.now ?? (() => new Date()),
        timeZone: options.timeZone,
        deadline,
      })
    : {
        content: `error: the arguments are not valid JSON (${parsed.error}); send a JSON object`,
        isError: true,
      };
  // Before the preview cuts it: a key cut in two would not be found afterwards.
  outcome.content = scrubber.text(outcome.content);
  ctx.emit('log', {
    level: outcome.isError ? 'warn' : 'info',
    message: `tool ${call.name} → ${preview(outcome.content)}`,
    tool: call.name,
    tool_call_id: call.id,
    result_preview: preview(outcome.content),
    is_error: outcome.isError,
  });
  return { id: call.id, name: call.name, content: outcome.content, isError: outcome.isError };
}

function parseArguments(
  text: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } {
  if (text.trim() === '') return { ok: true, value: {} };
  try {
    const v = JSON.parse(text) as unknown;
    if (typeof v === 'object' && v !== null && !Array.isArray(v))
      return { ok: true, value: v as Record<string, unknown> };
    return { ok: false, error: 'not an object' };
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }
}

function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_CHARS
    ? `${flat.slice(0, PREVIEW_CHARS)}… (${flat.length} chars)`
    : flat;
}

function positive(v: unknown): number | null {
  return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null;
}
