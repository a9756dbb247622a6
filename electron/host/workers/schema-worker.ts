/**
 * The worker thread behind schema-jobs.ts: checks call arguments against a skill's
 * input_schema (compile, cached per worker, and validate) away from the host's main
 * thread. One message in, one reply out (see worker-pool.ts).
 */
import { parentPort } from 'node:worker_threads';
import { ArgumentValidator } from '../runner/argument-validator';
import type { SchemaJob } from './schema-jobs';
import { errorMessage } from '../../../shared/errors';

const validator = new ArgumentValidator();

parentPort?.on('message', ({ id, job }: { id: number; job: SchemaJob }) => {
  try {
    parentPort?.postMessage({ id, ok: true, value: validator.check(job.schema, job.args) });
  } catch (err) {
    parentPort?.postMessage({
      id,
      ok: false,
      message: errorMessage(err),
    });
  }
});
parentPort?.postMessage({ ready: true });
