import { describe, expect, it } from 'vitest';
import type { SkillEvent } from '../../../shared/protocol/a2e';
import type { TopologyStepRef } from '../../../shared/skill/topology-run';
import {
  eventsOfStep,
  foldTopologyEvents,
  stateTimeline,
  stepId,
  topologyMetadataOf,
} from './run-state';
import { skillEvents } from '../../../shared/test-support/skill-events';

const ev = skillEvents();
function ref(node: string, branches: number[] = [], iterations: number[] = []): TopologyStepRef {
  const agent = node.split('@')[0];
  return {
    node,
    agent,
    branches,
    iterations,
    label: `${agent} ${branches.join('.')}${iterations.join('.')}`.trim(),
  };
}
const start = (r: TopologyStepRef) =>
  ev('status', { message: `${r.agent} started`, step: r, step_outcome: 'running' });
const end = (r: TopologyStepRef, outcome: string) =>
  ev('status', { message: `${r.agent} ${outcome}`, step: r, step_outcome: outcome });
const write = (r: TopologyStepRef | null, key: string, preview: string, truncated = false) =>
  ev('log', {
    level: 'info',
    message: `${key} written`,
    ...(r ? { step: r } : {}),
    state_write: { key, preview, truncated },
  });

const R = ref('researcher@1');
const F = ref('fact_checker@16', [0]);
const S = ref('style_checker@31', [1]);
const W = ref('writer@49');

function researchBriefRun(): SkillEvent[] {
  ev.restart();
  return [
    start(R),
    ev('artifact', { name: 'response.md', chunk: 'Found things', step: R }),
    write(R, 'findings', 'claim A; claim B'),
    end(R, 'succeeded'),
    start(F),
    start(S),
    write(S, 'outline', 'intro, body'),
    end(S, 'succeeded'),
    write(F, 'checked_findings', 'A supported; B unsupp…', true),
    end(F, 'succeeded'),
    start(W),
  ];
}

describe('foldTopologyEvents', () => {
  it('tracks every step and gives each node its status, running ones included', () => {
    const fold = foldTopologyEvents(researchBriefRun());
    expect(fold.steps.map((s) => [s.ref.node, s.outcome])).toEqual([
      ['researcher@1', 'succeeded'],
      ['fact_checker@16', 'succeeded'],
      ['style_checker@31', 'succeeded'],
      ['writer@49', 'running'],
    ]);
    expect(fold.nodes.get('writer@49')).toEqual({ outcome: 'running', runs: 1 });
    expect(fold.nodes.get('researcher@1')).toEqual({ outcome: 'succeeded', runs: 1 });
    expect(fold.steps[0].writes.map((w) => w.key)).toEqual(['findings']);
    expect(fold.writes.map((w) => w.key)).toEqual(['findings', 'outline', 'checked_findings']);
  });

  it('counts loop iterations as runs of one node and shows a failure and a fallback', () => {
    ev.restart();
    const d0 = ref('draft@2', [], [0]);
    const d1 = ref('draft@2', [], [1]);
    const fast = ref('fast@20');
    const fold = foldTopologyEvents([
      start(d0),
      end(d0, 'succeeded'),
      start(d1),
      end(d1, 'failed'),
      start(fast),
      end(fast, 'fell_back'),
    ]);
    expect(fold.nodes.get('draft@2')).toEqual({ outcome: 'failed', runs: 2 });
    expect(fold.nodes.get('fast@20')).toEqual({ outcome: 'fell_back', runs: 1 });
  });

  it('keeps a node running while one of its parallel executions still runs', () => {
    ev.restart();
    const a = ref('a@2', [0], [0]);
    const b = ref('a@2', [0], [1]);
    const fold = foldTopologyEvents([start(a), start(b), end(b, 'succeeded')]);
    expect(fold.nodes.get('a@2')?.outcome).toBe('running');
  });
});

