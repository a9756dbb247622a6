/**
 * The bound on concurrent model calls to one provider. Every model call (executor turns
 * and grader calls alike) takes a slot of its provider's pool; at most `limit` are in
 * flight. The pools are the host's (ProviderPools below), so eval runs that go on at
 * the same time share their provider's limit instead of each adding its own.
 *
 * A provider's rate limit is met, not hit: a 429 (seen by the client's retry, or as a
 * final error) halves the limit at once (never below 1), and each `limit` calls that
 * finish without one raise it by 1 again, up to the configured maximum (additive
 * increase, multiplicative decrease, as TCP does).
 */

export class CallPool {
  private active = 0;
  private current: number;
  private cleanStreak = 0;
  private readonly waiting: (() => void)[] = [];

  private ceiling: number;

  constructor(
    max: number,
    private readonly onLimit: (limit: number) => void = () => {},
  ) {
    this.ceiling = Math.max(1, Math.floor(max));
    this.current = this.ceiling;
  }

  /** The configured maximum the limit climbs back to. */
  get max(): number {
    return this.ceiling;
  }

  /**
   * A new maximum (the runs sharing the pool changed). A lower one applies at once; a
   * higher one is climbed to as calls succeed, as after a 429.
   */
  setMax(max: number): void {
    this.ceiling = Math.max(1, Math.floor(max));
    if (this.current > this.ceiling) {
      this.current = this.ceiling;
      this.onLimit(this.current);
    }
  }

  /** Calls allowed in flight now. */
  get limit(): number {
    return this.current;
  }

  get inFlight(): number {
    return this.active;
  }

  /** Runs `fn` in a slot; the slot is freed however `fn` ends. */
  async run<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.acquire(signal);
    try {
      return await fn();
    } finally {
      this.release();
    }
  }

  /** A 429: halve the limit now. */
  rateLimited(): void {
    this.cleanStreak = 0;
    const next = Math.max(1, Math.floor(this.current / 2));
    if (next !== this.current) {
      this.current = next;
      this.onLimit(next);
    }
  }

  /** A call finished without a 429: climb back toward the maximum. */
  succeeded(): void {
    if (this.current >= this.max) return;
    this.cleanStreak++;
    if (this.cleanStreak >= this.current) {
      this.cleanStreak = 0;
      this.current++;
      this.onLimit(this.current);
      this.pump();
    }
  }

  private acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason ?? new Error('aborted'));
    if (this.active < this.current) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = (): void => {
        const i = this.waiting.indexOf(grant);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(signal?.reason ?? new Error('aborted'));
      };
      const grant = (): void => {
        signal?.removeEventListener('abort', onAbort);
        this.active++;
        resolve();
      };
      this.waiting.push(grant);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  private release(): void {
    this.active--;
    this.pump();
  }

  private pump(): void {
    while (this.active < this.current && this.waiting.length > 0) this.waiting.shift()!();
  }
}

/** A run's hold on its provider's pool; `release` once the run has ended. */
export interface PoolLease {
  readonly pool: CallPool;
  release(): void;
}

/**
 * The host's call pools, one per provider id, shared by every eval run that is going on.
 * A pool's maximum is the lowest concurrency among the runs holding it (each run's
 * setting is the user's word on what that provider takes); a 429 seen by any run slows
 * all of them. A pool nobody holds is dropped, so a run started later begins at its own
 * setting rather than at an old slowdown.
 */
export class ProviderPools {
  private readonly pools = new Map<string, { pool: CallPool; holds: Map<symbol, number> }>();

  lease(provider: string, concurrency: number): PoolLease {
    let entry = this.pools.get(provider);
    if (!entry) {
      entry = { pool: new CallPool(concurrency), holds: new Map() };
      this.pools.set(provider, entry);
    }
    const hold = Symbol(provider);
    const e = entry;
    e.holds.set(hold, concurrency);
    e.pool.setMax(Math.min(...e.holds.values()));
    let released = false;
    return {
      pool: e.pool,
      release: () => {
        if (released) return;
        released = true;
        e.holds.delete(hold);
        if (e.holds.size === 0) {
          if (this.pools.get(provider) === e) this.pools.delete(provider);
        } else e.pool.setMax(Math.min(...e.holds.values()));
      },
    };
  }

  /** The pool of a provider while some run holds it (tests, diagnostics). */
  peek(provider: string): CallPool | null {
    return this.pools.get(provider)?.pool ?? null;
  }
}
