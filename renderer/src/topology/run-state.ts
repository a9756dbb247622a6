/**
 * A topology run as the graph and the state inspector show it, folded from the call's
 * A2E events through the fields of shared/skill/topology-run.ts: each step (one execution
 * of a node) with its outcome and state writes, each node's status for the graph (running
 * while any of its steps runs, else its latest outcome), and the state after each step
 * with what changed, ending on the result's `metadata.topology.state` when there is one.
 * Pure, so the playground, the history and the tests read a run the same way.
 */
import type { SkillEvent, SkillResult } from '../../../shared/protocol/a2e';
import {
  topologyFieldsOf,
  type TopologyRunMetadata,
  type TopologyStepOutcome,
  type TopologyStepRef,
} from '../../../shared/skill/topology-run';

export interface StateWrite {
  key: string;
  preview: string;
  truncated: boolean;
  seq: number;
  /** The step that wrote it (null for a write outside any step). */
  step: string | null;
}

export interface TopologyStep {
  /** Unique per execution: the node plus its branch and iteration path. */
  id: string;
  ref: TopologyStepRef;
  outcome: TopologyStepOutcome;
  startSeq: number;
  endSeq: number | null;
  writes: StateWrite[];
}

export interface NodeStatus {
  outcome: TopologyStepOutcome;
  /** Executions so far (a loop runs a node several times). */
  runs: number;
}

export interface TopologyRunFold {
  /** In the order they started. */
  steps: TopologyStep[];
  nodes: Map<string, NodeStatus>;
  writes: StateWrite[];
}

/** A run's events read as a topology run, with the input it started from and its final state. */
export interface FoldedTopologyRun {
  events: SkillEvent[];
  fold: TopologyRunFold;
  input: Record<string, unknown>;
  final: Record<string, unknown> | null;
}

export interface StateValue {
  text: string;
  truncated: boolean;
}

export interface StateChange {
  key: string;
  before: StateValue | null;
  after: StateValue;
}

export interface StateSnapshot {
  /** `input`, a step's label, or `final`. */
  label: string;
  /** The step that ended here (null for the input and the final state). */
  stepId: string | null;
  outcome: TopologyStepOutcome | null;
  values: Record<string, StateValue>;
  changed: StateChange[];
}

/** The id of one execution of a node. */
export function stepId(ref: Pick<TopologyStepRef, 'node' | 'branches' | 'iterations'>): string {
  return `${ref.node}#b${ref.branches.join('.')}#i${ref.iterations.join('.')}`;
}

export function foldTopologyEvents(events: readonly SkillEvent[]): TopologyRunFold {
  const steps = new Map<string, TopologyStep>();
  const writes: StateWrite[] = [];
  for (const ev of events) {
    const f = topologyFieldsOf(ev.data ?? {});
    const id = f.step ? stepId(f.step) : null;
    let step = id ? steps.get(id) : undefined;
    if (f.step && id && (!step || (f.step_outcome === 'running' && step.endSeq !== null))) {
      // A new step, or the same path run again (a retry): the latest execution counts.
      step = { id, ref: f.step, outcome: 'running', startSeq: ev.seq, endSeq: null, writes: [] };
      steps.delete(id);
      steps.set(id, step);
    }
    if (step && ev.kind === 'status' && f.step_outcome && f.step_outcome !== 'running') {
      step.outcome = f.step_outcome;
      step.endSeq = ev.seq;
    }
    if (f.state_write) {
      const w: StateWrite = { ...f.state_write, seq: ev.seq, step: id };
      writes.push(w);
      step?.writes.push(w);
    }
  }
  const ordered = [...steps.values()].sort((a, b) => a.startSeq - b.startSeq);
  const nodes = new Map<string, NodeStatus>();
  for (const s of ordered) {
    const prev = nodes.get(s.ref.node);
    const runs = (prev?.runs ?? 0) + 1;
    // A running execution wins; otherwise the latest one to start says how the node stands.
    const outcome = prev?.outcome === 'running' ? 'running' : s.outcome;
    nodes.set(s.ref.node, { outcome, runs });
  }
  return { steps: ordered, nodes, writes };
}

