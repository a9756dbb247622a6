/**
 * What a topology run tells its watchers (docs/contracts.md, Skill kinds: `topology`): the
 * fields the executor adds to ordinary A2E `skill/event` data so that a view can tie each
 * event to a node of the parsed expression. Extensions only — every event stays a valid
 * A2E event of one of the spec's kinds.
 *
 * A node of the graph is one agent leaf of the expression, named `agent@column` (the
 * column of its name in the `topology:` text, 1-based), so the same agent used twice is
 * two nodes. A step is one execution of a node: the node plus where it ran — the branch
 * index inside each enclosing `|` and the iteration inside each enclosing `*`, outermost
 * first.
 */
import type { TopologyNode } from './topology';

/** One execution of a node of the expression. */
export interface TopologyStepRef {
  /** `agent@column`: the node of the parsed expression. */
  node: string;
  agent: string;
  /** Branch index in each enclosing `|`, outermost first (empty outside any `|`). */
  branches: number[];
  /** 0-based iteration in each enclosing `*` loop, outermost first. */
  iterations: number[];
  /** Display label, e.g. `fact_checker [branch 1]` or `draft [iteration 2]`. */
  label: string;
}

export type TopologyStepOutcome = 'running' | 'succeeded' | 'failed' | 'fell_back' | 'cancelled';

/**
 * Extra fields of `skill/event` data during a topology run:
 * - every event of a step (its `status` at start and end, and the step's own agent-loop
 *   events) carries `step`;
 * - a step's start/end `status` carries `step_outcome`;
 * - a write to the shared state is a `log` event carrying `state_write`.
 */
export interface TopologyEventFields {
  step?: TopologyStepRef;
  step_outcome?: TopologyStepOutcome;
  state_write?: { key: string; preview: string; truncated: boolean };
  /**
   * Extension: an event of a composed skill's own run (a skill step) carries this run's
   * `step`, and the callee's own step ref, when it had one, here.
   */
  inner_step?: TopologyStepRef;
}

/** One step in the final result's `metadata.topology.steps`. */
export interface TopologyStepSummary extends TopologyStepRef {
  outcome: Exclude<TopologyStepOutcome, 'running'>;
  duration_ms: number;
  tokens: { input: number; output: number };
  error?: string;
  /** For a `//` fallback: the index of the option that answered. */
  answered_by?: number;
}

/** `metadata.topology` of a topology run's SkillResult. */
export interface TopologyRunMetadata {
  state: Record<string, unknown>;
  steps: TopologyStepSummary[];
}

/** The node id of an agent leaf. */
export function topologyNodeId(node: Extract<TopologyNode, { type: 'agent' }>): string {
  return `${node.name}@${node.column}`;
}

/** Reads the topology fields of an event's data, ignoring anything malformed. */
export function topologyFieldsOf(data: Record<string, unknown>): TopologyEventFields {
  const out: TopologyEventFields = {};
  const step = data.step;
  if (step && typeof step === 'object') {
    const s = step as Record<string, unknown>;
    if (typeof s.node === 'string' && typeof s.agent === 'string') {
      out.step = {
        node: s.node,
        agent: s.agent,
        branches: numbers(s.branches),
        iterations: numbers(s.iterations),
        label: typeof s.label === 'string' ? s.label : s.agent,
      };
    }
  }
  const outcome = data.step_outcome;
  if (
    outcome === 'running' ||
    outcome === 'succeeded' ||
    outcome === 'failed' ||
    outcome === 'fell_back' ||
    outcome === 'cancelled'
  ) {
    out.step_outcome = outcome;
  }
  const w = data.state_write;
  if (w && typeof w === 'object') {
    const r = w as Record<string, unknown>;
    if (typeof r.key === 'string' && typeof r.preview === 'string') {
      out.state_write = { key: r.key, preview: r.preview, truncated: r.truncated === true };
    }
  }
  return out;
}

function numbers(v: unknown): number[] {
  return Array.isArray(v) ? v.filter((n): n is number => Number.isInteger(n)) : [];
}
