/**
 * Schema checks off the host's main thread: a call's arguments, and the values the schema
 * builder asks about (`schema.check`). The schema is the skill's, so its compile and
 * validation run in the worker pool with a deadline (a job past it is stopped and the
 * check refused as bad_schema). Small jobs stay cheap: one message each way. Where no
 * worker can start (a packaging that cannot load the worker file), the check runs inline;
 * it is linear-time anyway (RE2 patterns, bounded input).
 *
 * Where the process keeps validators between runs (the CLI, shared/json/validator-cache.ts),
 * a schema compiled by an earlier run is not compiled again: its kept validator checks the
 * value here, with no worker to start (validating is linear-time, as above; compiling is
 * what a skill's schema could make slow). A schema not kept yet is compiled in the worker as
 * before, which sends back its validator's code to keep for the next run.
 */
import {
  ARGUMENT_NAMES,
  VALUE_NAMES,
  asArgumentCheck,
  checkValue,
  checkValueWith,
  type ArgumentCheck,
  type ValueCheck,
} from '../runner/core/argument-validator';
import { standaloneValidatorCode } from '../../../shared/json/json-schema';
import { validatorCache } from '../../../shared/json/validator-cache';
import { argumentsKey, keepValidator, readKeptValidator } from '../fs/validator-cache-file';
import { DeadlineError, WorkerPool, workerEntry } from './worker-pool';

/** What is checked: a call's arguments, or any value (the names its messages use). */
export type SchemaJobSubject = 'arguments' | 'value';

export interface SchemaJob {
  schema: Record<string, unknown> | undefined | null;
  value: unknown;
  subject: SchemaJobSubject;
  /** Send back the validator's standalone code too, to keep for the next run. */
  keep?: boolean;
}

/** A job's check, and with `keep` the code of the validator that made it (null: none). */
export interface SchemaJobResult {
  check: ValueCheck;
  code?: string | null;
}

const NAMES = { arguments: ARGUMENT_NAMES, value: VALUE_NAMES };

/** The check a worker runs for one job (and the inline fallback). */
export function runSchemaJob({ schema, value, subject, keep }: SchemaJob): SchemaJobResult {
  const check = checkValue(schema, value, NAMES[subject]);
  if (!keep || !schema || (check.ok === false && check.kind === 'bad_schema')) return { check };
  let code: string | null = null;
  try {
    code = standaloneValidatorCode(schema);
  } catch {
    // Code ajv cannot write out is only not kept.
  }
  return { check, code };
}

/** Longest a schema check of one call may take. */
export const SCHEMA_JOB_DEADLINE_MS = 5000;

/** The worker module: the source beside this file, else the built bundle beside the host's. */
export function schemaWorkerEntry(): string | null {
  return workerEntry('schema-worker');
}

let pool: WorkerPool<SchemaJob, SchemaJobResult> | null = null;
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
  const { schema } = job;
  // Nothing to compile: no reason to leave the thread.
  if (!schema || Object.keys(schema).length === 0) return runSchemaJob(job).check;
  const place = validatorCache();
  const key = place && argumentsKey(schema);
  const kept = place && key && readKeptValidator(place, key);
  if (kept) return checkValueWith(kept, job.value, NAMES[job.subject]);
  const checked = compiled({ ...job, keep: key !== null });
  if (!place || !key) return checked.then((r) => r.check);
  return checked.then((r) => {
    // Written while the call goes on (a pending write keeps a CLI run from ending first).
    if (r.code) void keepValidator(place, key, r.code);
    return r.check;
  });
}

/** The job run in a worker, or here where no worker can start. */
function compiled(job: SchemaJob): Promise<SchemaJobResult> {
  if (workersBroken) return Promise.resolve(runSchemaJob(job));
  const entry = schemaWorkerEntry();
  if (!entry) {
    workersBroken = true;
    return Promise.resolve(runSchemaJob(job));
  }
  pool ??= new WorkerPool({ entry, size: 2, deadlineMs: SCHEMA_JOB_DEADLINE_MS });
  return inWorker(pool, job);
}

async function inWorker(
  workers: WorkerPool<SchemaJob, SchemaJobResult>,
  job: SchemaJob,
): Promise<SchemaJobResult> {
  try {
    return await workers.run(job);
  } catch (err) {
    if (err instanceof DeadlineError) {
      const names = NAMES[job.subject];
      return {
        check: {
          ok: false,
          kind: 'bad_schema',
          message: `${names.schema} took longer than ${SCHEMA_JOB_DEADLINE_MS / 1000} s to check the ${names.value}; the check was stopped`,
        },
      };
    }
    // The worker could not run (not the schema's fault): check here instead.
    workersBroken = true;
    return runSchemaJob(job);
  }
}
