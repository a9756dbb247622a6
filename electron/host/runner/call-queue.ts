/**
 * Limits how many skill runs execute at once; the rest wait in FIFO order.
 * A waiting call whose signal aborts leaves the queue without ever running.
 */

export class QueueAbortedError extends Error {
  constructor(readonly reason: unknown) {
    super('call was aborted while waiting in the queue');
  }
}

interface Waiter {
  grant: (release: () => void) => void;
  reject: (err: Error) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

export class CallQueue {
  private running = 0;
  private readonly waiting: Waiter[] = [];
  private limitValue: number;

  constructor(limit = 4) {
    this.limitValue = CallQueue.checkLimit(limit);
  }

  private static checkLimit(limit: number): number {
    if (!Number.isInteger(limit) || limit < 1) {
      throw new RangeError(`concurrency limit must be a positive integer, got ${limit}`);
    }
    return limit;
  }

  get limit(): number {
    return this.limitValue;
  }

  /** Raising the limit starts waiting calls at once; lowering it lets running ones finish. */
  set limit(limit: number) {
    this.limitValue = CallQueue.checkLimit(limit);
    this.pump();
  }

  get active(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Resolves with a release function once a slot is free; call it exactly once. */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(new QueueAbortedError(signal.reason));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { grant: resolve, reject, signal };
      if (signal) {
        waiter.onAbort = () => {
          const i = this.waiting.indexOf(waiter);
          if (i >= 0) {
            this.waiting.splice(i, 1);
            reject(new QueueAbortedError(signal.reason));
          }
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.waiting.push(waiter);
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.limitValue && this.waiting.length > 0) {
      const waiter = this.waiting.shift() as Waiter;
      if (waiter.signal && waiter.onAbort) {
        waiter.signal.removeEventListener('abort', waiter.onAbort);
      }
      this.running++;
      let released = false;
      waiter.grant(() => {
        if (released) return;
        released = true;
        this.running--;
        this.pump();
      });
    }
  }
}
