/**
 * Reading many skills on every core, for one-shot synchronous scans (the CLI's `validate
 * DIR` and `list`, which wait for the answer and do nothing else meanwhile). The main thread
 * and worker threads (scan-worker.ts) take items from one list through a shared counter
 * (Atomics.add on a SharedArrayBuffer), each taking the next item nobody took, until none
 * are left. No share is fixed in advance: a worker starts late (it loads its module while
 * the main thread already reads). Workers post their results in batches with the items'
 * indices; the results come back in the items' order and equal what reading the items one
 * by one on the main thread gives, because every item is read by the same function on
 * either thread (scan-jobs.ts).
 *
 * Nothing is lost or read twice into the result: an item a worker took but never reported
 * (the worker failed to start, threw, or exited) is read on the main thread at the end,
 * so the output never depends on the workers. Workers start only when they pay: a core to
 * spare, and more reading left than a worker costs to start, as the main thread's own pace
 * over the first items tells (a real skill with a long body costs several times a short
 * generated one, so a count alone cannot tell). They are terminated as soon as the last
 * result is in.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { createLogger, logSwallowed } from '../log';
import { startWorker, workerEntry } from '../workers/worker-pool';
import { otherWorkNow } from './other-work';

export interface ParallelOptions {
  /** Fewest items worth starting workers for (default MIN_ITEMS). */
  minItems?: number;
  /**
   * Workers start once the main thread's pace says at least this much reading is left
   * (default WORK_LEFT_MS); 0 starts them before the first item.
   */
  workLeftMs?: number;
  /** Worker threads at most (default MAX_WORKERS); never more than the cores less one. */
  maxWorkers?: number;
  /** Items a worker reads between two posts of its results (default BATCH). */
  batch?: number;
  /** For tests: the main thread takes no item itself; it reads only what workers leave. */
  mainReads?: boolean;
  /**
   * For tests: a worker that has read this many items takes one more and exits without
   * reporting it (nor its last, unposted results), as a crashing worker would.
   */
  workerExitsAfter?: number;
  /**
   * Workers post what their calls got at their end (a recorded run, kept-run.ts): every
   * worker whose results were taken is waited for, and its log is reported.
   */
  workerLogs?: boolean;
  /** Told once every item is read: how many workers started, how many items they read. */
  onReport?: (report: ParallelReport) => void;
}

export interface ParallelReport {
  workers: number;
  readByWorkers: number;
  /** With `workerLogs`: the log of each worker whose results were taken. */
  logs: unknown[];
  /** With `workerLogs`: a worker whose results were taken ended without posting its log. */
  logsLost: boolean;
}

/** What the main thread posts to each worker, once (`J`: the job, plain data: scan-jobs.ts). */
export interface ScanWorkerStart<J = unknown> {
  job: J;
  /** Int32 slots: [0] the next item to take; [slot] set to 1 by the worker before it takes any. */
  shared: SharedArrayBuffer;
  slot: number;
  batch: number;
  exitAfter: number | null;
}

/** What a worker posts: results with their items' indices; `end` once no item is left. */
export interface ScanWorkerResults {
  indices: number[];
  values: unknown[];
  end: boolean;
  /** With `end`, in a recorded run: what the worker's calls got (scan-jobs.ts). */
  log?: unknown;
}

/** Below this many items there is too little to share (50 long real skills: about 150 ms). */
export const MIN_ITEMS = 50;
/**
 * A worker starts when the main thread has this much reading left (ms, at its own pace):
 * about twice what a worker takes before it reads its first skill on a 2-core VM (a fresh
 * V8 isolate, then its 0.4 MB bundle: 60–120 ms, the more the busier the machine), so that
 * the half it takes over outweighs its start and its cold first reads.
 */
export const WORK_LEFT_MS = 200;
/** The pace is read once the main thread has spent this long: its first items pay for compiling. */
const PROBE_MS = 15;
/** Past a few workers the main thread's share of the work is taking in their results. */
const MAX_WORKERS = 3;
const BATCH = 64;

const log = createLogger('scan');

/**
 * Workers that may start for `items` items: 0 below the threshold, on one core, or when
 * other work keeps the other cores busy (other-work.ts): a worker then only takes turns
 * with this thread, and its start is paid for nothing.
 */
export function workersFor(items: number, opts: ParallelOptions): number {
  if (items < (opts.minItems ?? MIN_ITEMS)) return 0;
  const spare = Math.floor(os.availableParallelism() - 1 - otherWorkNow());
  return Math.max(0, Math.min(spare, opts.maxWorkers ?? MAX_WORKERS));
}

/** How a list of items may be read in parallel: the options and the job a worker runs. */
export interface ParallelRead<R, J = unknown> {
  /** Null reads on the main thread only. */
  options: ParallelOptions | null;
  /** The job posted to workers (built only when they start; it describes every item). */
  job: () => J;
  /** Makes a worker's result what the main thread's would be (e.g. shared objects restored). */
  adopt?: (value: R) => R;
}

interface Helper {
  worker: Worker;
  slot: number;
  /** Ended, exited or failed: it reports nothing more. */
  settled: boolean;
  /** Results of this worker taken into the answer. */
  taken: number;
  /** What it posted with its end (undefined: none). */
  log?: unknown;
}

