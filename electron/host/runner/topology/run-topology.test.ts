/**
 * The orchestration of a topology on a fake step runner: each operator (>>, |, * N,
 * * until, //, parentheses) and each failure (a branch failing inside |, a fallback
 * exhausted, an until that never matches, cancel during |), with the events and the
 * per-step summaries the graph view reads.
 */
import { describe, expect, it } from 'vitest';
import { parseTopology } from '../../../../shared/skill/topology';
import { topologyFieldsOf } from '../../../../shared/skill/topology-run';
import { runTopology, type StepContext, type StepResult } from './run-topology';

interface Recorded {
  kind: string;
  data: Record<string, unknown>;
}

function ast(expr: string) {
  const parsed = parseTopology(expr);
  if (!parsed.ast) throw new Error(parsed.errors[0]?.message);
  return parsed.ast;
}

/** A step that resolves when `release()` is called, or fails when its signal aborts. */
function gate() {
  let release!: (r: StepResult) => void;
  let started!: () => void;
  const startedP = new Promise<void>((r) => (started = r));
  const run = (step: StepContext): Promise<StepResult> => {
    started();
    return new Promise<StepResult>((resolve) => {
      release = resolve;
      step.signal.addEventListener('abort', () =>
        resolve({ ok: false, code: 'cancelled', error: 'the call was cancelled' }),
      );
    });
  };
  return { run, started: startedP, release: (r: StepResult) => release(r) };
}

async function run(
  expr: string,
  steps: Record<string, (step: StepContext, calls: number) => Promise<StepResult> | StepResult>,
  options: { state?: Record<string, unknown>; signal?: AbortSignal } = {},
) {
  const events: Recorded[] = [];
  const order: string[] = [];
  const calls = new Map<string, number>();
  const result = await runTopology({
    ast: ast(expr),
    state: options.state ?? {},
    signal: options.signal ?? new AbortController().signal,
    emit: (kind, data) => events.push({ kind, data }),
    runStep: async (name, step) => {
      const n = (calls.get(name) ?? 0) + 1;
      calls.set(name, n);
      order.push(name);
      const fn = steps[name];
      if (!fn) throw new Error(`no fake for ${name}`);
      return fn(step, n);
    },
  });
  return { result, events, order };
}

const writes = (w: Record<string, unknown>): StepResult => ({ ok: true, writes: w });
const failure = (error: string): StepResult => ({ ok: false, code: 'skill_error', error });

describe('operators', () => {
  it('>> runs in order, each step sees what the earlier ones wrote; events tag each step', async () => {
    const { result, events, order } = await run('a >> b', {
      a: () => writes({ x: 'from a' }),
      b: (step) => writes({ y: `b saw ${String(step.state.x)}` }),
    });
    expect(order).toEqual(['a', 'b']);
    expect(result.ok).toBe(true);
    expect(result.state).toEqual({ x: 'from a', y: 'b saw from a' });
    expect(result.steps.map((s) => [s.node, s.outcome])).toEqual([
      ['a@1', 'succeeded'],
      ['b@6', 'succeeded'],
    ]);
    const fields = events.map((e) => ({ kind: e.kind, ...topologyFieldsOf(e.data) }));
    expect(fields.filter((f) => f.step_outcome).map((f) => [f.step?.node, f.step_outcome])).toEqual(
      [
        ['a@1', 'running'],
        ['a@1', 'succeeded'],
        ['b@6', 'running'],
        ['b@6', 'succeeded'],
      ],
    );
    const write = fields.find((f) => f.state_write?.key === 'y');
    expect(write).toMatchObject({
      kind: 'log',
      step: { node: 'b@6' },
      state_write: { preview: 'b saw from a', truncated: false },
    });
  });

  it('| starts every branch before any ends, and merges their writes', async () => {
    const a = gate();
    const b = gate();
    const pending = run('(a | b) >> c', {
      a: (s) => a.run(s),
      b: (s) => b.run(s),
      c: (step) => writes({ seen: `${String(step.state.x)}+${String(step.state.y)}` }),
    });
    // Both branches are running at once: neither is released until both have started.
    await Promise.all([a.started, b.started]);
    b.release(writes({ y: 'B' }));
    a.release(writes({ x: 'A' }));
    const { result } = await pending;
    expect(result.ok).toBe(true);
    expect(result.state).toEqual({ x: 'A', y: 'B', seen: 'A+B' });
    expect(result.steps.find((s) => s.agent === 'a')?.branches).toEqual([0]);
    expect(result.steps.find((s) => s.agent === 'b')).toMatchObject({
      branches: [1],
      label: 'b [branch 2]',
    });
  });

  it('| with two branches writing one key keeps the last branch’s value and warns', async () => {
    const { result, events } = await run('a | b', {
      a: () => writes({ k: 'from a' }),
      b: () => writes({ k: 'from b' }),
    });
    expect(result.state.k).toBe('from b');
    expect(events.find((e) => e.data.level === 'warn')?.data.message).toBe(
      'branches 1, 2 of one "|" all wrote "k"; the last one\'s value is kept (TOPOLOGY_PARALLEL_WRITE)',
    );
  });

  it('* N runs the body N times with its iteration in each step', async () => {
    const { result, order } = await run('a * 3', {
      a: (_s, n) => writes({ count: n }),
    });
    expect(order).toEqual(['a', 'a', 'a']);
    expect(result.state.count).toBe(3);
    expect(result.steps.map((s) => s.iterations)).toEqual([[0], [1], [2]]);
    expect(result.steps[2].label).toBe('a [iteration 3]');
  });

  it('* until stops as soon as the key holds the value', async () => {
    const { result, order } = await run('(draft >> review) * until(verdict == "ok", max=5)', {
      draft: (_s, n) => writes({ text: `v${n}` }),
      review: (_s, n) => writes({ verdict: n === 2 ? ' ok\n' : 'redo' }),
    });
    expect(result.ok).toBe(true);
    expect(order).toEqual(['draft', 'review', 'draft', 'review']);
    expect(result.state.text).toBe('v2');
  });

  it('// runs the next option when one fails; the result says which answered', async () => {
    const { result, events } = await run('primary // backup', {
      primary: () => failure('the model refused'),
      backup: () => writes({ out: 'from backup' }),
    });
    expect(result.ok).toBe(true);
    expect(result.state).toEqual({ out: 'from backup' });
    expect(result.steps.map((s) => [s.agent, s.outcome, s.answered_by])).toEqual([
      ['primary', 'fell_back', undefined],
      ['backup', 'succeeded', 1],
    ]);
    const fellBack = events.find((e) => topologyFieldsOf(e.data).step_outcome === 'fell_back');
    expect(topologyFieldsOf(fellBack!.data).step?.agent).toBe('primary');
  });

  it('a failed option leaves no write behind', async () => {
    const { result } = await run('(a >> b) // c', {
      a: () => writes({ partial: 'half done' }),
      b: () => failure('broke'),
      c: () => writes({ out: 'c' }),
    });
    expect(result.state).toEqual({ out: 'c' });
    expect(result.steps.map((s) => [s.agent, s.outcome])).toEqual([
      ['a', 'succeeded'],
      ['b', 'fell_back'],
      ['c', 'succeeded'],
    ]);
  });

  it('parentheses group: (a >> b) * 2 repeats the pair, a >> b * 2 only b', async () => {
    const grouped = await run('(a >> b) * 2', { a: () => writes({}), b: () => writes({}) });
    expect(grouped.order).toEqual(['a', 'b', 'a', 'b']);
    const bare = await run('a >> b * 2', { a: () => writes({}), b: () => writes({}) });
    expect(bare.order).toEqual(['a', 'b', 'b']);
  });
});

