/**
 * The call pools: at most `limit` calls in flight, a 429 halves the limit and clean
 * calls climb it back; and one pool per provider for the whole host, so eval runs that
 * go on at the same time share their provider's limit instead of adding theirs up.
 */
import { describe, expect, it } from 'vitest';
import { CallPool, ProviderPools } from './call-pool';

/** A call that ends when the test says so. */
function gate(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((r) => (open = r));
  return { promise, open };
}

/** Starts `n` calls in `pool`, each held until released; tracks the most in flight. */
function hold(pool: CallPool, n: number, seen: { max: number; now: number }) {
  const gates = Array.from({ length: n }, gate);
  const done = gates.map((g) =>
    pool.run(async () => {
      seen.now++;
      seen.max = Math.max(seen.max, seen.now);
      await g.promise;
      seen.now--;
    }),
  );
  return { gates, done };
}

/** Lets queued grants and resolutions run (no timers involved). */
const settle = async (): Promise<void> => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('CallPool', () => {
  it('keeps at most `limit` calls in flight and lets the next one in as one ends', async () => {
    const pool = new CallPool(2);
    const seen = { max: 0, now: 0 };
    const { gates, done } = hold(pool, 5, seen);
    await settle();
    expect(pool.inFlight).toBe(2);
    gates[0].open();
    await settle();
    expect(pool.inFlight).toBe(2);
    for (const g of gates) g.open();
    await Promise.all(done);
    expect(seen.max).toBe(2);
    expect(pool.inFlight).toBe(0);
  });

  it('halves the limit on a 429 and climbs back by one per `limit` clean calls', () => {
    const limits: number[] = [];
    const pool = new CallPool(4, (l) => limits.push(l));
    pool.rateLimited();
    expect(pool.limit).toBe(2);
    pool.rateLimited();
    pool.rateLimited();
    expect(pool.limit).toBe(1);
    pool.succeeded();
    expect(pool.limit).toBe(2);
    pool.succeeded();
    pool.succeeded();
    expect(pool.limit).toBe(3);
    for (let i = 0; i < 10; i++) pool.succeeded();
    expect(pool.limit).toBe(4);
    expect(limits).toEqual([2, 1, 2, 3, 4]);
  });
});

describe('ProviderPools', () => {
  it('gives two runs on one provider one pool: together they stay within the limit', async () => {
    const pools = new ProviderPools();
    const runA = pools.lease('anthropic', 2);
    const runB = pools.lease('anthropic', 2);
    expect(runB.pool).toBe(runA.pool);
    const seen = { max: 0, now: 0 };
    const a = hold(runA.pool, 3, seen);
    const b = hold(runB.pool, 3, seen);
    await settle();
    // Two runs of 2 each: 2 in flight at once, not 4.
    expect(seen.now).toBe(2);
    for (const g of [...a.gates, ...b.gates]) g.open();
    await Promise.all([...a.done, ...b.done]);
    expect(seen.max).toBe(2);
  });

  it('keeps providers apart', () => {
    const pools = new ProviderPools();
    expect(pools.lease('anthropic', 2).pool).not.toBe(pools.lease('local', 2).pool);
  });

  it("slows every run on the provider after one run's 429", () => {
    const pools = new ProviderPools();
    const runA = pools.lease('openai', 4);
    const runB = pools.lease('openai', 4);
    runA.pool.rateLimited();
    expect(runB.pool.limit).toBe(2);
  });

  it('bounds a shared pool by the lowest setting of the runs holding it, and drops it when none do', () => {
    const pools = new ProviderPools();
    const wide = pools.lease('local', 8);
    expect(wide.pool.limit).toBe(8);
    const narrow = pools.lease('local', 2);
    expect(wide.pool.limit).toBe(2);
    narrow.release();
    // Back to 8 as calls succeed, as after a 429.
    expect(wide.pool.max).toBe(8);
    for (let i = 0; i < 40; i++) wide.pool.succeeded();
    expect(wide.pool.limit).toBe(8);
    wide.pool.rateLimited();
    wide.release();
    wide.release();
    expect(pools.peek('local')).toBeNull();
    // A later run starts at its own setting, not at the old slowdown.
    expect(pools.lease('local', 8).pool.limit).toBe(8);
  });
});
