/**
 * The bound on concurrent model calls of one eval run. Every model call of the run
 * (executor turns and grader calls alike) takes a slot; at most `limit` are in flight.
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

  constructor(
    readonly max: number,
    private readonly onLimit: (limit: number) => void = () => {},
  ) {
    this.current = Math.max(1, Math.floor(max));
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
