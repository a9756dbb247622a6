/**
 * The orchestration of a topology (docs/contracts.md, Skill kinds: `topology`), apart from
 * what a step is: it walks the parsed expression and asks a StepRunner to run each leaf
 * (an agent, or a composed skill). The executor (topology-executor.ts) plugs in the agent
 * loop and the host's skill calls; the tests plug in a fake.
 *
 * - `a >> b`: in order; each step sees what the earlier ones wrote.
 * - `a | b`: every branch starts at once on its own copy of the state; their writes are
 *   merged in branch order once all have ended (a key two branches wrote keeps the last
 *   branch's value, with a warning; the validator calls it an error). The first branch to fail aborts its
 *   siblings at once (they end `cancelled`) and the `|` fails with its error.
 * - `x * N`: N times in order. `x * until(k == "v", max=N)`: until state k is "v"
 *   (compared as trimmed text), and a failure when it never is after N iterations.
 * - `a // b`: the next option runs when one fails; a failed option's writes are dropped
 *   and its failed steps become `fell_back`; the answering option's steps carry
 *   `answered_by`. A cancel or a timeout is never fallen back from.
 *
 * Events: a `status` at each step's start and end (`step_outcome`), the step's own events,
 * and a `log` with `state_write` for each write, all tagged with the step's ref
 * (shared/skill/topology-run.ts).
 */
import type { SkillEventKind } from '../../../../shared/protocol/a2e';
import {
  topologyNodeId,
  type TopologyStepOutcome,
  type TopologyStepRef,
  type TopologyStepSummary,
} from '../../../../shared/skill/topology-run';
import type { TopologyNode } from '../../../../shared/skill/topology';
import { stateText } from '../../../../shared/skill/topology-contract';
import type { RunErrorCode } from '../core/types';

/** Characters of a state value shown in its write's log event. */
export const STATE_PREVIEW_CHARS = 300;

export type Emit = (kind: SkillEventKind, data: Record<string, unknown>) => void;

export interface StepContext {
  ref: TopologyStepRef;
  /** The state as this step sees it (its branch's copy inside a `|`). */
  state: Readonly<Record<string, unknown>>;
  /** Streams one event of this step (tagged with its ref). */
  emit: Emit;
  /** Aborted when the run is cancelled or times out, or a sibling branch failed. */
  signal: AbortSignal;
}

export type StepResult =
  | { ok: true; writes: Record<string, unknown>; tokens?: StepTokens }
  | { ok: false; error: string; code: RunErrorCode; tokens?: StepTokens };

export interface StepTokens {
  input: number;
  output: number;
}

/** Runs one leaf of the expression by its name. Should not throw; a throw is a failure. */
export type StepRunner = (name: string, step: StepContext) => Promise<StepResult>;

export interface TopologyRunOptions {
  ast: TopologyNode;
  runStep: StepRunner;
  /** The state the run starts from (the call's arguments). */
  state: Record<string, unknown>;
  emit: Emit;
  signal: AbortSignal;
}

export interface TopologyRunResult {
  ok: boolean;
  state: Record<string, unknown>;
  steps: TopologyStepSummary[];
  error?: string;
  code?: RunErrorCode;
}

type Outcome = { ok: true } | { ok: false; error: string; code: RunErrorCode };

/** The state one part of the run sees, and the keys it wrote (to merge them upward). */
class Frame {
  readonly written = new Set<string>();
  constructor(readonly values: Record<string, unknown>) {}
  fork(): Frame {
    return new Frame({ ...this.values });
  }
  write(key: string, value: unknown): void {
    this.values[key] = value;
    this.written.add(key);
  }
  merge(child: Frame): void {
    for (const key of child.written) this.write(key, child.values[key]);
  }
}

/** Where a step runs: its enclosing branches and iterations, and the fallbacks watching it. */
interface Scope {
  branches: number[];
  iterations: number[];
  signal: AbortSignal;
  /** Summaries of the steps inside each enclosing `//` option, innermost last. */
  collectors: TopologyStepSummary[][];
}

export function stepLabel(agent: string, branches: number[], iterations: number[]): string {
  const where = [
    ...branches.map((b) => `branch ${b + 1}`),
    ...iterations.map((i) => `iteration ${i + 1}`),
  ];
  return where.length === 0 ? agent : `${agent} [${where.join(', ')}]`;
}

