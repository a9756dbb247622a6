/**
 * A run on screen as the Evals panel keeps it (evals-store.ts): made when a run starts,
 * moved on by each `eval.*` event, and read back from disk when it ends (the disk is
 * the record: events may have been missed). Pure functions of the job and what came.
 */
import type {
  BenchmarkRun,
  ConfigurationName,
  EvalEvent,
  EvalJobKind,
  EvalRunDetail,
  EvalRunStatus,
  FailedRun,
  ImproveDescriptionJson,
  TriggerQueryResult,
  TriggerResultsJson,
} from '../../../shared/api/evals';

/** A run on screen: live while `status` is running, else as the host left it on disk. */
export interface Job {
  runId: string;
  kind: EvalJobKind;
  status: EvalRunStatus;
  error: string | null;
  total: number;
  done: number;
  failed: number;
  /** The host's estimate when its last progress came, and when that was (ms since epoch). */
  etaSeconds: number | null;
  etaAt: number;
  startedAt: number;
  concurrency: number;
  configs: ConfigurationName[];
  runs: BenchmarkRun[];
  failedRuns: FailedRun[];
  /** Trigger tallies by query index (live, then the final file's). */
  triggers: TriggerQueryResult[];
  /** The agent client it runs in (its version once the results say), or null: the studio. */
  client: { id: string; version: string | null } | null;
  triggerFile: TriggerResultsJson | null;
  improve: ImproveDescriptionJson | null;
  graderPrompt: string | null;
}

/** A job just started: nothing done yet, the clock from now. */
export function newJob(
  runId: string,
  kind: EvalJobKind,
  total: number,
  configs: ConfigurationName[],
  now = Date.now(),
): Job {
  return {
    runId,
    kind,
    status: 'running',
    error: null,
    total,
    done: 0,
    failed: 0,
    etaSeconds: null,
    etaAt: now,
    startedAt: now,
    concurrency: 0,
    configs,
    runs: [],
    failedRuns: [],
    triggers: [],
    triggerFile: null,
    improve: null,
    graderPrompt: null,
    client: null,
  };
}

/** A run read back from disk, as a job (finished, or still running in the host). */
export function jobFromDetail(d: EvalRunDetail): Job {
  const bench = d.benchmark;
  const job = newJob(d.runId, d.kind, 0, bench?.studio.configurations ?? []);
  const runs = bench?.runs ?? [];
  const failedRuns = bench?.studio.failed_runs ?? [];
  const triggers = d.triggers?.results ?? [];
  return {
    ...job,
    status: d.status,
    error: bench?.studio.error ?? d.triggers?.studio.error ?? d.improve?.studio.error ?? null,
    runs,
    failedRuns,
    done: runs.length + failedRuns.length + triggers.reduce((a, t) => a + t.runs + t.errors, 0),
    failed: failedRuns.length,
    total: runs.length + failedRuns.length,
    triggers,
    triggerFile: d.triggers,
    improve: d.improve,
    graderPrompt: bench?.studio.grader_prompt ?? null,
    client: bench?.studio.client ?? d.triggers?.studio.client ?? null,
  };
}

/** The job once this event of its run is folded in. */
export function withEvent(j: Job, e: EvalEvent, now = Date.now()): Job {
  switch (e.type) {
    case 'eval.progress':
      return {
        ...j,
        done: e.done,
        failed: e.failed,
        total: e.total,
        etaSeconds: e.eta_seconds,
        etaAt: now,
        concurrency: e.concurrency,
      };
    case 'eval.run':
      return {
        ...j,
        runs: e.run ? [...j.runs, e.run] : j.runs,
        failedRuns: e.failed ? [...j.failedRuns, e.failed] : j.failedRuns,
      };
    case 'eval.trigger': {
      const triggers = j.triggers.filter((t) => t.index !== e.result.index);
      triggers.push(e.result);
      triggers.sort((a, b) => a.index - b.index);
      return { ...j, triggers };
    }
    case 'eval.finished':
      return { ...j, status: e.status, error: e.error, etaSeconds: null };
  }
}

/**
 * A live job once its run ended, from what the disk says: the records are the disk's;
 * the live figures (total planned, the clock) stay.
 */
export function settledJob(live: Job, detail: EvalRunDetail): Job {
  const fromDisk = jobFromDetail(detail);
  return {
    ...fromDisk,
    total: live.total,
    startedAt: live.startedAt,
    configs: fromDisk.configs.length > 0 ? fromDisk.configs : live.configs,
    status: detail.status,
    error: fromDisk.error ?? live.error,
  };
}
