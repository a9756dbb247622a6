/**
 * The Evals panel's state, per skill folder: the eval sources as the host read them,
 * the cases draft (form ⇄ JSON) and the trigger queries being edited, the past eval
 * runs (for the chart), and the runs on screen — a benchmark, a trigger eval and an
 * "improve description" — each either live (filled by `eval.*` events as they come)
 * or read back from disk. The host does the work (shared/api/evals.ts); this store
 * only asks and listens. Events name the skill's folder and the runId, so a run of
 * another skill, or an older run, never lands in the wrong table.
 */
import { create } from 'zustand';
import type {
  ConfigurationName,
  EvalCaseInput,
  EvalEvent,
  EvalJobKind,
  EvalRunListItem,
  EvalSources,
} from '../../../shared/api/evals';
import type { StudioEvent } from '../../../shared/api/studio-api';
import { backend } from '../backend/current';
import { errorMessage } from '../backend/studio-error';
import {
  draftFrom,
  draftProblem,
  preferredSource,
  withCases,
  withJson,
  type CaseSource,
  type CasesDraft,
} from './cases-draft';

import type { RunInChoice } from '../playground/run-in';
import { jobFromDetail, newJob, settledJob, withEvent, type Job } from './job-state';
import {
  benchmarkConfigurations,
  benchmarkOptions,
  DEFAULT_SETTINGS,
  improveOptions,
  triggerOptions,
  type RunModel,
  type RunSettings,
} from './start-options';

export { jobFromDetail, type Job };
export { DEFAULT_SETTINGS, type RunModel, type RunSettings };

export type EvalsTab = 'benchmark' | 'triggers';
export type CasesView = 'form' | 'json';

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

export interface OpenCell {
  dir: string;
  runId: string;
  key: string;
  config: ConfigurationName;
}

interface EvalsState {
  tab: EvalsTab;
  casesView: CasesView;
  settings: RunSettings;
  skills: Record<string, SkillEvals>;
  /** The cell whose runs' transcripts are open. */
  openCell: OpenCell | null;
  setTab(tab: EvalsTab): void;
  setCasesView(view: CasesView): void;
  setSettings(patch: Partial<RunSettings>): void;
  of(dir: string): SkillEvals;
  load(dir: string): Promise<void>;
  switchSource(dir: string, source: CaseSource): void;
  editCases(dir: string, cases: EvalCaseInput[]): void;
  editCasesJson(dir: string, json: string): void;
  revertCases(dir: string): void;
  saveCases(dir: string): Promise<boolean>;
  editTriggers(dir: string, queries: TriggerRow[]): void;
  saveTriggers(dir: string): Promise<boolean>;
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
  setOpenCell(cell: OpenCell | null): void;
  dismissImprove(dir: string): void;
  /** Folds a host event in (exported for the listener and the tests). */
  onEvent(event: StudioEvent): void;
}

