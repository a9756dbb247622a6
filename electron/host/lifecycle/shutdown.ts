/**
 * How a host process ends when it is asked to, or orphaned: the one place every
 * entry point (CLI `call`, `test`, `a2e --stdio`, `serve`, and the desktop app's
 * main process) installs its handlers, so that no skill run outlives the process
 * that started it.
 *
 * - SIGTERM, SIGINT and SIGHUP start a shutdown: `onShutdown` stops what runs
 *   (cancels the calls, whose executors kill their process groups), then the
 *   process exits with the code `onShutdown` returns (else 128 + the signal's number).
 * - The parent's death starts one too. Signals do not tell us about it, so the
 *   parent pid is polled about once a second: when the parent dies the process is
 *   re-parented (to init, pid 1, or to a subreaper), and `process.ppid` changes.
 *   Polling is off on Windows, where `ppid` never changes.
 * - A hard deadline (a few seconds, unref'd so it never keeps the process alive on
 *   its own) exits anyway when stopping hangs; a second signal exits at once.
 */
import { constants } from 'node:os';

export const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;
export type ShutdownSignal = (typeof SHUTDOWN_SIGNALS)[number];

/**
 * Why the process is ending: a signal, its parent gone, or (CLI) the reader of
 * its output gone — the last one ends quietly, with exit code 0.
 */
export type ShutdownReason = ShutdownSignal | 'parent-exited' | 'output-closed';

export interface ShutdownOptions {
  /** How long stopping may take before the process exits anyway. Default 5000 ms. */
  deadlineMs?: number;
  /** Parent-death poll interval; 0 turns the watch off. Default 1000 ms. */
  parentPollMs?: number;
  /** Ends the process. Default `process.exit`; the desktop app passes `app.exit`. */
  exit?: (code: number) => void;
  /** Told when the deadline forces the exit (e.g. to say so on stderr). */
  onDeadline?: (reason: ShutdownReason) => void;
}

export interface ShutdownHandle {
  /** The reason of the shutdown under way, or null. */
  readonly reason: ShutdownReason | null;
  /** Starts the shutdown as a signal would (the CLI uses it when its output closes). */
  trigger(reason: ShutdownReason): void;
  /** Removes the signal handlers and the parent watch. */
  uninstall(): void;
}

/** The conventional exit code of a process ended by `reason`: 128 + signal number. */
export function exitCodeFor(reason: ShutdownReason): number {
  if (reason === 'output-closed') return 0;
  const signal = reason === 'parent-exited' ? 'SIGHUP' : reason;
  return 128 + constants.signals[signal];
}

/**
 * True once the parent that was there at `initialPpid` is gone. A process started
 * by init itself (ppid 1) or from outside its pid namespace (ppid 0) cannot tell.
 */
export function parentGone(initialPpid: number, currentPpid: number): boolean {
  if (initialPpid <= 1) return false;
  return currentPpid !== initialPpid;
}

export function installShutdownHandlers(
  onShutdown: (reason: ShutdownReason) => Promise<number | void> | number | void,
  options: ShutdownOptions = {},
): ShutdownHandle {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const deadlineMs = options.deadlineMs ?? 5000;
  const pollMs = options.parentPollMs ?? 1000;
  let reason: ShutdownReason | null = null;
  let exited = false;
  const exitOnce = (code: number): void => {
    if (exited) return;
    exited = true;
    exit(code);
  };

  const listeners = SHUTDOWN_SIGNALS.map((signal) => {
    const listener = (): void => handle.trigger(signal);
    process.on(signal, listener);
    return [signal, listener] as const;
  });

  const initialPpid = process.ppid;
  let poll: NodeJS.Timeout | null = null;
  if (pollMs > 0 && process.platform !== 'win32' && initialPpid > 1) {
    poll = setInterval(() => {
      if (parentGone(initialPpid, process.ppid)) handle.trigger('parent-exited');
    }, pollMs);
    poll.unref();
  }
  const stopPolling = (): void => {
    if (poll) clearInterval(poll);
    poll = null;
  };

  const handle: ShutdownHandle = {
    get reason() {
      return reason;
    },
    trigger(why) {
      if (reason !== null) {
        // Asked again while stopping: the kills are already sent, so stop waiting.
        if (why !== 'parent-exited' && why !== 'output-closed') exitOnce(exitCodeFor(why));
        return;
      }
      reason = why;
      stopPolling();
      const fallback = exitCodeFor(why);
      const deadline = setTimeout(() => {
        options.onDeadline?.(why);
        exitOnce(fallback);
      }, deadlineMs);
      deadline.unref();
      Promise.resolve()
        .then(() => onShutdown(why))
        .then(
          (code) => exitOnce(typeof code === 'number' ? code : fallback),
          () => exitOnce(fallback),
        );
    },
    uninstall() {
      stopPolling();
      for (const [signal, listener] of listeners) process.off(signal, listener);
    },
  };
  return handle;
}
