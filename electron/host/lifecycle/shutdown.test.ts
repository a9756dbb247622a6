import { afterEach, describe, expect, it, vi } from 'vitest';
import { exitCodeFor, installShutdownHandlers, parentGone, type ShutdownHandle } from './shutdown';

let handle: ShutdownHandle | null = null;
afterEach(() => {
  handle?.uninstall();
  handle = null;
  vi.useRealTimers();
});

describe('installShutdownHandlers', () => {
  it('exits with the code of 128 + the signal, or 0 when only the output went away', () => {
    expect(exitCodeFor('SIGTERM')).toBe(143);
    expect(exitCodeFor('SIGINT')).toBe(130);
    expect(exitCodeFor('SIGHUP')).toBe(129);
    expect(exitCodeFor('parent-exited')).toBe(129);
    expect(exitCodeFor('output-closed')).toBe(0);
  });

  it('reads a changed parent pid as the parent gone, unless it started under init', () => {
    expect(parentGone(4242, 4242)).toBe(false);
    expect(parentGone(4242, 1)).toBe(true);
    expect(parentGone(4242, 777)).toBe(true);
    expect(parentGone(1, 1)).toBe(false);
    expect(parentGone(0, 0)).toBe(false);
  });

  it('runs onShutdown once on a signal, then exits with the code it returns', async () => {
    const exits: number[] = [];
    const reasons: string[] = [];
    handle = installShutdownHandlers(
      (reason) => {
        reasons.push(reason);
        return 7;
      },
      { exit: (code) => exits.push(code), parentPollMs: 0 },
    );
    process.emit('SIGHUP', 'SIGHUP');
    await vi.waitFor(() => expect(exits).toEqual([7]));
    expect(reasons).toEqual(['SIGHUP']);
    expect(handle.reason).toBe('SIGHUP');
  });

  it('exits anyway at the deadline when stopping hangs, and at once on a second signal', async () => {
    vi.useFakeTimers();
    const exits: number[] = [];
    const late: string[] = [];
    handle = installShutdownHandlers(() => new Promise<void>(() => undefined), {
      exit: (code) => exits.push(code),
      deadlineMs: 3000,
      parentPollMs: 0,
      onDeadline: (reason) => late.push(reason),
    });
    handle.trigger('SIGTERM');
    await vi.advanceTimersByTimeAsync(2999);
    expect(exits).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(exits).toEqual([143]);
    expect(late).toEqual(['SIGTERM']);

    handle.uninstall();
    const again: number[] = [];
    handle = installShutdownHandlers(() => new Promise<void>(() => undefined), {
      exit: (code) => again.push(code),
      parentPollMs: 0,
    });
    handle.trigger('SIGTERM');
    handle.trigger('SIGINT');
    expect(again).toEqual([130]);
  });

  it('takes its signal handlers away again', () => {
    const before = process.listenerCount('SIGTERM');
    handle = installShutdownHandlers(() => undefined, { exit: () => undefined, parentPollMs: 0 });
    expect(process.listenerCount('SIGTERM')).toBe(before + 1);
    handle.uninstall();
    expect(process.listenerCount('SIGTERM')).toBe(before);
  });
});