/** `metadata.topology` of a result, when it is one. */
export function topologyMetadataOf(result: SkillResult | null): TopologyRunMetadata | null {
  const t = result?.metadata?.topology;
  if (!t || typeof t !== 'object') return null;
  const m = t as Partial<TopologyRunMetadata>;
  if (!m.state || typeof m.state !== 'object' || !Array.isArray(m.steps)) return null;
  return m as TopologyRunMetadata;
}

/** How a state value reads in the inspector: strings as they are, anything else as JSON. */
export function stateText(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * A full value is the same as a preview of it: previews flatten whitespace to one line and
 * a long one is cut (ending in …), so they are compared flattened, as a beginning.
 */
function sameValue(a: StateValue, b: StateValue): boolean {
  if (a.text === b.text) return true;
  const flat = (v: StateValue) => v.text.replace(/\s+/g, ' ').trim();
  const cut = (v: StateValue) => flat(v).replace(/…$/, '');
  if (a.truncated) return flat(b).startsWith(cut(a));
  if (b.truncated) return flat(a).startsWith(cut(b));
  return flat(a) === flat(b);
}

function diff(
  before: Record<string, StateValue>,
  after: Record<string, StateValue>,
  keys: Iterable<string>,
): StateChange[] {
  const out: StateChange[] = [];
  for (const key of keys) {
    const b = before[key] ?? null;
    const a = after[key];
    if (a && (!b || !sameValue(b, a))) out.push({ key, before: b, after: a });
  }
  return out;
}

/**
 * The state after each finished step, from the arguments (the input) through every
 * write, to the final state when the run has ended with one.
 */
export function stateTimeline(
  events: readonly SkillEvent[],
  input: Record<string, unknown>,
  final: Record<string, unknown> | null,
): StateSnapshot[] {
  const first: Record<string, StateValue> = {};
  for (const [k, v] of Object.entries(input)) first[k] = { text: stateText(v), truncated: false };
  const out: StateSnapshot[] = [
    {
      label: 'input',
      stepId: null,
      outcome: null,
      values: first,
      changed: Object.keys(first).map((key) => ({ key, before: null, after: first[key] })),
    },
  ];
  let current = { ...first };
  let touched = new Set<string>();
  /** Where each step's point is, so a later outcome (a failure fallen back from) updates it. */
  const pointOf = new Map<string, number>();
  for (const ev of events) {
    const f = topologyFieldsOf(ev.data ?? {});
    if (f.state_write) {
      current[f.state_write.key] = {
        text: f.state_write.preview,
        truncated: f.state_write.truncated,
      };
      touched.add(f.state_write.key);
    }
    if (ev.kind === 'status' && f.step && f.step_outcome && f.step_outcome !== 'running') {
      const id = stepId(f.step);
      const earlier = pointOf.get(id);
      if (earlier !== undefined && touched.size === 0) {
        out[earlier] = { ...out[earlier], outcome: f.step_outcome };
        continue;
      }
      pointOf.set(id, out.length);
      const before = out[out.length - 1].values;
      out.push({
        label: f.step.label,
        stepId: id,
        outcome: f.step_outcome,
        values: current,
        changed: diff(before, current, touched),
      });
      current = { ...current };
      touched = new Set();
    }
  }
  if (final) {
    const values: Record<string, StateValue> = {};
    for (const [k, v] of Object.entries(final))
      values[k] = { text: stateText(v), truncated: false };
    const before = out[out.length - 1].values;
    out.push({
      label: 'final',
      stepId: null,
      outcome: null,
      values,
      changed: diff(before, values, Object.keys(values)),
    });
  }
  return out;
}

/** The events of one node (every execution) or of one step, for the transcript's filter. */
export function eventsOfStep(
  events: readonly SkillEvent[],
  filter: { node: string; step: string | null },
): SkillEvent[] {
  return events.filter((ev) => {
    const s = topologyFieldsOf(ev.data ?? {}).step;
    if (!s || s.node !== filter.node) return false;
    return filter.step === null || stepId(s) === filter.step;
  });
}