const EMPTY: SkillEvals = {
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
const SLOT: Record<EvalJobKind, 'benchmark' | 'triggerRun' | 'improveRun'> = {
  benchmark: 'benchmark',
  triggers: 'triggerRun',
  improve: 'improveRun',
};

/** Events that came before `evals.start*` answered with their runId (a fast host). */
const early = new Map<string, EvalEvent[]>();
let listening: (() => void) | null = null;

/** Starts following the host's eval events (once per window). */
export function listenToEvals(): void {
  if (listening) return;
  listening = backend().onEvent((e) => useEvals.getState().onEvent(e));
}

/** For tests: forget the listener (a new backend is set per test). */
export function stopListening(): void {
  listening?.();
  listening = null;
  early.clear();
}

function isEvalEvent(e: StudioEvent): e is EvalEvent {
  return e.type.startsWith('eval.');
}

export const useEvals = create<EvalsState>((set, get) => {
  const patch = (dir: string, fn: (s: SkillEvals) => Partial<SkillEvals>) =>
    set((st) => {
      const cur = st.skills[dir] ?? EMPTY;
      return { skills: { ...st.skills, [dir]: { ...cur, ...fn(cur) } } };
    });

  const patchJob = (dir: string, kind: EvalJobKind, runId: string, fn: (j: Job) => Job) =>
    patch(dir, (s) => {
      const job = s[SLOT[kind]];
      return job && job.runId === runId ? { [SLOT[kind]]: fn(job) } : {};
    });

  /** The job of this run, whatever its kind, if it is on screen. */
  const jobOf = (dir: string, runId: string): Job | null => {
    const s = get().skills[dir];
    if (!s) return null;
    return [s.benchmark, s.triggerRun, s.improveRun].find((j) => j?.runId === runId) ?? null;
  };

  const fail = (dir: string, err: unknown) =>
    patch(dir, () => ({ actionError: errorMessage(err), busy: false }));

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

  /** Starts a job of `kind`: its events are caught from the first one on. */
  const start = async (
    dir: string,
    kind: EvalJobKind,
    call: () => Promise<{ runId: string; total: number }>,
    configs: ConfigurationName[] = [],
    runIn: RunInChoice | null = null,
  ): Promise<boolean> => {
    const running = get().of(dir)[SLOT[kind]];
    if (running?.status === 'running') return false;
    listenToEvals();
    early.set(dir, []);
    patch(dir, () => ({ busy: true, actionError: null }));
    try {
      const started = await call();
      patch(dir, () => ({
        busy: false,
        [SLOT[kind]]: {
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

  return {
    tab: 'benchmark',
    casesView: 'form',
    settings: { ...DEFAULT_SETTINGS },
    skills: {},
    openCell: null,

    setTab: (tab) => set({ tab }),
    setCasesView: (casesView) => set({ casesView }),
    setSettings: (p) => set((s) => ({ settings: { ...s.settings, ...p } })),
    of: (dir) => get().skills[dir] ?? EMPTY,

    async load(dir) {
      listenToEvals();
      try {
        const [sources, list] = await Promise.all([
          backend().call('evals.sources', { skill: dir }),
          backend().call('evals.list', { skill: dir }),
        ]);
        patch(dir, (s) => ({
          sources,
          loadError: null,
          history: list.runs,
          // Unsaved edits survive a reload of the sources (a save elsewhere, a file event).
          draft: s.draft?.dirty
            ? s.draft
            : draftFrom(sources, s.draft?.source ?? preferredSource(sources)),
          triggerDraft: s.triggerDraft?.dirty
            ? s.triggerDraft
            : {
                queries: sources.triggers.map((t) => ({
                  query: t.query,
                  should_trigger: t.should_trigger,
                })),
                dirty: false,
              },
        }));
        // A run this host is still doing (the window was reloaded): follow it again.
        for (const item of list.runs.filter((r) => r.live && r.status === 'running')) {
          if (!jobOf(dir, item.runId)) await get().showRun(dir, item.runId);
        }
        // Nothing on screen yet: the latest benchmark, so the table is never empty for nothing.
        const latest = list.runs.find((r) => r.kind === 'benchmark');
        if (!get().of(dir).benchmark && latest) await get().showRun(dir, latest.runId);
      } catch (err) {
        patch(dir, () => ({ loadError: errorMessage(err) }));
      }
    },

    switchSource(dir, source) {
      const { sources, draft } = get().of(dir);
      if (!sources || draft?.dirty) return;
      patch(dir, () => ({ draft: draftFrom(sources, source) }));
    },
    editCases(dir, cases) {
      const d = get().of(dir).draft;
      if (d) patch(dir, () => ({ draft: withCases(d, cases) }));
    },
    editCasesJson(dir, json) {
      const d = get().of(dir).draft;
      if (d) patch(dir, () => ({ draft: withJson(d, json) }));
    },
    revertCases(dir) {
      const { sources, draft } = get().of(dir);
      if (sources && draft) patch(dir, () => ({ draft: draftFrom(sources, draft.source) }));
    },
    async saveCases(dir) {
      const { draft, sources } = get().of(dir);
      if (!draft || !sources) return false;
      const problem = draftProblem(draft);
      if (problem) {
        patch(dir, () => ({ actionError: problem }));
        return false;
      }
      const version = sources.sources.find((x) => x.kind === draft.source)?.version ?? null;
      patch(dir, () => ({ busy: true, actionError: null }));
      try {
        const next = await backend().call('evals.saveCases', {
          skill: dir,
          source: draft.source,
          cases: draft.cases,
          expectedVersion: version,
        });
        patch(dir, () => ({ sources: next, draft: draftFrom(next, draft.source), busy: false }));
        return true;
      } catch (err) {
        fail(dir, err);
        return false;
      }
    },

    editTriggers(dir, queries) {
      patch(dir, () => ({ triggerDraft: { queries, dirty: true } }));
    },
    async saveTriggers(dir) {
      const { triggerDraft, sources } = get().of(dir);
      if (!triggerDraft || !sources) return false;
      const empty = triggerDraft.queries.findIndex((q) => q.query.trim() === '');
      if (empty >= 0) {
        patch(dir, () => ({ actionError: `Query ${empty + 1} is empty.` }));
        return false;
      }
      const version = sources.sources.find((x) => x.kind === 'triggers-json')?.version ?? null;
      patch(dir, () => ({ busy: true, actionError: null }));
      try {
        const next = await backend().call('evals.saveTriggers', {
          skill: dir,
          queries: triggerDraft.queries,
          expectedVersion: version,
        });
        patch(dir, () => ({
          sources: next,
          triggerDraft: { queries: triggerDraft.queries, dirty: false },
          busy: false,
        }));
        return true;
      } catch (err) {
        fail(dir, err);
        return false;
      }
    },

    startBenchmark(dir, model, cases, runIn = null) {
      const { settings } = get();
      const available = get().of(dir).sources?.previous_version_available ?? false;
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
      const options = triggerOptions(get().settings, model, agent, runIn);
      return start(
        dir,
        'triggers',
        () => backend().call('evals.startTriggers', { skill: dir, options }),
        [],
        runIn,
      );
    },
    improveDescription(dir, model, agent = null) {
      const options = improveOptions(get().settings, model, agent);
      return start(dir, 'improve', () =>
        backend().call('evals.improveDescription', { skill: dir, options }),
      );
    },
    async cancel(dir, kind) {
      const job = get().of(dir)[SLOT[kind]];
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
        patch(dir, () => ({ [SLOT[detail.kind]]: job }));
      } catch (err) {
        fail(dir, err);
      }
    },

    setOpenCell: (openCell) => set({ openCell }),
    dismissImprove: (dir) => patch(dir, () => ({ improveRun: null })),

    onEvent(e) {
      if (isEvalEvent(e)) apply(e);
    },
  };
});
