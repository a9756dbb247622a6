import { describe, expect, it } from 'vitest';
import { CallQueue, QueueAbortedError } from './call-queue';

describe('CallQueue', () => {
  it('runs at most `limit` at once, in FIFO order', async () => {
    const q = new CallQueue(2);
    const order: number[] = [];
    let peak = 0;
    await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const release = await q.acquire();
        order.push(i);
        peak = Math.max(peak, q.active);
        await new Promise((r) => setTimeout(r, 5));
        release();
        release(); // a second release is harmless
      }),
    );
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(q.active).toBe(0);
  });

  it('drops a waiting call whose signal aborts', async () => {
    const q = new CallQueue(1);
    const hold = await q.acquire();
    const ac = new AbortController();
    const waiting = q.acquire(ac.signal);
    expect(q.queued).toBe(1);
    ac.abort('cancelled');
    await expect(waiting).rejects.toBeInstanceOf(QueueAbortedError);
    expect(q.queued).toBe(0);
    hold();
    expect(q.active).toBe(0);
    expect(() => new CallQueue(0)).toThrow(RangeError);
  });

  it('starts waiting calls when the limit is raised', async () => {
    const q = new CallQueue(1);
    await q.acquire();
    let started = false;
    const next = q.acquire().then(() => (started = true));
    q.limit = 2;
    await next;
    expect(started).toBe(true);
  });
});
