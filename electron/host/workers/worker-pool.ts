/**
 * A small pool of worker threads for work whose cost a skill controls (schema compiling
 * and validation for calls), so one skill cannot stall the UI or other clients. Each job
 * has a deadline: a worker still busy past it is terminated (the only way to stop
 * synchronous JavaScript) and the job fails with a DeadlineError; the next job starts a
 * fresh worker. Workers start on first use.
 *
 * The worker's module is `entry` (a .ts file when the host runs from source under tsx or
 * vitest, loaded through tsx's loader; the built .cjs next to the bundle otherwise). It
 * posts `{ ready: true }` once loaded, then answers each `{ id, job }` with a WorkerReply.
 * How a module is found and started (workerEntry, startWorker) is shared with
 * registry/scan-parallel.ts, whose workers share a list rather than take jobs.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { logSwallowed } from '../log';

export class DeadlineError extends Error {
  constructor(readonly ms: number) {
    super(`the work took longer than ${ms} ms and was stopped`);
    this.name = 'DeadlineError';
  }
}

/** What a worker answers for one job. */
export type WorkerReply<R> =
  { id: number; ok: true; value: R } | { id: number; ok: false; message: string };

interface Pending<R> {
  resolve(value: R): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  busy: number;
  /** Settles when the worker's module has loaded (it posts `{ ready: true }`). */
  ready: Promise<void>;
}

/** Longest a worker may take to load its module (tsx compiles it when run from source). */
const STARTUP_MS = 60_000;

export interface WorkerPoolOptions {
  /** Absolute path of the worker module. */
  entry: string;
  /** Threads at most (default 2). */
  size?: number;
  /** Deadline of one job (default 5 s). */
  deadlineMs?: number;
}

function here(): string {
  // CJS bundles have __dirname; ESM (tsx, vitest) has import.meta.url.
  if (typeof __dirname !== 'undefined') return __dirname;
  return path.dirname(fileURLToPath(import.meta.url));
}

/**
 * A worker's module by name (`schema-worker`) in `dir`, the folder of the module that starts
 * it (this one's unless the caller passes its own): the source there when the host runs from
 * source, else the built .cjs that the build puts beside every bundle.
 */
export function workerEntry(name: string, dir: string = here()): string | null {
  for (const file of [`${name}.ts`, `${name}.cjs`]) {
    const entry = path.join(dir, file);
    if (existsSync(entry)) return entry;
  }
  return null;
}

/**
 * node:worker_threads, loaded when a worker first starts: most one-shot CLI runs (a `list`
 * of a few skills) start none, and loading it costs them about 2 ms.
 */
const workerThreads = (): typeof import('node:worker_threads') =>
  process.getBuiltinModule('node:worker_threads');

/** Starts `entry` in a worker; a .ts entry goes through tsx's loader (source runs only). */
export function startWorker(entry: string): Worker {
  const { Worker } = workerThreads();
  if (!entry.endsWith('.ts')) return new Worker(entry);
  const url = JSON.stringify(pathToFileURL(entry).href);
  return new Worker(`import('tsx/esm/api').then((m) => { m.register(); return import(${url}); })`, {
    eval: true,
  });
}

export class WorkerPool<J, R> {
  private readonly slots: Slot[] = [];
  private readonly pending = new Map<number, Pending<R> & { slot: Slot }>();
  private nextId = 1;
  private readonly size: number;
  readonly deadlineMs: number;

  constructor(private readonly opts: WorkerPoolOptions) {
    this.size = Math.max(1, opts.size ?? 2);
    this.deadlineMs = opts.deadlineMs ?? 5000;
  }

  /**
   * Runs one job; rejects with DeadlineError past the deadline (counted from when a
   * loaded worker receives it), or with the worker's error.
   */
  async run(job: J): Promise<R> {
    const slot = this.pick();
    this.hold(slot, +1);
    try {
      await slot.ready;
    } catch (err) {
      this.hold(slot, -1);
      throw err;
    }
    const id = this.nextId++;
    return new Promise<R>((resolve, reject) => {
      const timer = setTimeout(() => {
        // Synchronous work cannot be interrupted: end the thread, fail what it held.
        this.retire(slot, new DeadlineError(this.deadlineMs));
      }, this.deadlineMs);
      this.pending.set(id, { resolve, reject, timer, slot });
      slot.worker.postMessage({ id, job });
    });
  }

  /** Stops every worker; pending jobs fail. */
  async close(): Promise<void> {
    for (const slot of [...this.slots]) this.retire(slot, new Error('the worker pool was closed'));
  }

  private pick(): Slot {
    const idle = this.slots.find((s) => s.busy === 0);
    if (idle) return idle;
    if (this.slots.length < this.size) return this.spawn();
    return this.slots.reduce((a, b) => (b.busy < a.busy ? b : a));
  }

  private spawn(): Slot {
    const worker = startWorker(this.opts.entry);
    let loaded: () => void = () => undefined;
    let failed: (err: Error) => void = () => undefined;
    const ready = new Promise<void>((resolve, reject) => {
      loaded = resolve;
      failed = reject;
    });
    // A job that never runs must not leave an unhandled rejection behind; every job awaits
    // `ready` and reports its failure, so nothing is lost here.
    ready.catch(() => undefined);
    const startup = setTimeout(() => failed(new Error('the worker did not start')), STARTUP_MS);
    startup.unref();
    const slot: Slot = { worker, busy: 0, ready };
    worker.on('message', (reply: WorkerReply<R> | { ready: true }) => {
      if ('ready' in reply) {
        clearTimeout(startup);
        loaded();
        return;
      }
      const p = this.pending.get(reply.id);
      if (!p) return;
      this.pending.delete(reply.id);
      clearTimeout(p.timer);
      this.hold(slot, -1);
      if (reply.ok) p.resolve(reply.value);
      else p.reject(new Error(reply.message));
    });
    worker.on('error', (err) => {
      failed(err);
      this.retire(slot, err);
    });
    worker.on('exit', () => {
      failed(new Error('the worker stopped'));
      this.retire(slot, new Error('the worker stopped'));
    });
    this.slots.push(slot);
    return slot;
  }

  /**
   * Counts a slot's jobs; a worker keeps the process alive only while it holds one (an
   * idle pool must not keep a CLI running, a busy one must not let it exit mid-job).
   */
  private hold(slot: Slot, delta: number): void {
    slot.busy += delta;
    if (slot.busy > 0) slot.worker.ref();
    else slot.worker.unref();
  }

  private retire(slot: Slot, err: Error): void {
    const at = this.slots.indexOf(slot);
    if (at >= 0) this.slots.splice(at, 1);
    for (const [id, p] of this.pending) {
      if (p.slot !== slot) continue;
      this.pending.delete(id);
      clearTimeout(p.timer);
      p.reject(err);
    }
    void slot.worker.terminate().catch(logSwallowed('end a worker past its deadline'));
  }
}
