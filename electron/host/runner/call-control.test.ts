/**
 * One call's abort and live-run life: the caller's cancel reaches it, the first cause
 * wins, and it is a live run (of the process and of its host) until it has stopped.
 */
import { describe, expect, it } from 'vitest';
import { CallControl } from './call-control';
import { liveRunCount, type LiveRun } from './live-runs';

describe('CallControl', () => {
  it("is aborted by the caller's signal, as cancelled, and keeps the first cause", () => {
    const caller = new AbortController();
    const control = new CallControl(caller.signal, new Set());
    expect(control.cause).toBeNull();
    control.abort('timeout');
    caller.abort();
    expect(control.cause).toBe('timeout');
    expect(control.signal.aborted).toBe(true);
    expect(control.signal.reason).toBe('timeout');
    control.stopped();
  });

  it('starts cancelled when the caller has already given up', () => {
    const caller = new AbortController();
    caller.abort();
    const control = new CallControl(caller.signal, new Set());
    expect(control.cause).toBe('cancelled');
    control.stopped();
  });

  it('after detach, the caller no longer reaches it', () => {
    const caller = new AbortController();
    const control = new CallControl(caller.signal, new Set());
    control.detach();
    caller.abort();
    expect(control.cause).toBeNull();
    control.stopped();
  });

  it('is live from the start until it has stopped, and can be stopped as a live run', async () => {
    const runs = new Set<LiveRun>();
    const before = liveRunCount();
    const control = new CallControl(undefined, runs);
    expect(runs.size).toBe(1);
    expect(liveRunCount()).toBe(before + 1);
    const [live] = runs;
    live.abort('cancelled');
    expect(control.cause).toBe('cancelled');
    let settled = false;
    void live.stopped.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    control.stopped();
    await live.stopped;
    expect(runs.size).toBe(0);
    expect(liveRunCount()).toBe(before);
  });
});
