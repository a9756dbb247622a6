import { describe, expect, it } from 'vitest';
import type { ArgumentCheckReply } from '../../../../../shared/playground/argument-check';
import { DEBOUNCE_MS, DefaultChecker, SLOW_MS, type DefaultCheckState } from './default-checker';

/** Timers run by hand: `fire(ms)` runs the ones set for `ms`, in order. */
function manualTimers() {
  const timers = new Map<number, { fn: () => void; ms: number }>();
  let next = 0;
  return {
    setTimer: (fn: () => void, ms: number) => {
      timers.set(++next, { fn, ms });
      return next;
    },
    clearTimer: (t: unknown) => void timers.delete(t as number),
    fire(ms: number) {
      for (const [id, t] of [...timers]) {
        if (t.ms !== ms) continue;
        timers.delete(id);
        t.fn();
      }
    },
    pending: (ms: number) => [...timers.values()].filter((t) => t.ms === ms).length,
  };
}

/** A host whose answers the test releases; each question is recorded. */
function fakeHost() {
  const asked: { schema: Record<string, unknown>; value: unknown }[] = [];
  const waiting: (() => void)[] = [];
  return {
    asked,
    check(schema: Record<string, unknown>, value: unknown): Promise<ArgumentCheckReply> {
      asked.push({ schema, value });
      const min = typeof schema.minimum === 'number' ? schema.minimum : -Infinity;
      const answer: ArgumentCheckReply =
        typeof value === 'number' && value < min
          ? {
              ok: false,
              errors: [{ path: '/', keyword: 'minimum', message: `must be >= ${min}`, params: {} }],
              message: 'value does not match the schema',
            }
          : { ok: true, errors: [], message: null };
      return new Promise((resolve) => waiting.push(() => resolve(answer)));
    },
    async answerAll() {
      for (const release of waiting.splice(0)) release();
      // Let the checker's await resume.
      await new Promise((r) => setImmediate(r));
    },
  };
}

const withDefault = (n: number) => ({
  type: 'object',
  properties: { days: { type: 'integer', minimum: 1, default: n }, city: { type: 'string' } },
});

function setup() {
  const timers = manualTimers();
  const host = fakeHost();
  const states: DefaultCheckState[] = [];
  const checker = new DefaultChecker({
    check: (s, v) => host.check(s, v),
    onState: (s) => states.push(s),
    ...timers,
  });
  const last = () => states[states.length - 1];
  return { timers, host, checker, last };
}

describe('DefaultChecker', () => {
  it('asks the host once typing pauses, and shows its verdict in the builder’s words', async () => {
    const { timers, host, checker, last } = setup();
    checker.update(withDefault(0));
    expect(host.asked).toEqual([]);
    expect(last()).toEqual({ warnings: [], checking: false });
    timers.fire(DEBOUNCE_MS);
    expect(host.asked).toEqual([{ schema: { type: 'integer', minimum: 1 }, value: 0 }]);
    await host.answerAll();
    expect(last().checking).toBe(false);
    expect(last().warnings).toEqual([
      {
        path: ['days'],
        keyword: 'default',
        message: 'The default 0 does not fit this property: must be ≥ 1.',
      },
    ]);
  });

  it('asks only about the last of quick edits', async () => {
    const { timers, host, checker, last } = setup();
    checker.update(withDefault(0));
    checker.update(withDefault(-1));
    checker.update(withDefault(5));
    expect(timers.pending(DEBOUNCE_MS)).toBe(1);
    timers.fire(DEBOUNCE_MS);
    expect(host.asked.map((q) => q.value)).toEqual([5]);
    await host.answerAll();
    expect(last().warnings).toEqual([]);
  });

  it('says "checking" only when an answer is slow', async () => {
    const { timers, host, checker, last } = setup();
    checker.update(withDefault(0));
    timers.fire(DEBOUNCE_MS);
    expect(last().checking).toBe(false);
    timers.fire(SLOW_MS);
    expect(last().checking).toBe(true);
    await host.answerAll();
    expect(last()).toMatchObject({ checking: false, warnings: [{ keyword: 'default' }] });
  });

  it('remembers answers: an edit elsewhere keeps the warning at once and asks nothing', async () => {
    const { timers, host, checker, last } = setup();
    checker.update(withDefault(0));
    timers.fire(DEBOUNCE_MS);
    await host.answerAll();
    const renamed = withDefault(0);
    (renamed.properties.city as Record<string, unknown>).description = 'Where.';
    checker.update(renamed);
    expect(last().warnings).toHaveLength(1);
    expect(timers.pending(DEBOUNCE_MS)).toBe(0);
    expect(host.asked).toHaveLength(1);
  });

  it('drops a warning at once when its default changes, and ignores a late stale answer', async () => {
    const { timers, host, checker, last } = setup();
    checker.update(withDefault(0));
    timers.fire(DEBOUNCE_MS);
    await host.answerAll();
    expect(last().warnings).toHaveLength(1);
    checker.update(withDefault(-3));
    expect(last().warnings).toEqual([]);
    timers.fire(DEBOUNCE_MS);
    // Fixed before the host answered about -3: that answer must not bring a warning back.
    checker.update(withDefault(3));
    await host.answerAll();
    expect(last().warnings).toEqual([]);
  });

  it('a host that fails warns of nothing, and is asked again on the next edit', async () => {
    const timers = manualTimers();
    let calls = 0;
    const states: DefaultCheckState[] = [];
    const checker = new DefaultChecker({
      check: async () => {
        calls++;
        throw new Error('transport closed');
      },
      onState: (s) => states.push(s),
      ...timers,
    });
    checker.update(withDefault(0));
    timers.fire(DEBOUNCE_MS);
    await new Promise((r) => setImmediate(r));
    expect(states[states.length - 1]).toEqual({ warnings: [], checking: false });
    checker.update({ ...withDefault(0), title: 'x' });
    timers.fire(DEBOUNCE_MS);
    expect(calls).toBe(2);
  });
});
