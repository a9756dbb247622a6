/**
 * The eval job service. A long job (benchmark, triggers, improve) starts in the
 * background: its run folder and first eval_run.json are written, it takes its place in
 * the provider call pools, and whatever way it ends (done, failed, cancelled) its final
 * eval_run.json is written and `eval.finished` goes out. The folder on disk is the truth;
 * this service only knows which runs are still going.
 */
import path from 'node:path';
import type { EvalJobKind } from '../../../shared/api/evals';
import type { SkillRecord } from '../../../shared/skill/model';
import { errorMessage } from '../../../shared/errors';
import { logSwallowed } from '../log';
import type { LoadedProviderSet } from '../providers';
import { StudioError } from '../../../shared/errors';
import { ProviderPools, type CallPool, type PoolLease } from './call-pool';
import type { EvalsContext } from './eval-context';
import {
  createRunFolder,
  RUN_RECORD,
  skillEvalsDir,
  writeJson,
  type EvalRunRecord,
} from './eval-store';
import type { ModelTarget, RunEnvironment } from './model-run';

export type JobsContext = Pick<EvalsContext, 'workspace' | 'runScript' | 'emit' | 'clientFor'>;

/** A job to start: what eval_run.json records of it, and how wide it runs. */
export interface JobRequest {
  record: SkillRecord;
  kind: EvalJobKind;
  target: ModelTarget;
  /** The options as asked, kept in eval_run.json. */
  options: unknown;
  /** Calls at once on each provider pool the job leases. */
  concurrency: number;
  /** One eval run compares configurations on one provider setup: read once, at its start. */
  set: LoadedProviderSet;
}

export interface JobRun {
  runId: string;
  folder: string;
  env: RunEnvironment;
  signal: AbortSignal;
}

/** The job itself: its answer is what eval_run.json says of it at the end. */
export type JobWork = (run: JobRun) => Promise<Partial<EvalRunRecord>>;

interface Job {
  controller: AbortController;
  done: Promise<void>;
}

export function requireWorkspace(workspace: string | null): string {
  if (!workspace)
    throw new StudioError(
      'invalid_params',
      'open a workspace first: eval results are written under its .skill-studio/evals/',
    );
  return workspace;
}

export class EvalJobs {
  private readonly jobs = new Map<string, Job>();
  // One call pool per provider for the whole host: runs going on at once share it.
  private readonly pools = new ProviderPools();

  constructor(private readonly ctx: JobsContext) {}

  /**
   * Starts `work` in the background; answers once the run's first record is on disk
   * (evals.list shows it), with the run's id and folder.
   */
  async start(request: JobRequest, work: JobWork): Promise<{ runId: string; folder: string }> {
    const { runRecord, folder, recordWritten } = await this.begin(request);
    const env = this.environment(request.concurrency, request.set, request.target);
    const run = { runId: runRecord.runId, folder, env };
    await this.launch(runRecord, folder, recordWritten, env.release, (signal) =>
      work({ ...run, signal }),
    );
    return { runId: runRecord.runId, folder };
  }

  /** Whether this host is running the run (a run left 'running' by another is not). */
  isLive(skillDir: string, runId: string): boolean {
    return this.jobs.has(jobKey(skillDir, runId));
  }

  /**
   * Cancels a run going on; resolves once what finished is on disk and eval_run.json
   * says cancelled. False: no such run is going on.
   */
  async cancel(skillDir: string, runId: string): Promise<boolean> {
    const job = this.jobs.get(jobKey(skillDir, runId));
    if (!job) return false;
    job.controller.abort('cancelled');
    await job.done;
    return true;
  }

  /** The run folder and first record; the record is written while the job starts. */
  private async begin({ record, kind, target, options }: JobRequest): Promise<{
    runRecord: EvalRunRecord;
    folder: string;
    recordWritten: Promise<void>;
  }> {
    const workspace = requireWorkspace(this.ctx.workspace());
    const now = new Date();
    const { runId, folder } = await createRunFolder(
      workspace,
      skillEvalsDir(workspace, record.summary.name),
      now,
    );
    const runRecord: EvalRunRecord = {
      runId,
      kind,
      status: 'running',
      skill_name: record.summary.name,
      skill_dir: record.dir,
      started_at: now.toISOString(),
      finished_at: null,
      provider: target.provider.id,
      model: target.model,
      pass_rate: {},
      trigger_pass_rate: null,
      error: null,
      options,
    };
    // Written while the job starts (not before): the final record waits for it.
    const recordWritten = writeJson(path.join(folder, RUN_RECORD), runRecord);
    return { runRecord, folder, recordWritten };
  }

  /** A run's environment; `release` (at its end) lets go of the provider pools it used. */
  private environment(
    concurrency: number,
    set: LoadedProviderSet,
    target: ModelTarget,
  ): RunEnvironment & { release(): void } {
    const leases = new Map<string, PoolLease>();
    const poolFor = (id: string): CallPool => {
      let lease = leases.get(id);
      if (!lease) {
        lease = this.pools.lease(id, concurrency);
        leases.set(id, lease);
      }
      return lease.pool;
    };
    return {
      providers: async () => set,
      runScript: (c) => this.ctx.runScript(c),
      // Its current limit rides on every eval.progress event.
      pool: poolFor(target.provider.id),
      poolFor,
      clientFor: this.ctx.clientFor,
      release: () => {
        for (const lease of leases.values()) lease.release();
        leases.clear();
      },
    };
  }

  /** Runs a job in the background, keeping eval_run.json and the events right at the end. */
  private launch(
    runRecord: EvalRunRecord,
    folder: string,
    recordWritten: Promise<void>,
    /** Lets go of what the run held (its provider pools), whatever way it ends. */
    release: () => void,
    work: (signal: AbortSignal) => Promise<Partial<EvalRunRecord>>,
  ): Promise<void> {
    const controller = new AbortController();
    const key = jobKey(runRecord.skill_dir, runRecord.runId);
    const done = (async () => {
      let patch: Partial<EvalRunRecord>;
      try {
        patch = await work(controller.signal);
      } catch (err) {
        patch = {
          status: controller.signal.aborted ? 'cancelled' : 'failed',
          error: errorMessage(err),
        };
      } finally {
        release();
      }
      const final: EvalRunRecord = {
        ...runRecord,
        ...patch,
        finished_at: new Date().toISOString(),
      };
      if (controller.signal.aborted) final.status = 'cancelled';
      try {
        // The first record may have failed; the final one is written regardless.
        await recordWritten.catch(logSwallowed('eval run: first run record not written'));
        await writeJson(path.join(folder, RUN_RECORD), final);
      } catch (err) {
        final.error = final.error ?? errorMessage(err);
      }
      this.jobs.delete(key);
      this.ctx.emit({
        type: 'eval.finished',
        skill: runRecord.skill_dir,
        runId: runRecord.runId,
        kind: runRecord.kind,
        status: final.status,
        error: final.error,
      });
    })();
    this.jobs.set(key, { controller, done });
    return recordWritten;
  }
}

function jobKey(skillDir: string, runId: string): string {
  return `${skillDir}\0${runId}`;
}
