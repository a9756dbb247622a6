/**
 * Every call of every A2E host in this process, from the moment it is accepted
 * (queued or running) until its executor has really stopped — its process group
 * killed and swept. A process that is about to exit (a signal, its parent gone)
 * calls `stopAllRuns` so that no skill it started outlives it, whichever command,
 * connection or window started the run.
 */
import type { AbortCause } from './core/types';

export interface LiveRun {
  /** Stops the run (or takes it out of the queue); idempotent. */
  abort(cause: AbortCause): void;
  /** Settles once the executor has stopped (at once for a call that never ran). */
  readonly stopped: Promise<void>;
}

const live = new Set<LiveRun>();
let stopping = false;

/** Registers a run until the returned function is called. */
export function trackRun(run: LiveRun): () => void {
  live.add(run);
  return () => live.delete(run);
}

/** True once `stopAllRuns` was called: hosts refuse new calls from then on. */
export function runsAreStopping(): boolean {
  return stopping;
}

/** Runs registered now (queued or running). */
export function liveRunCount(): number {
  return live.size;
}

/**
 * Cancels every run of this process and refuses new ones; resolves once each
 * executor has stopped. The kills themselves are sent synchronously, before
 * this returns its promise, so a caller that must exit at once still leaves no
 * process group behind.
 */
export async function stopAllRuns(): Promise<void> {
  stopping = true;
  const runs = [...live];
  for (const run of runs) run.abort('cancelled');
  await Promise.allSettled(runs.map((r) => r.stopped));
}
