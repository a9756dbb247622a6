/**
 * A composed-skill step of a topology (docs/contracts.md, Skill kinds: `topology`, `skills:`):
 * the step calls another skill of the workspace through the host (ExecContext.callSkill),
 * so the callee goes through the same allowlist, argument check and sandbox as any call.
 *
 * - Arguments: the state keys the callee declares (`input:` keys and `input_schema`
 *   properties); a callee that declares none gets the whole state.
 * - Writes: the keys of the callee's `data` when it is a map (for a topology callee,
 *   exactly its `output:` keys), else `data` under the step's alias.
 * - Events: the callee's events stream as this step's; an event the callee tagged with its
 *   own step keeps that ref as `inner_step` (its state writes are not this run's state).
 * - A skill already on the chain of calling skills is a cycle, refused before any call.
 */
import type { SkillEvent } from '../../../../shared/protocol/a2e';
import type { SkillRecord } from '../../../../shared/skill/model';
import { readContract } from '../../../../shared/skill/topology-contract';
import type { ExecContext, RunErrorCode } from '../core/types';
import type { StepContext, StepResult, StepTokens } from './run-topology';

/** Request metadata key: the skills that are calling, outermost first. */
export const CALLERS_KEY = 'topology_callers';

/** The chain of skills calling this run (from its request), outermost first. */
export function callersOf(ctx: ExecContext): string[] {
  const v = ctx.request.metadata?.[CALLERS_KEY];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** The state keys a skill takes: its `input:` contract and its input_schema's properties. */
export function declaredInputs(callee: SkillRecord): string[] {
  const keys = readContract(callee.frontmatter?.input).map((f) => f.key);
  const props = callee.definition.input_schema?.properties;
  if (props && typeof props === 'object' && !Array.isArray(props)) keys.push(...Object.keys(props));
  return [...new Set(keys)];
}

export function argumentsFromState(
  callee: SkillRecord,
  state: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const keys = declaredInputs(callee);
  if (keys.length === 0) return { ...state };
  const out: Record<string, unknown> = {};
  for (const key of keys) if (state[key] !== undefined) out[key] = state[key];
  return out;
}

function isMap(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Tokens a result reports: a model run's usage, or the sum over a topology's steps. */
export function tokensOf(metadata: unknown): StepTokens | undefined {
  if (!isMap(metadata)) return undefined;
  const usage = metadata.usage;
  if (isMap(usage) && typeof usage.input_tokens === 'number')
    return { input: usage.input_tokens, output: Number(usage.output_tokens) || 0 };
  const topo = metadata.topology;
  if (isMap(topo) && Array.isArray(topo.steps)) {
    const sum = { input: 0, output: 0 };
    for (const s of topo.steps as { tokens?: StepTokens }[]) {
      sum.input += s.tokens?.input ?? 0;
      sum.output += s.tokens?.output ?? 0;
    }
    return sum;
  }
  return undefined;
}

const RUN_ERROR_CODES: readonly RunErrorCode[] = [
  'skill_error',
  'runtime_error',
  'timeout',
  'out_of_memory',
  'sandbox_crash',
  'cancelled',
];

function runErrorCode(code: string | undefined): RunErrorCode {
  return RUN_ERROR_CODES.find((c) => c === code) ?? 'skill_error';
}

/** The callee's event data as one of this step's events. */
function retag(data: Record<string, unknown>): Record<string, unknown> {
  const { step, step_outcome: _outcome, state_write: _write, ...rest } = data;
  return step === undefined ? rest : { ...rest, inner_step: step };
}

export async function runSkillStep(
  ctx: ExecContext,
  alias: string,
  skillName: string,
  step: StepContext,
  deadline: number,
): Promise<StepResult> {
  const self = ctx.record.definition.name;
  const chain = [...callersOf(ctx), self];
  if (chain.includes(skillName)) {
    return {
      ok: false,
      code: 'skill_error',
      error: `calling "${skillName}" would close a cycle between skills (${[...chain, skillName].join(' → ')}); a skill cannot call itself, directly or through others`,
    };
  }
  if (!ctx.callSkill)
    return { ok: false, code: 'skill_error', error: 'this host cannot call other skills' };
  const resp = await ctx.callSkill({
    name: skillName,
    pickArguments: (callee) => argumentsFromState(callee, step.state),
    timeoutMs: Math.max(1, deadline - Date.now()),
    signal: step.signal,
    onEvent: (event: SkillEvent) => step.emit(event.kind, retag(event.data)),
    metadata: { [CALLERS_KEY]: chain },
  });
  if (resp.error || !resp.data) {
    const message = resp.error?.message ?? 'the call returned nothing';
    return { ok: false, code: 'skill_error', error: `skill "${skillName}": ${message}` };
  }
  const result = resp.data;
  const tokens = tokensOf(result.metadata);
  if (!result.success) {
    return {
      ok: false,
      code: runErrorCode(result.error_code ?? undefined),
      error: `skill "${skillName}": ${result.error ?? 'failed'}`,
      tokens,
    };
  }
  const writes = isMap(result.data) ? { ...result.data } : { [alias]: result.data ?? null };
  return { ok: true, writes, tokens };
}
