/**
 * The life of one accepted call: its abort (the caller's cancel, its timeout) with the
 * first cause kept, and its place among the live runs (live-runs.ts and the host's own
 * set) from the moment it is accepted until its executor has stopped.
 */
import { trackRun, type LiveRun } from './live-runs';
import type { AbortCause } from './core/types';

export class CallControl {
  private readonly controller = new AbortController();
  private why: AbortCause | null = null;
  private readonly live: LiveRun;
  private readonly untrack: () => void;
  private markStopped!: () => void;
  private readonly onCancel = (): void => this.abort('cancelled');

  constructor(
    /** The caller's signal: aborting it cancels the call. */
    private readonly outer: AbortSignal | undefined,
    /** The host's runs (cancelAll), this one in it while it is live. */
    private readonly runs: Set<LiveRun>,
  ) {
    if (outer?.aborted) this.onCancel();
    else outer?.addEventListener('abort', this.onCancel, { once: true });
    this.live = {
      abort: (why) => this.abort(why),
      stopped: new Promise<void>((r) => (this.markStopped = r)),
    };
    this.untrack = trackRun(this.live);
    runs.add(this.live);
  }

  /** Aborted with the cause as its reason, for the queue and the executor. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Why the call was stopped (the first cause wins), or null. */
  get cause(): AbortCause | null {
    return this.why;
  }

  abort(why: AbortCause): void {
    if (this.why) return;
    this.why = why;
    this.controller.abort(why);
  }

  /** The call's executor has stopped (or it never ran): it is no longer a live run. */
  stopped(): void {
    this.untrack();
    this.runs.delete(this.live);
    this.markStopped();
  }

  /** The call has answered: the caller's signal is let go of. */
  detach(): void {
    this.outer?.removeEventListener('abort', this.onCancel);
  }
}
