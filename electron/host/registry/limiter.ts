/**
 * Bounds how many file-system jobs run at once. A scan of thousands of skills
 * started all at once would open thousands of files together (EMFILE) and queue
 * them all on libuv's small thread pool anyway.
 */
export class Limiter {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(private readonly max: number) {
    if (!(max >= 1)) throw new RangeError('Limiter needs at least one slot');
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) {
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await job();
    } finally {
      const next = this.queue.shift();
      // The slot passes straight to the next job; `active` only drops when nobody waits.
      if (next) next();
      else this.active--;
    }
  }
}
