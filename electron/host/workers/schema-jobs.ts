/**
 * Schema checks off the host's main thread: a call's arguments, and the values the schema
 * builder asks about (`schema.check`). The schema is the skill's, so its compile and
 * validation run in the worker pool with a deadline (a job past it is stopped and the
 * check refused as bad_schema). Small jobs stay cheap: one message each way. Where no
 * worker can start (a packaging that cannot load the worker file), the check runs inline;
 * it is linear-time anyway (RE2 patterns, bounded input).
 */
import {
  ARGUMENT_NAMES,
  VALUE_NAMES,
  asArgumentCheck,
  checkValue,
  type ArgumentCheck,
  type ValueCheck,
} from '../runner/core/argument-validator';
import { DeadlineError, WorkerPool, workerEntry } from './worker-pool';

/** What is checked: a call's arguments, or any value (the names its messages use). */
export type SchemaJobSubject = 'arguments' | 'value';

export interface SchemaJob {
  schema: Record<string, unknown> | undefined | null;
  value: unknown;
  subject: SchemaJobSubject;
}

const NAMES = { arguments: ARGUMENT_NAMES, value: VALUE_NAMES };

/** The check a worker runs for one job (and the inline fallback). */
export function runSchemaJob({ schema, value, subject }: SchemaJob): ValueCheck {
  return checkValue(schema, value, NAMES[subject]);
}

/** Longest a schema check of one call may take. */
export const SCHEMA_JOB_DEADLINE_MS = 5000;

/** The worker module: the source beside this file, else the built bundle beside the host's. */
export function schemaWorkerEntry(): string | null {
  return workerEntry('schema-worker');
}

let pool: WorkerPool<SchemaJob, ValueCheck> | null = null;
let workersBroken = false;

/**
 * Checks `args` against `schema` in a worker (inline when workers are unavailable). With
 * no schema the answer is immediate (not a promise), so a call without one reaches the
 * call queue in the same tick, as before schemas were checked off-thread.
 */
export function checkArgumentsOffThread(
  schema: SchemaJob['schema'],
  args: Record<string, unknown>,
): ArgumentCheck | Promise<ArgumentCheck> {
  const checked = offThread({ schema, value: args, subject: 'arguments' });
  return checked instanceof Promise ? checked.then(asArgumentCheck) : asArgumentCheck(checked);
}

/** Checks any JSON value against `schema` exactly as call arguments are, off the thread. */
export function checkValueOffThread(
  schema: SchemaJob['schema'],
  value: unknown,
): ValueCheck | Promise<ValueCheck> {
  return offThread({ schema, value, subject: 'value' });
}

function offThread(job: SchemaJob): ValueCheck | Promise<ValueCheck> {
  // Nothing to compile: no reason to leave the thread.
  if (!job.schema || Object.keys(job.schema).length === 0 || workersBroken) {
    return runSchemaJob(job);
  }
  const entry = schemaWorkerEntry();
  if (!entry) {
    workersBroken = true;
    return runSchemaJob(job);
  }
  pool ??= new WorkerPool({ entry, size: 2, deadlineMs: SCHEMA_JOB_DEADLINE_MS });
  return inWorker(pool, job);
}

async function inWorker(
  workers: WorkerPool<SchemaJob, ValueCheck>,
  job: SchemaJob,
): Promise<ValueCheck> {
  try {
    return await workers.run(job);
  } catch (err) {
    if (err instanceof DeadlineError) {
      const names = NAMES[job.subject];
      return {
        ok: false,
        kind: 'bad_schema',
        message: `${names.schema} took longer than ${SCHEMA_JOB_DEADLINE_MS / 1000} s to check the ${names.value}; the check was stopped`,
      };
    }
    // The worker could not run (not the schema's fault): check here instead.
    workersBroken = true;
    return runSchemaJob(job);
  }
}
