/**
 * Test support for the playground's runs (imported by tests only): a Backend whose
 * call connections are scripted by the test (FakeStream: emit batches, lose the
 * connection) and which records the history it is asked to keep, and a RunClock
 * whose frames and timers run only when the test says so.
 */
import type {
  A2EConnection,
  A2EStream,
  Backend,
  ParamsOf,
  ResultOf,
  StudioMethod,
} from '../../../../shared/api/studio-api';
import type { A2EOutbound, A2ERequest } from '../../../../shared/protocol/a2e';
import type { HistoryInput } from '../../../../shared/playground/history';
import type { RunClock } from '../run-session';

/** Frames and timers driven by hand: frames run on paint(), timers on advance(). */
export class ManualClock implements RunClock {
  // A page that has been open a while (performance.now() is well past 0).
  private t = 10_000;
  private frames: (() => void)[] = [];
  private timers: { due: number; cb: () => void; live: boolean }[] = [];

  now(): number {
    return 1_700_000_000_000 + this.t;
  }
  monotonic(): number {
    return this.t;
  }
  frame(cb: () => void): void {
    this.frames.push(cb);
  }
  timer(cb: () => void, ms: number): () => void {
    const t = { due: this.t + ms, cb, live: true };
    this.timers.push(t);
    return () => {
      t.live = false;
    };
  }
  /** Timers still armed (a finished run leaves none behind). */
  get armed(): number {
    return this.timers.filter((x) => x.live).length;
  }
  /** The browser paints: the animation frames asked for so far run. */
  paint(): void {
    for (const cb of this.frames.splice(0)) cb();
  }
  /** Time passes: timers fall due in order (a frame they ask for waits for paint()). */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      const next = this.timers
        .filter((x) => x.live && x.due <= end)
        .sort((a, b) => a.due - b.due)[0];
      if (!next) break;
      next.live = false;
      this.t = next.due;
      next.cb();
    }
    this.t = end;
    this.timers = this.timers.filter((x) => x.live);
  }
}

/** One call's connection as the fake host holds it. */
export class FakeStream implements A2EStream {
  readonly sent: A2ERequest[] = [];
  closes = 0;
  onLost?: (why: string) => void;

  constructor(
    readonly agent: string | null,
    private readonly onBatch: (msgs: A2EOutbound[]) => void,
  ) {}

  send(msg: A2ERequest): void {
    this.sent.push(msg);
  }
  close(): void {
    this.closes++;
  }
  /** The transport hands over one batch; `unknown` lets a test send what no host should. */
  emit(...msgs: unknown[]): void {
    this.onBatch(msgs as A2EOutbound[]);
  }
  lose(why: string): void {
    this.onLost?.(why);
  }
}

/**
 * The Studio API as the playground uses it: call connections are FakeStreams, the
 * history is recorded, and other methods answer from `answers` (unanswered ones fail).
 */
export class FakeBackend implements Backend {
  readonly streams: FakeStream[] = [];
  readonly history: HistoryInput[] = [];
  readonly calls: { method: StudioMethod; params: unknown }[] = [];
  readonly answers: { [M in StudioMethod]?: (params: ParamsOf<M>) => ResultOf<M> } = {};
  historyFails = false;

  a2eStream(agent: string | null, onBatch: (msgs: A2EOutbound[]) => void): FakeStream {
    const stream = new FakeStream(agent, onBatch);
    this.streams.push(stream);
    return stream;
  }

  a2e(): A2EConnection {
    throw new Error('the playground runs calls on a2eStream');
  }

  onEvent(): () => void {
    return () => undefined;
  }

  call<M extends StudioMethod>(method: M, params: ParamsOf<M>): Promise<ResultOf<M>> {
    this.calls.push({ method, params });
    if (method === 'history.add') {
      if (this.historyFails) return Promise.reject(new Error('the disk is full'));
      this.history.push((params as ParamsOf<'history.add'>).entry);
      return Promise.resolve({ id: `h${this.history.length}` } as ResultOf<M>);
    }
    const answer = this.answers[method] as ((p: ParamsOf<M>) => ResultOf<M>) | undefined;
    if (!answer) return Promise.reject(new Error(`unexpected ${method}`));
    return Promise.resolve(answer(params));
  }
}
