/**
 * Runs a topology skill (docs/contracts.md, Skill kinds: `topology`) for the LlmExecutor:
 * checks the contract, walks the expression (run-topology.ts) with each agent as one run
 * of the agent loop (llm/skill-agent.ts `runAgent`) and each composed skill as a host call
 * (skill-step.ts), then checks and returns the output.
 *
 * - An agent's system prompt is its `instruct` with `{key}` filled from the state; its user
 *   turn is the call's (from the arguments); its answer goes to its `writes` key. A `{key}`
 *   or a `reads` key the state does not hold fails the step, naming the agent and the key.
 * - Contract: with no `input_schema`, the arguments must satisfy `input:`. The final state
 *   must hold every `output:` key (a model's JSON text counts for a non-str type); the
 *   result `data` is exactly the `output:` keys (the whole state when there is no `output:`).
 * - Limits: the call's timeout bounds the whole run (the host aborts it, and every agent
 *   shares its deadline); each agent run gets its own `max_turns` (its `max_turns:` under
 *   `agents:`, else the skill's, default 10); cancel aborts every running branch at once.
 * - The result's `metadata.topology` = {state, steps} (shared/skill/topology-run.ts), plus
 *   the total usage and turns, and `turns_by_agent` (agent name → turns of all its runs).
 */
import type { TopologyRunMetadata } from '../../../../shared/skill/topology-run';
import {
  coerceToContract,
  contractProblems,
  fillPlaceholders,
  readTopologySpec,
  type TopologySpec,
} from '../../../../shared/skill/topology-contract';
import type { ExecContext, ExecOutcome } from '../core/types';
import { howToAddProvider } from '../../providers';
import { DEFAULT_MAX_TURNS, type AgentRunner, type TurnBudget } from '../llm/skill-agent';
import { userTurn } from '../llm/user-turn';
import { runTopology, type StepContext, type StepResult } from './run-topology';
import { callersOf, runSkillStep, tokensOf } from './skill-step';

export interface TopologyExecutorDeps {
  /** One agent run; null when the host has no model support. */
  runAgent: AgentRunner | null;
}

const fail = (error: string, metadata?: Record<string, unknown>): ExecOutcome => ({
  success: false,
  error_code: 'skill_error',
  error,
  ...(metadata ? { metadata } : {}),
});

function hasInputSchema(ctx: ExecContext): boolean {
  const schema = ctx.record.definition.input_schema;
  return !!schema && Object.keys(schema).length > 0;
}

/** The keys a step needs that the state lacks: its `{key}`s first, then its `reads`. */
function missingKey(
  instruct: string,
  reads: readonly string[],
  state: Readonly<Record<string, unknown>>,
): { ok: true; text: string } | { ok: false; key: string } {
  const filled = fillPlaceholders(instruct, state);
  if (!filled.ok) return { ok: false, key: filled.missing };
  const absent = reads.find((k) => state[k] === undefined);
  return absent === undefined ? filled : { ok: false, key: absent };
}

export async function runTopologySkill(
  ctx: ExecContext,
  deps: TopologyExecutorDeps,
): Promise<ExecOutcome> {
  const skill = ctx.record.definition.name;
  const spec: TopologySpec = readTopologySpec(ctx.record.frontmatter);
  const ast = ctx.record.topology ?? spec.ast;
  if (!ast) return fail(`the topology of "${skill}" does not parse; fix it in SKILL.md`);
  const callers = callersOf(ctx);
  if (callers.includes(skill))
    return fail(
      `"${skill}" is already running in this call (${[...callers, skill].join(' → ')}): a cycle between skills is refused`,
    );
  if (!hasInputSchema(ctx)) {
    const problems = contractProblems(spec.input, ctx.arguments, 'input');
    if (problems.length > 0)
      return fail(`the arguments do not fit the skill's input: ${problems.join('; ')}`);
  }

  const deadline = Date.now() + ctx.timeoutMs;
  const skillMaxTurns = ctx.record.definition.max_turns ?? DEFAULT_MAX_TURNS;
  const turnsByAgent: Record<string, number> = {};
  const turn = userTurn(ctx.arguments, ctx.record.definition.argument_hint);

  const runStep = async (name: string, step: StepContext): Promise<StepResult> => {
    const agent = spec.agents.get(name);
    if (agent) {
      const filled = missingKey(agent.instruct, agent.reads, step.state);
      if (!filled.ok)
        return {
          ok: false,
          code: 'skill_error',
          error: `agent "${name}" reads "${filled.key}", which no earlier step wrote and the arguments do not hold`,
        };
      if (!deps.runAgent)
        return {
          ok: false,
          code: 'skill_error',
          error: `no LLM provider is configured, so agent "${name}" cannot run: ${howToAddProvider(null)}`,
        };
      // Each run of an agent (a loop runs it again) starts a budget of its own.
      const budget: TurnBudget = { used: 0, max: agent.max_turns ?? skillMaxTurns };
      const out = await deps.runAgent(ctx, {
        instructions: filled.text,
        userTurn: turn,
        tools: agent.tools,
        model: agent.model,
        emit: step.emit,
        signal: step.signal,
        turns: budget,
        deadline,
        agent: name,
      });
      turnsByAgent[name] = (turnsByAgent[name] ?? 0) + budget.used;
      const tokens = tokensOf(out.metadata);
      if (!out.success)
        return {
          ok: false,
          code: out.error_code ?? 'skill_error',
          error: out.error ?? 'failed',
          tokens,
        };
      const answer = (out.data as { answer?: unknown } | undefined)?.answer ?? '';
      return { ok: true, writes: agent.writes ? { [agent.writes]: answer } : {}, tokens };
    }
    const callee = spec.skills.get(name);
    if (callee) return runSkillStep(ctx, name, callee, step, deadline);
    return {
      ok: false,
      code: 'skill_error',
      error: `"${name}" is neither an agent nor a composed skill of "${skill}"`,
    };
  };

  const run = await runTopology({
    ast,
    runStep,
    state: { ...ctx.arguments },
    emit: ctx.emit,
    signal: ctx.signal,
  });
  const usage = { input_tokens: 0, output_tokens: 0 };
  for (const s of run.steps) {
    usage.input_tokens += s.tokens.input;
    usage.output_tokens += s.tokens.output;
  }
  const topology: TopologyRunMetadata = { state: run.state, steps: run.steps };
  const turns = Object.values(turnsByAgent).reduce((a, b) => a + b, 0);
  // No run-wide max_turns: each agent run had its own (its progress events say which).
  const metadata = { topology, usage, turns, turns_by_agent: turnsByAgent };
  if (!run.ok)
    return {
      success: false,
      error_code: run.code ?? 'skill_error',
      error: run.error ?? 'the topology failed',
      metadata,
    };

  if (spec.output.length === 0)
    return { success: true, data: { ...run.state }, summary: null, metadata };
  const data: Record<string, unknown> = {};
  for (const { key, type } of spec.output)
    if (run.state[key] !== undefined) data[key] = coerceToContract(type, run.state[key]);
  const problems = contractProblems(spec.output, data, 'output');
  if (problems.length > 0)
    return fail(`the run ended without the skill's output: ${problems.join('; ')}`, metadata);
  const only = spec.output.length === 1 ? data[spec.output[0].key] : undefined;
  return {
    success: true,
    data,
    summary: typeof only === 'string' ? only : null,
    metadata,
  };
}
