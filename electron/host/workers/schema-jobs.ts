/**
 * Call-argument checks off the host's main thread: the schema is the skill's, so its
 * compile and validation run in the worker pool with a deadline (a job past it is
 * stopped and the call refused as bad_schema). Small jobs stay cheap: one message each
 * way. Where no worker can start (a packaging that cannot load the worker file), the
 * check runs inline; it is linear-time anyway (RE2 patterns, bounded input).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ArgumentValidator, type ArgumentCheck } from '../runner/argument-validator';
import { DeadlineError, WorkerPool } from './worker-pool';

export interface SchemaJob {
  schema: Record<string, unknown> | undefined | null;
  args: Record<string, unknown>;
}

/** Longest a schema check of one call may take. */
export const SCHEMA_JOB_DEADLINE_MS = 5000;

function here(): string {
  // CJS bundles have __dirname; ESM (tsx, vitest) has import.meta.url.
  if (typeof __dirname !== 'undefined') return __dirname;
  return path.dirname(fileURLToPath(import.meta.url));
}

/** The worker module: the source beside this file, else the built bundle beside the host's. */
export function schemaWorkerEntry(): string | null {
  const dir = here();
  for (const name of ['schema-worker.ts', 'schema-worker.cjs']) {
    const file = path.join(dir, name);
    if (existsSync(file)) return file;
  }
  return null;
}

let pool: WorkerPool<SchemaJob, ArgumentCheck> | null = null;
let workersBroken = false;
const inline = new ArgumentValidator();

/**
 * Checks `args` against `schema` in a worker (inline when workers are unavailable). With
 * no schema the answer is immediate (not a promise), so a call without one reaches the
 * call queue in the same tick, as before schemas were checked off-thread.
 */
export function checkArgumentsOffThread(
  schema: SchemaJob['schema'],
  args: Record<string, unknown>,
): ArgumentCheck | Promise<ArgumentCheck> {
  // Nothing to compile: no reason to leave the thread.
  if (!schema || Object.keys(schema).length === 0 || workersBroken) {
    return inline.check(schema, args);
  }
  const entry = schemaWorkerEntry();
  if (!entry) {
    workersBroken = true;
    return inline.check(schema, args);
  }
  pool ??= new WorkerPool({ entry, size: 2, deadlineMs: SCHEMA_JOB_DEADLINE_MS });
  return inWorker(pool, { schema, args });
}

async function inWorker(
  workers: WorkerPool<SchemaJob, ArgumentCheck>,
  { schema, args }: SchemaJob,
): Promise<ArgumentCheck> {
  try {
    return await workers.run({ schema, args });
  } catch (err) {
    if (err instanceof DeadlineError) {
      return {
        ok: false,
        kind: 'bad_schema',
        message: `input_schema took longer than ${SCHEMA_JOB_DEADLINE_MS / 1000} s to check the arguments; the check was stopped`,
      };
    }
    // The worker could not run (not the schema's fault): check here instead.
    workersBroken = true;
    return inline.check(schema, args);
  }
}