describe('failures', () => {
  it('a branch failing inside | stops its siblings at once and fails the run with its error', async () => {
    const slow = gate();
    const { result } = await run('(fast | slow) >> after', {
      fast: async () => {
        await slow.started;
        return failure('no sources found');
      },
      slow: (s) => slow.run(s),
      after: () => writes({}),
    });
    expect(result.ok).toBe(false);
    expect(result.code).toBe('skill_error');
    expect(result.error).toBe('fast: no sources found');
    expect(result.steps.map((s) => [s.agent, s.outcome])).toEqual([
      ['fast', 'failed'],
      ['slow', 'cancelled'],
    ]);
  });

  it('a fallback exhausted fails with every option’s error', async () => {
    const { result } = await run('a // b', {
      a: () => failure('first broke'),
      b: () => failure('second broke'),
    });
    expect(result.ok).toBe(false);
    expect(result.error).toBe(
      'every fallback option failed (option 1: a: first broke; option 2: b: second broke)',
    );
    expect(result.steps.map((s) => s.outcome)).toEqual(['fell_back', 'failed']);
  });

  it('an until that never matches fails after max iterations', async () => {
    const { result, order } = await run('review * until(verdict == "ok", max=3)', {
      review: () => writes({ verdict: 'redo' }),
    });
    expect(order).toHaveLength(3);
    expect(result.ok).toBe(false);
    expect(result.error).toBe('until(verdict == "ok") never held in 3 iterations (max=3)');
  });

  it('cancel during | stops every running branch at once; nothing after runs', async () => {
    const a = gate();
    const b = gate();
    const controller = new AbortController();
    const pending = run(
      '(a | b) >> c // d',
      { a: (s) => a.run(s), b: (s) => b.run(s), c: () => writes({}), d: () => writes({}) },
      { signal: controller.signal },
    );
    await Promise.all([a.started, b.started]);
    controller.abort('cancelled');
    const { result, order } = await pending;
    expect(result.ok).toBe(false);
    expect(result.code).toBe('cancelled');
    expect(order).toEqual(['a', 'b']);
    expect(result.steps.map((s) => s.outcome)).toEqual(['cancelled', 'cancelled']);
  });

  it('a timeout is reported as timeout and never fallen back from', async () => {
    const a = gate();
    const controller = new AbortController();
    const pending = run(
      'a // b',
      { a: (s) => a.run(s), b: () => writes({}) },
      {
        signal: controller.signal,
      },
    );
    await a.started;
    controller.abort('timeout');
    a.release({ ok: false, code: 'timeout', error: 'too slow' });
    const { result, order } = await pending;
    expect(order).toEqual(['a']);
    expect(result.code).toBe('timeout');
  });

  it('a step that throws is a runtime_error of that step', async () => {
    const { result } = await run('a', {
      a: () => {
        throw new Error('boom');
      },
    });
    expect(result).toMatchObject({ ok: false, code: 'runtime_error' });
    expect(result.steps[0]).toMatchObject({
      outcome: 'failed',
      error: 'the step failed: Error: boom',
    });
  });
});
