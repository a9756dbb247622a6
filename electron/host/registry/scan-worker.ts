/**
 * The worker thread behind scan-parallel.ts: takes one job (a list of skills to read),
 * then takes items through the shared counter until none are left, posting results in
 * batches with their indices, and `end` last. Imports only what reading a skill needs
 * (scan-jobs.ts): it loads while the main thread already reads. The CLI's kept verdicts on
 * schemas (shared/json/schema-verdicts.ts) are the main thread's: a worker compiles each
 * schema it meets, so the verdicts it finds are the same, but not kept for the next run.
 */
import { parentPort, type MessagePort } from 'node:worker_threads';
import { jobReader } from './scan-jobs';
import type { ScanJob } from './scan-jobs';
import type { ScanWorkerResults, ScanWorkerStart } from './scan-parallel';

async function work(start: ScanWorkerStart<ScanJob>, port: MessagePort): Promise<void> {
  const state = new Int32Array(start.shared);
  const { count, readOne, answers } = jobReader(start.job);
  // Before the first take: the main thread waits only for workers that hold items.
  Atomics.store(state, start.slot, 1);
  let indices: number[] = [];
  let values: unknown[] = [];
  let read = 0;
  for (let i = Atomics.add(state, 0, 1); i < count; i = Atomics.add(state, 0, 1)) {
    if (read === start.exitAfter) process.exit(0); // a test's crash: item i is taken, unreported
    values.push(await readOne(i));
    indices.push(i);
    read++;
    if (indices.length >= start.batch) {
      port.postMessage({ indices, values, end: false } satisfies ScanWorkerResults);
      indices = [];
      values = [];
    }
  }
  // What this thread's calls got, for a recorded run (kept-run.ts), with the last results.
  const log = answers?.();
  port.postMessage({ indices, values, end: true, log } satisfies ScanWorkerResults);
}

const port = parentPort;
port?.once('message', (start: ScanWorkerStart<ScanJob>) => {
  // A failure ends the thread; the main thread reads what this one did not report.
  work(start, port).catch(() => process.exit(1));
});