/** This module's folder, where the worker's module is (CJS bundles and vitest have __dirname). */
const here = (): string =>
  typeof __dirname !== 'undefined' ? __dirname : path.dirname(fileURLToPath(import.meta.url));

/**
 * `readOne(i)` for every i below `count`, results in order: on the main thread alone, or
 * shared with workers when `parallel` allows and the work makes it pay.
 */
export async function readAll<R, J>(
  count: number,
  readOne: (index: number) => Promise<R>,
  parallel?: ParallelRead<R, J>,
): Promise<R[]> {
  const opts = parallel?.options ?? null;
  const wanted = opts && parallel ? workersFor(count, opts) : 0;
  const entry = wanted > 0 ? workerEntry('scan-worker', here()) : null;
  if (!opts || !parallel || entry === null) {
    const out: R[] = [];
    for (let i = 0; i < count; i++) out.push(await readOne(i));
    opts?.onReport?.({ workers: 0, readByWorkers: 0, logs: [], logsLost: false });
    return out;
  }

  const shared = new SharedArrayBuffer(4 * (1 + wanted));
  const state = new Int32Array(shared);
  const results: R[] = new Array<R>(count);
  const have = new Uint8Array(count);
  let missing = count;
  let readByWorkers = 0;
  let closed = false;
  let wake: (() => void) | null = null;
  const adopt = parallel.adopt ?? ((value: R) => value);

  const helpers: Helper[] = [];
  const settle = (h: Helper): void => {
    h.settled = true;
    wake?.();
  };
  /** Starts the workers and posts them the job: they take items from the counter once loaded. */
  const startHelpers = (): void => {
    for (let w = 0; w < wanted; w++) {
      let worker: Worker;
      try {
        worker = startWorker(entry);
      } catch (err) {
        log.info('a scan worker did not start', err);
        break;
      }
      const h: Helper = { worker, slot: 1 + w, settled: false, taken: 0 };
      worker.on('message', (m: ScanWorkerResults) => {
        if (closed) return;
        m.indices.forEach((index, k) => {
          if (have[index]) return;
          // The worker ran readOne's function on the same item: the same result, cloned.
          results[index] = adopt(m.values[k] as R);
          have[index] = 1;
          missing--;
          readByWorkers++;
          h.taken++;
        });
        if (m.end) {
          h.log = m.log;
          settle(h);
        } else wake?.();
      });
      // What it took and did not report is read below, on this thread.
      worker.on('error', (err) => {
        log.info('a scan worker failed', err);
        settle(h);
      });
      worker.on('messageerror', (err) => log.info('a scan worker result was lost', err));
      worker.on('exit', () => settle(h));
      helpers.push(h);
    }
    if (helpers.length === 0) return;
    const job = parallel.job();
    for (const h of helpers) {
      const start: ScanWorkerStart<J> = {
        job,
        shared,
        slot: h.slot,
        batch: opts.batch ?? BATCH,
        exitAfter: opts.workerExitsAfter ?? null,
      };
      try {
        h.worker.postMessage(start);
      } catch (err) {
        log.info('a scan job could not be posted', err);
        h.settled = true;
      }
    }
  };

  const mainReads = opts.mainReads ?? true;
  const workLeftMs = mainReads ? (opts.workLeftMs ?? WORK_LEFT_MS) : 0;
  let started = workLeftMs <= 0;
  try {
    if (started) startHelpers();
    if (mainReads) {
      const t0 = performance.now();
      let done = 0;
      for (let i = Atomics.add(state, 0, 1); i < count; i = Atomics.add(state, 0, 1)) {
        results[i] = await readOne(i);
        have[i] = 1;
        missing--;
        done++;
        if (!started) {
          // Until workers start this thread took every item: count - i - 1 are left.
          const spent = performance.now() - t0;
          if (spent >= PROBE_MS && ((count - i - 1) * spent) / done >= workLeftMs) {
            started = true;
            startHelpers();
          }
        }
      }
    }
    // Every item is taken now (when the main thread read). A worker that had not begun to
    // take items by then never will: only the workers that did hold items to wait for.
    const holding = (h: Helper): boolean =>
      !h.settled && (!mainReads || Atomics.load(state, h.slot) === 1);
    // A worker whose results were taken is near its end: its log is worth the wait.
    const logging = (h: Helper): boolean => opts.workerLogs === true && !h.settled && h.taken > 0;
    const waiting = (): boolean => (missing > 0 && helpers.some(holding)) || helpers.some(logging);
    if (waiting()) {
      await new Promise<void>((resolve) => {
        wake = () => {
          if (!waiting()) resolve();
        };
        wake();
      });
    }
    // Taken by a worker that failed, or never taken (no worker got that far): read here.
    for (let i = 0; i < count; i++) {
      if (have[i]) continue;
      results[i] = await readOne(i);
      have[i] = 1;
    }
  } finally {
    closed = true;
    wake = null;
    for (const h of helpers) {
      void h.worker.terminate().catch(logSwallowed('end a scan worker'));
    }
  }
  const logged = helpers.filter((h) => h.taken > 0);
  opts.onReport?.({
    workers: helpers.length,
    readByWorkers,
    logs: logged.flatMap((h) => (h.log === undefined ? [] : [h.log])),
    logsLost: logged.some((h) => h.log === undefined),
  });
  return results;
}
