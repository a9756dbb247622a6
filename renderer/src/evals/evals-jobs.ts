/**
 * The Evals panel's runs on screen — a benchmark, a trigger eval, an "improve description" —
 * each started, filled live by the host's `eval.*` events, settled from disk once it is
 * over, cancelled, or read back from disk. Events name the folder and the runId, so a run
 * of another skill, or an older run, never lands in the wrong slot.
 */
import type { ConfigurationName, EvalEvent, EvalJobKind } from '../../../shared/api/evals';
import type { StudioEvent } from '../../../shared/api/studio-api';
import { backend } from '../backend/current';
import { errorMessage } from '../backend/studio-error';
import type { RunInChoice } from '../playground/run-in';
import { JOB_SLOT, type SkillAccess } from './evals-skill-state';
import { jobFromDetail, newJob, settledJob, withEvent } from './job-state';
import {
  benchmarkConfigurations,
  benchmarkOptions,
  improveOptions,
  triggerOptions,
  type RunModel,
  type RunSettings,
} from './start-options';

export interface JobActions {
  /** A benchmark of every case, or of `cases` (keys) only: a rerun of one case is a new eval run. */
  startBenchmark(
    dir: string,
    model: RunModel | null,
    cases?: string[],
    runIn?: RunInChoice | null,
  ): Promise<boolean>;
  /**
   * `agent`: whose `<available_skills>` index the model sees (null: every listed skill);
   * `runIn`: ask each query of that agent client instead (its own listing).
   */
  startTriggers(
    dir: string,
    model: RunModel | null,
    agent?: string | null,
    runIn?: RunInChoice | null,
  ): Promise<boolean>;
  improveDescription(dir: string, model: RunModel | null, agent?: string | null): Promise<boolean>;
  cancel(dir: string, kind: EvalJobKind): Promise<void>;
  showRun(dir: string, runId: string): Promise<void>;
  dismissImprove(dir: string): void;
  /** Folds a host event in (exported for the listener and the tests). */
  onEvent(event: StudioEvent): void;
}

export interface JobDeps {
  /** The run settings in force when a run starts. */
  settings(): RunSettings;
  /** Makes sure the host's events are followed (before a run is asked for). */
  listen(): void;
  /** Events that came before `evals.start*` answered with their runId (a fast host), per folder. */
  early: Map<string, EvalEvent[]>;
}

function isEvalEvent(e: StudioEvent): e is EvalEvent {
  return e.type.startsWith('eval.');
}

/** How a job gets on screen and follows its run: every start and every event goes through here. */
export interface JobFlow {
  /** Starts a job of `kind`: its events are caught from the first one on. */
  start(
    dir: string,
    kind: EvalJobKind,
    call: () => Promise<{ runId: string; total: number }>,
    configs?: ConfigurationName[],
    runIn?: RunInChoice | null,
  ): Promise<boolean>;
  /** Folds an event into the job of its run; a finished run is then settled from disk. */
  apply(e: EvalEvent): void;
}

export function jobFlow(skills: SkillAccess, deps: JobDeps): JobFlow {
  const { of, patch, patchJob, jobOf, fail } = skills;
  const { early } = deps;

  const refreshHistory = async (dir: string) => {
    try {
      const { runs } = await backend().call('evals.list', { skill: dir });
      patch(dir, () => ({ history: runs }));
    } catch {
      // The chart keeps what it had; the next finished run asks again.
    }
  };

  /** The final files of a run that ended: the disk is the record (events may have been missed). */
  const settle = async (dir: string, runId: string) => {
    try {
      const detail = await backend().call('evals.get', { skill: dir, runId });
      const job = jobOf(dir, runId);
      if (!job) return;
      patchJob(dir, job.kind, runId, (j) => settledJob(j, detail));
    } catch (err) {
      patch(dir, () => ({ actionError: errorMessage(err) }));
    }
    await refreshHistory(dir);
  };

  const apply = (e: EvalEvent) => {
    const dir = e.skill;
    const job = jobOf(dir, e.runId);
    if (!job) {
      // Possibly ours, answered before `start` returned: keep it for a moment.
      const list = early.get(dir);
      if (list) list.push(e);
      return;
    }
    patchJob(dir, job.kind, e.runId, (j) => withEvent(j, e));
    if (e.type === 'eval.finished') void settle(dir, e.runId);
  };

  const start: JobFlow['start'] = async (dir, kind, call, configs = [], runIn = null) => {
    const running = of(dir)[JOB_SLOT[kind]];
    if (running?.status === 'running') return false;
    deps.listen();
    early.set(dir, []);
    patch(dir, () => ({ busy: true, actionError: null }));
    try {
      const started = await call();
      patch(dir, () => ({
        busy: false,
        [JOB_SLOT[kind]]: {
          ...newJob(started.runId, kind, started.total, configs),
          client: runIn ? { id: runIn.client, version: null } : null,
        },
      }));
      for (const e of early.get(dir) ?? []) if (e.runId === started.runId) apply(e);
      return true;
    } catch (err) {
      fail(dir, err);
      return false;
    } finally {
      early.delete(dir);
    }
  };

  return { start, apply };
}

export function jobActions(skills: SkillAccess, deps: JobDeps): JobActions {
  const { of, patch, fail } = skills;
  const { start, apply } = jobFlow(skills, deps);
  return {
    startBenchmark(dir, model, cases, runIn = null) {
      const settings = deps.settings();
      const available = of(dir).sources?.previous_version_available ?? false;
      const configs = benchmarkConfigurations(settings, available);
      const options = benchmarkOptions(settings, model, configs, cases, runIn);
      return start(
        dir,
        'benchmark',
        () => backend().call('evals.start', { skill: dir, options }),
        configs,
        runIn,
      );
    },
    startTriggers(dir, model, agent = null, runIn = null) {
      const options = triggerOptions(deps.settings(), model, agent, runIn);
      return start(
        dir,
        'triggers',
        () => backend().call('evals.startTriggers', { skill: dir, options }),
        [],
        runIn,
      );
    },
    improveDescription(dir, model, agent = null) {
      const options = improveOptions(deps.settings(), model, agent);
      return start(dir, 'improve', () =>
        backend().call('evals.improveDescription', { skill: dir, options }),
      );
    },
    async cancel(dir, kind) {
      const job = of(dir)[JOB_SLOT[kind]];
      if (!job || job.status !== 'running') return;
      try {
        await backend().call('evals.cancel', { skill: dir, runId: job.runId });
      } catch (err) {
        fail(dir, err);
      }
    },

    async showRun(dir, runId) {
      try {
        const detail = await backend().call('evals.get', { skill: dir, runId });
        const job = jobFromDetail(detail);
        patch(dir, () => ({ [JOB_SLOT[detail.kind]]: job }));
      } catch (err) {
        fail(dir, err);
      }
    },

    dismissImprove: (dir) => patch(dir, () => ({ improveRun: null })),

    onEvent(e) {
      if (isEvalEvent(e)) apply(e);
    },
  };
}
