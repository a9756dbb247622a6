/**
 * Eval runs report over the ordinary Studio event stream (shared/api/evals.ts,
 * EvalEvent). Like every frame from the host, an eval event is checked before the UI
 * uses it (event-parse.ts hands `eval.*` frames here): a
 * malformed one is dropped, never thrown. The nested records (a graded run, a
 * trigger tally) are checked for the fields the panel reads.
 */
import type {
  BenchmarkRun,
  EvalEvent,
  FailedRun,
  TriggerQueryResult,
} from '../../../shared/api/evals';

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isStr = (v: unknown): v is string => typeof v === 'string';
const JOB_KINDS = ['benchmark', 'triggers', 'improve'];
const STATUSES = ['running', 'completed', 'cancelled', 'failed'];
const CONFIGS = ['with_skill', 'without_skill', 'old_skill'];

function isRunCommon(v: Obj): boolean {
  return (
    isNum(v.eval_id) &&
    isStr(v.eval_name) &&
    CONFIGS.includes(v.configuration as string) &&
    isNum(v.run_number) &&
    isStr(v.case_key) &&
    isStr(v.run_dir)
  );
}

function isBenchmarkRun(v: unknown): v is BenchmarkRun {
  if (!isObj(v) || !isRunCommon(v) || !isObj(v.result) || !Array.isArray(v.expectations))
    return false;
  const r = v.result;
  return isNum(r.pass_rate) && isNum(r.time_seconds) && isNum(r.tokens);
}

function isFailedRun(v: unknown): v is FailedRun {
  return (
    isObj(v) &&
    isRunCommon(v) &&
    isStr(v.error) &&
    (v.status === 'failed' || v.status === 'cancelled')
  );
}

function isTriggerResult(v: unknown): v is TriggerQueryResult {
  return (
    isObj(v) &&
    isStr(v.query) &&
    typeof v.should_trigger === 'boolean' &&
    isNum(v.trigger_rate) &&
    isNum(v.triggers) &&
    isNum(v.runs) &&
    typeof v.pass === 'boolean' &&
    isNum(v.index)
  );
}

/** The eval event a frame holds, or null when it is not one (or not well formed). */
export function parseEvalEvent(v: Obj): EvalEvent | null {
  if (!isStr(v.skill) || !isStr(v.runId)) return null;
  switch (v.type) {
    case 'eval.progress':
      return JOB_KINDS.includes(v.kind as string) &&
        isNum(v.done) &&
        isNum(v.failed) &&
        isNum(v.total) &&
        isNum(v.elapsed_seconds) &&
        (v.eta_seconds === null || isNum(v.eta_seconds)) &&
        isNum(v.concurrency)
        ? (v as EvalEvent)
        : null;
    case 'eval.run':
      return (v.run === null || isBenchmarkRun(v.run)) &&
        (v.failed === null || isFailedRun(v.failed)) &&
        (v.run !== null || v.failed !== null)
        ? (v as EvalEvent)
        : null;
    case 'eval.trigger':
      return isTriggerResult(v.result) ? (v as EvalEvent) : null;
    case 'eval.finished':
      return JOB_KINDS.includes(v.kind as string) &&
        STATUSES.includes(v.status as string) &&
        (v.error === null || isStr(v.error))
        ? (v as EvalEvent)
        : null;
    default:
      return null;
  }
}