function abortCode(signal: AbortSignal): RunErrorCode {
  return signal.reason === 'timeout' ? 'timeout' : 'cancelled';
}

/** An AbortController that also fires when `parent` does (with its reason). */
function childController(parent: AbortSignal): { controller: AbortController; done: () => void } {
  const controller = new AbortController();
  const onAbort = (): void => controller.abort(parent.reason);
  if (parent.aborted) onAbort();
  else parent.addEventListener('abort', onAbort, { once: true });
  return { controller, done: () => parent.removeEventListener('abort', onAbort) };
}

export async function runTopology(options: TopologyRunOptions): Promise<TopologyRunResult> {
  const steps: TopologyStepSummary[] = [];
  const root = new Frame({ ...options.state });
  const emitStep = (ref: TopologyStepRef, kind: SkillEventKind, data: Record<string, unknown>) =>
    options.emit(kind, { ...data, step: ref });

  const runLeaf = async (
    node: Extract<TopologyNode, { type: 'agent' }>,
    frame: Frame,
    scope: Scope,
  ): Promise<Outcome> => {
    const ref: TopologyStepRef = {
      node: topologyNodeId(node),
      agent: node.name,
      branches: [...scope.branches],
      iterations: [...scope.iterations],
      label: stepLabel(node.name, scope.branches, scope.iterations),
    };
    const status = (message: string, outcome: TopologyStepOutcome): void =>
      emitStep(ref, 'status', { message, step_outcome: outcome });
    const started = Date.now();
    const finish = (
      outcome: Exclude<TopologyStepOutcome, 'running'>,
      tokens: StepTokens | undefined,
      error?: string,
    ): void => {
      const summary: TopologyStepSummary = {
        ...ref,
        outcome,
        duration_ms: Math.max(0, Date.now() - started),
        tokens: tokens ?? { input: 0, output: 0 },
      };
      if (error !== undefined) summary.error = error;
      steps.push(summary);
      for (const c of scope.collectors) c.push(summary);
    };
    if (scope.signal.aborted) {
      const code = abortCode(scope.signal);
      return { ok: false, code, error: code === 'timeout' ? 'the run timed out' : 'cancelled' };
    }
    status(`▶ ${ref.label}`, 'running');
    let result: StepResult;
    try {
      result = await options.runStep(node.name, {
        ref,
        state: frame.values,
        emit: (kind, data) => emitStep(ref, kind, data),
        signal: scope.signal,
      });
    } catch (err) {
      result = { ok: false, code: 'runtime_error', error: `the step failed: ${String(err)}` };
    }
    if (result.ok) {
      for (const [key, value] of Object.entries(result.writes)) {
        frame.write(key, value);
        emitStep(ref, 'log', stateWriteData(key, value));
      }
      finish('succeeded', result.tokens);
      status(`✓ ${ref.label}`, 'succeeded');
      return { ok: true };
    }
    // An aborted step failed because of the abort, whatever it says: the signal knows why.
    const code = scope.signal.aborted ? abortCode(scope.signal) : result.code;
    const cancelled = scope.signal.aborted || code === 'cancelled';
    const outcome = cancelled ? 'cancelled' : 'failed';
    finish(outcome, result.tokens, result.error);
    status(`${cancelled ? '■' : '✗'} ${ref.label}: ${result.error}`, outcome);
    return { ok: false, error: `${node.name}: ${result.error}`, code };
  };

  const exec = async (node: TopologyNode, frame: Frame, scope: Scope): Promise<Outcome> => {
    switch (node.type) {
      case 'agent':
        return runLeaf(node, frame, scope);
      case 'sequence': {
        for (const step of node.steps) {
          const r = await exec(step, frame, scope);
          if (!r.ok) return r;
        }
        return { ok: true };
      }
      case 'parallel':
        return parallel(node.branches, frame, scope);
      case 'loop':
      case 'until': {
        const max = node.type === 'loop' ? node.times : node.max;
        for (let i = 0; i < max; i++) {
          const r = await exec(node.body, frame, {
            ...scope,
            iterations: [...scope.iterations, i],
          });
          if (!r.ok) return r;
          if (
            node.type === 'until' &&
            stateText(frame.values[node.key] ?? '').trim() === node.value
          )
            return { ok: true };
        }
        if (node.type === 'loop') return { ok: true };
        return {
          ok: false,
          code: 'skill_error',
          error: `until(${node.key} == ${JSON.stringify(node.value)}) never held in ${max} iteration${max === 1 ? '' : 's'} (max=${max})`,
        };
      }
      case 'fallback':
        return fallback(node.options, frame, scope);
    }
  };

  const parallel = async (
    branches: TopologyNode[],
    frame: Frame,
    scope: Scope,
  ): Promise<Outcome> => {
    const { controller, done } = childController(scope.signal);
    const forks = branches.map(() => frame.fork());
    let first: Outcome | null = null;
    const outcomes = await Promise.all(
      branches.map(async (branch, i) => {
        const r = await exec(branch, forks[i], {
          ...scope,
          branches: [...scope.branches, i],
          signal: controller.signal,
        });
        if (!r.ok && first === null) {
          first = r;
          // One failed branch fails the `|`: the others stop now, not when they finish.
          if (!controller.signal.aborted) controller.abort('cancelled');
        }
        return r;
      }),
    );
    done();
    if (scope.signal.aborted) {
      const code = abortCode(scope.signal);
      return { ok: false, code, error: code === 'timeout' ? 'the run timed out' : 'cancelled' };
    }
    const failure = first ?? outcomes.find((o) => !o.ok);
    if (failure && !failure.ok) return failure;
    const writers = new Map<string, number[]>();
    forks.forEach((f, i) =>
      f.written.forEach((k) => writers.set(k, [...(writers.get(k) ?? []), i])),
    );
    for (const [key, who] of writers)
      if (who.length > 1)
        options.emit('log', {
          level: 'warn',
          message: `branches ${who.map((i) => i + 1).join(', ')} of one "|" all wrote "${key}"; the last one's value is kept (TOPOLOGY_PARALLEL_WRITE)`,
        });
    forks.forEach((f) => frame.merge(f));
    return { ok: true };
  };

  const fallback = async (
    optionsOf: TopologyNode[],
    frame: Frame,
    scope: Scope,
  ): Promise<Outcome> => {
    const errors: string[] = [];
    let last: Outcome = { ok: false, code: 'skill_error', error: 'no option ran' };
    for (let i = 0; i < optionsOf.length; i++) {
      const collected: TopologyStepSummary[] = [];
      const fork = frame.fork();
      const r = await exec(optionsOf[i], fork, {
        ...scope,
        collectors: [...scope.collectors, collected],
      });
      if (r.ok) {
        for (const s of collected) if (s.answered_by === undefined) s.answered_by = i;
        frame.merge(fork);
        if (i > 0)
          options.emit('log', {
            level: 'info',
            message: `fallback: option ${i + 1} of ${optionsOf.length} answered`,
          });
        return r;
      }
      last = r;
      errors.push(`option ${i + 1}: ${r.error}`);
      // A cancel or a timeout stops the run; only a failure is fallen back from.
      if (scope.signal.aborted || r.code === 'cancelled' || r.code === 'timeout') return r;
      if (i < optionsOf.length - 1) {
        for (const s of collected) {
          if (s.outcome !== 'failed') continue;
          s.outcome = 'fell_back';
          emitStep(refOf(s), 'status', {
            message: `↪ ${s.label}: falling back to option ${i + 2}`,
            step_outcome: 'fell_back',
          });
        }
      }
    }
    if (!last.ok)
      return {
        ok: false,
        code: last.code,
        error: `every fallback option failed (${errors.join('; ')})`,
      };
    return last;
  };

  const outcome = await exec(options.ast, root, {
    branches: [],
    iterations: [],
    signal: options.signal,
    collectors: [],
  });
  return outcome.ok
    ? { ok: true, state: root.values, steps }
    : { ok: false, state: root.values, steps, error: outcome.error, code: outcome.code };
}

function refOf(s: TopologyStepSummary): TopologyStepRef {
  return {
    node: s.node,
    agent: s.agent,
    branches: s.branches,
    iterations: s.iterations,
    label: s.label,
  };
}

/** The `log` of one state write: the key and a bounded preview of the value. */
export function stateWriteData(key: string, value: unknown): Record<string, unknown> {
  const text = stateText(value) ?? String(value);
  const flat = text.replace(/\s+/g, ' ').trim();
  const truncated = flat.length > STATE_PREVIEW_CHARS;
  const preview = truncated ? `${flat.slice(0, STATE_PREVIEW_CHARS)}…` : flat;
  return {
    level: 'info',
    message: `state.${key} = ${preview}`,
    state_write: { key, preview, truncated },
  };
}
