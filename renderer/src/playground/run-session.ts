/**
 * One playground call, from the request to its history entry. A RunSession opens
 * the call's stream on a Backend (`a2eStream`), folds what arrives into the run's
 * RunModel in batches (one UI update per animation frame at most, so a flood of
 * events costs one render per frame), ends a run the host never answers with a
 * clear error (the watchdog), cancels by closing the call's connection (the host
 * then aborts the call and kills the skill), and writes the finished call to the
 * history exactly once. It knows nothing of React or the store: the store creates
 * one per Run and re-renders on `onChange`. Time comes from a RunClock, so tests
 * drive frames and timers by hand.
 */
import type { Backend, A2EStream } from '../../../shared/api/studio-api';
import type { A2EOutbound, SkillCallRequest } from '../../../shared/protocol/a2e';
import { safeDelay } from '../../../shared/protocol/timeouts';
import { LOCAL_HOST_ID } from '../../../shared/api/remote-hosts';
import { RunModel, type RunOutcome } from '../../../shared/playground/run-model';
import {
  HISTORY_EVENTS_KEPT,
  historyAgentClient,
  summarizeEvents,
  type HistoryInput,
} from '../../../shared/playground/history';
import { readRunIn } from '../../../shared/agent-clients/run-in';

/** A run as the views read it: the model is mutable and changes between renders. */
export interface ActiveRun {
  key: number;
  skill: string;
  agent: string | null;
  model: RunModel;
}

/** The time a session runs on: the browser's, or a test's hand-driven one. */
export interface RunClock {
  /** Wall-clock ms, for the model's timestamps. */
  now(): number;
  /** Monotonic ms, for pacing UI updates. */
  monotonic(): number;
  /** Calls `cb` before the next paint. */
  frame(cb: () => void): void;
  /** Calls `cb` after `ms`; the returned function cancels it. */
  timer(cb: () => void, ms: number): () => void;
}

export const browserClock: RunClock = {
  now: () => Date.now(),
  monotonic: () => performance.now(),
  frame: (cb) => {
    requestAnimationFrame(() => cb());
  },
  timer: (cb, ms) => {
    const handle = setTimeout(cb, ms);
    return () => clearTimeout(handle);
  },
};

/** Runs wait at most their timeout plus this for the host's answer before giving up. */
export const ANSWER_GRACE_MS = 15_000;
/** Least time between two UI updates of a streaming run (one animation frame each). */
export const FLUSH_MS = 50;
/** Hidden windows get no frames: a batch is folded in this much later anyway. */
export const HIDDEN_FLUSH_MS = 250;

/** What the watchdog says when the host never answered (and never closed the connection). */
export const NO_ANSWER_MESSAGE =
  'No answer from the studio host: the connection may have been refused or lost.';

export interface RunSessionOptions {
  key: number;
  skill: string;
  /** The agent the call acts as; null is the studio itself. */
  agent: string | null;
  /** The A2E host that runs the call: a remote host's id, or null/absent for this studio. */
  host?: string | null;
  request: SkillCallRequest;
  backend: Pick<Backend, 'a2eStream' | 'call'>;
  /** The model changed (a batch was folded in, the run was cancelled or failed). */
  onChange(): void;
  /** The finished call was written to the history. */
  onKept?(): void;
  clock?: RunClock;
}

export class RunSession {
  readonly run: ActiveRun;
  /** Settles once the run has ended and its history write is over (written or not). */
  readonly ended: Promise<RunOutcome | null>;

  private readonly clock: RunClock;
  private stream: A2EStream | null = null;
  private streamClosed = false;
  private readonly queue: A2EOutbound[] = [];
  private flushScheduled = false;
  private cancelFallback: (() => void) | null = null;
  private lastFlush = 0;
  private cancelWatchdog: (() => void) | null = null;
  private finished = false;
  private resolveEnded: (outcome: RunOutcome | null) => void = () => undefined;

  constructor(private readonly options: RunSessionOptions) {
    this.clock = options.clock ?? browserClock;
    this.run = {
      key: options.key,
      skill: options.skill,
      agent: options.agent,
      model: new RunModel(options.request, this.clock.now()),
    };
    this.ended = new Promise((resolve) => {
      this.resolveEnded = resolve;
    });
  }

  get model(): RunModel {
    return this.run.model;
  }

  /** Arms the watchdog, opens the call's connection and sends the request. */
  start(): void {
    if (this.stream || this.finished) return;
    const { request, backend, agent } = this.options;
    this.cancelWatchdog = this.clock.timer(
      () => {
        if (this.model.phase !== 'running') return;
        this.failLocally(NO_ANSWER_MESSAGE);
      },
      safeDelay(request.timeout * 1000 + ANSWER_GRACE_MS),
    );
    const stream = backend.a2eStream(agent, this.onBatch, this.options.host ?? null);
    this.stream = stream;
    stream.send(request);
    // The transport went away before the answer (agent refused at connect, server gone).
    stream.onLost = (why) => {
      this.flush();
      if (this.model.phase !== 'running') return;
      this.failLocally(`No answer from the studio host: ${why}.`);
    };
  }

