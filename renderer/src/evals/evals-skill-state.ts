/**
 * What the Evals panel keeps per skill folder, and the few ways every action of its store
 * changes it: one folder's state patched, one run's job updated only while it is the one on
 * screen, a run found whatever its kind, a failed action told.
 */
import type { EvalJobKind, EvalRunListItem, EvalSources } from '../../../shared/api/evals';
import { errorMessage } from '../backend/studio-error';
import type { CasesDraft } from './cases-draft';
import type { Job } from './job-state';

export interface TriggerRow {
  query: string;
  should_trigger: boolean;
}

export interface SkillEvals {
  sources: EvalSources | null;
  loadError: string | null;
  draft: CasesDraft | null;
  triggerDraft: { queries: TriggerRow[]; dirty: boolean } | null;
  history: EvalRunListItem[];
  benchmark: Job | null;
  triggerRun: Job | null;
  improveRun: Job | null;
  /** Why the last action failed (save, start, cancel), shown until the next one. */
  actionError: string | null;
  busy: boolean;
}

export const EMPTY_SKILL_EVALS: SkillEvals = {
  sources: null,
  loadError: null,
  draft: null,
  triggerDraft: null,
  history: [],
  benchmark: null,
  triggerRun: null,
  improveRun: null,
  actionError: null,
  busy: false,
};

/** Where a job of each kind is kept. */
export const JOB_SLOT: Record<EvalJobKind, 'benchmark' | 'triggerRun' | 'improveRun'> = {
  benchmark: 'benchmark',
  triggers: 'triggerRun',
  improve: 'improveRun',
};

/** The part of the store the per-folder state lives in. */
export interface SkillsState {
  skills: Record<string, SkillEvals>;
}

export interface SkillAccess {
  /** The state of one folder (empty until something is known of it). */
  of(dir: string): SkillEvals;
  patch(dir: string, fn: (s: SkillEvals) => Partial<SkillEvals>): void;
  /** Updates the job of `runId` in its slot; a run no longer on screen is left alone. */
  patchJob(dir: string, kind: EvalJobKind, runId: string, fn: (j: Job) => Job): void;
  /** The job of this run, whatever its kind, if it is on screen. */
  jobOf(dir: string, runId: string): Job | null;
  /** Tells why an action failed and ends its busy state. */
  fail(dir: string, err: unknown): void;
}

export function skillAccess(
  set: (fn: (st: SkillsState) => SkillsState) => void,
  get: () => SkillsState,
): SkillAccess {
  const of = (dir: string) => get().skills[dir] ?? EMPTY_SKILL_EVALS;
  const patch: SkillAccess['patch'] = (dir, fn) =>
    set((st) => {
      const cur = st.skills[dir] ?? EMPTY_SKILL_EVALS;
      return { skills: { ...st.skills, [dir]: { ...cur, ...fn(cur) } } };
    });
  return {
    of,
    patch,
    patchJob: (dir, kind, runId, fn) =>
      patch(dir, (s) => {
        const job = s[JOB_SLOT[kind]];
        return job && job.runId === runId ? { [JOB_SLOT[kind]]: fn(job) } : {};
      }),
    jobOf: (dir, runId) => {
      const s = get().skills[dir];
      if (!s) return null;
      return [s.benchmark, s.triggerRun, s.improveRun].find((j) => j?.runId === runId) ?? null;
    },
    fail: (dir, err) => patch(dir, () => ({ actionError: errorMessage(err), busy: false })),
  };
}
