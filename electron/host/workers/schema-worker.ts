/**
 * The worker thread behind schema-jobs.ts: checks call arguments (or a value the schema
 * builder asks about) against a skill's schema (compile, cached per worker, and
 * validate) away from the host's main thread, and with the job's `keep` also writes out
 * the validator's code for the next run to keep. One message in, one reply out (see
 * worker-pool.ts).
 */
import { parentPort } from 'node:worker_threads';
import { runSchemaJob, type SchemaJob } from './schema-jobs';
import { errorMessage } from '../../../shared/errors';

parentPort?.on('message', ({ id, job }: { id: number; job: SchemaJob }) => {
  try {
    parentPort?.postMessage({ id, ok: true, value: runSchemaJob(job) });
  } catch (err) {
    parentPort?.postMessage({
      id,
      ok: false,
      message: errorMessage(err),
    });
  }
});
parentPort?.postMessage({ ready: true });