  /**
   * Closing the connection is the cancel: the host aborts the call and kills the skill.
   * What arrived before is folded in first; the call is then kept as cancelled.
   */
  cancel(): void {
    if (this.model.phase !== 'running') return;
    this.closeStream();
    this.flush();
    this.model.cancel(this.clock.now());
    this.options.onChange();
    void this.finish();
  }

  /** Messages are queued and folded in once per animation frame. */
  private readonly onBatch = (msgs: readonly A2EOutbound[]): void => {
    for (let i = 0; i < msgs.length; i++) {
      const msg: unknown = msgs[i];
      // The transports drop frames that are not JSON; a frame that is JSON but no
      // object (`null`) would break the fold, so it is dropped here as well.
      if (typeof msg === 'object' && msg !== null) this.queue.push(msgs[i]);
    }
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    // At most one UI update per FLUSH_MS while a run floods: the page keeps time to paint and to answer input.
    const wait = Math.max(0, this.lastFlush + FLUSH_MS - this.clock.monotonic());
    const frame = () => {
      this.lastFlush = this.clock.monotonic();
      this.flush();
    };
    if (wait === 0) this.clock.frame(frame);
    else this.clock.timer(() => this.clock.frame(frame), wait);
    this.cancelFallback = this.clock.timer(frame, wait + HIDDEN_FLUSH_MS);
  };

  private flush(): void {
    this.flushScheduled = false;
    if (this.cancelFallback) {
      this.cancelFallback();
      this.cancelFallback = null;
    }
    if (this.queue.length === 0) return;
    const now = this.clock.now();
    const model = this.model;
    for (let i = 0; i < this.queue.length; i++) model.apply(this.queue[i], now);
    this.queue.length = 0;
    this.options.onChange();
    if (model.phase !== 'running') void this.finish();
  }

  /** Ends the run with an error made here: the transport failed before the host answered. */
  private failLocally(message: string): void {
    const now = this.clock.now();
    this.model.apply(localError(this.options.request.id, message, now), now);
    this.options.onChange();
    void this.finish();
  }

  private closeStream(): void {
    if (!this.stream || this.streamClosed) return;
    this.streamClosed = true;
    this.stream.close();
  }

  private async finish(): Promise<void> {
    if (this.finished) return;
    this.finished = true;
    this.cancelWatchdog?.();
    this.closeStream();
    await this.keep();
    this.resolveEnded(this.model.outcome());
  }

  /** Keeps the finished call in the history (the host redacts and caps it). */
  private async keep(): Promise<void> {
    const m = this.model;
    const outcome = m.outcome();
    if (!outcome) return;
    const events = m.allEvents();
    const result = m.result();
    const asked = readRunIn(m.request.metadata);
    const client =
      historyAgentClient(result?.metadata?.client) ??
      (typeof asked === 'object' && asked !== null ? { id: asked.client, version: null } : null);
    const entry: HistoryInput = {
      skill: this.run.skill,
      agent: this.run.agent,
      host: this.options.host ?? LOCAL_HOST_ID,
      started_at: m.startedAt,
      finished_at: m.finishedAt ?? this.clock.now(),
      arguments: m.request.arguments,
      timeout: m.request.timeout,
      streaming: m.request.streaming,
      llm_override: m.request.llm_override,
      // Which agent client ran it: the result says, with its version; else what was asked.
      ...(client ? { agent_client: client } : {}),
      outcome,
      result: result ? withoutEvents(result) : null,
      error: m.transportError(),
      summary: summarizeEvents(events),
      events: events.slice(0, HISTORY_EVENTS_KEPT),
      events_truncated: events.length > HISTORY_EVENTS_KEPT,
    };
    try {
      await this.options.backend.call('history.add', { entry });
      this.options.onKept?.();
    } catch {
      // The run itself is shown either way; a history that cannot be written must not hide it.
    }
  }
}

/** A protocol error made here, for a call whose transport failed before the host answered. */
function localError(reqId: string, message: string, now: number): A2EOutbound {
  return {
    type: 'error',
    id: 'local',
    version: '1.0',
    ts: now / 1000,
    req_id: reqId,
    error: { code: 'runtime_error', message, retryable: true },
  };
}

function withoutEvents<T extends { events?: unknown }>(r: T): Omit<T, 'events'> {
  const { events: _events, ...rest } = r;
  return rest;
}