describe('stateTimeline', () => {
  it('holds the state after each step and what each step changed', () => {
    const t = stateTimeline(researchBriefRun(), { topic: 'tides' }, null);
    expect(t.map((s) => s.label)).toEqual(['input', R.label, S.label, F.label]);
    expect(t[0].values).toEqual({ topic: { text: 'tides', truncated: false } });
    expect(t[1].changed.map((c) => c.key)).toEqual(['findings']);
    expect(Object.keys(t[2].values)).toEqual(['topic', 'findings', 'outline']);
    expect(t[2].changed).toEqual([
      { key: 'outline', before: null, after: { text: 'intro, body', truncated: false } },
    ]);
    expect(t[3].values.checked_findings).toEqual({
      text: 'A supported; B unsupp…',
      truncated: true,
    });
    // Earlier snapshots are not changed by later writes.
    expect(t[1].values.outline).toBeUndefined();
  });

  it('ends on the final state, where a full value is not a change from its preview', () => {
    const events = researchBriefRun();
    const t = stateTimeline(
      events,
      { topic: 'tides' },
      {
        topic: 'tides',
        findings: 'claim A; claim B',
        outline: 'intro, body',
        checked_findings: 'A supported; B unsupported',
        brief: { words: 120 },
      },
    );
    const last = t[t.length - 1];
    expect(last.label).toBe('final');
    expect(last.changed.map((c) => c.key)).toEqual(['brief']);
    expect(last.values.brief.text).toBe('{\n  "words": 120\n}');
  });

  it('shows a value rewritten by a later step as a change with its previous value', () => {
    ev.restart();
    const a = ref('a@1');
    const b = ref('b@6');
    const t = stateTimeline(
      [
        start(a),
        write(a, 'x', '1'),
        end(a, 'succeeded'),
        start(b),
        write(b, 'x', '2'),
        end(b, 'failed'),
      ],
      {},
      null,
    );
    expect(t[2].changed).toEqual([
      { key: 'x', before: { text: '1', truncated: false }, after: { text: '2', truncated: false } },
    ]);
    expect(t[2].outcome).toBe('failed');
  });
});

describe('stateTimeline with fallbacks', () => {
  it('marks a failed step fallen back on its own point instead of adding one', () => {
    ev.restart();
    const fast = ref('fast@2');
    const slow = ref('slow@10');
    const t = stateTimeline(
      [
        start(fast),
        end(fast, 'failed'),
        end(fast, 'fell_back'),
        start(slow),
        write(slow, 'answer', 'multi line answer'),
        end(slow, 'succeeded'),
      ],
      {},
      { answer: 'multi\nline   answer' },
    );
    expect(t.map((p) => [p.label, p.outcome])).toEqual([
      ['input', null],
      [fast.label, 'fell_back'],
      [slow.label, 'succeeded'],
      ['final', null],
    ]);
    // The preview flattened the whitespace: the full value is no change.
    expect(t[3].changed).toEqual([]);
  });
});

describe('eventsOfStep', () => {
  it('keeps the events of one node, or of one execution of it', () => {
    const events = researchBriefRun();
    expect(eventsOfStep(events, { node: 'researcher@1', step: null }).map((e) => e.kind)).toEqual([
      'status',
      'artifact',
      'log',
      'status',
    ]);
    expect(eventsOfStep(events, { node: 'researcher@1', step: stepId(F) })).toEqual([]);
    expect(eventsOfStep(events, { node: 'fact_checker@16', step: stepId(F) })).toHaveLength(3);
  });
});

describe('topologyMetadataOf', () => {
  it('reads metadata.topology and ignores anything else', () => {
    const base = { success: true, duration_ms: 1, truncated: false };
    expect(
      topologyMetadataOf({ ...base, metadata: { topology: { state: { a: 1 }, steps: [] } } }),
    ).toEqual({
      state: { a: 1 },
      steps: [],
    });
    expect(topologyMetadataOf({ ...base, metadata: { topology: { state: 'x' } } })).toBeNull();
    expect(topologyMetadataOf(null)).toBeNull();
  });
});
