/**
 * The Evals panel's state, per skill folder: the eval sources as the host read them,
 * the cases draft (form ⇄ JSON) and the trigger queries being edited, the past eval
 * runs (for the chart), and the runs on screen — a benchmark, a trigger eval and an
 * "improve description" — each either live (filled by `eval.*` events as they come)
 * or read back from disk. The host does the work (shared/api/evals.ts); this store
 * only asks and listens. Events name the skill's folder and the runId, so a run of
 * another skill, or an older run, never lands in the wrong table.
 *
 * The store is put together from its parts: the per-folder state and how it is patched
 * (evals-skill-state.ts), the drafts (evals-drafts.ts) and the runs (evals-jobs.ts).
 */
import { create } from 'zustand';
import type { ConfigurationName, EvalEvent } from '../../../shared/api/evals';
import type { StudioEvent } from '../../../shared/api/studio-api';
import { backend } from '../backend/current';
import { errorMessage } from '../backend/studio-error';
import { draftActions, loadedDrafts, type DraftActions } from './evals-drafts';
import { jobActions, type JobActions } from './evals-jobs';
import {
  skillAccess,
  type SkillAccess,
  type SkillEvals,
  type SkillsState,
  type TriggerRow,
} from './evals-skill-state';
import { jobFromDetail, type Job } from './job-state';
import { DEFAULT_SETTINGS, type RunModel, type RunSettings } from './start-options';

export { jobFromDetail, type Job };
export { DEFAULT_SETTINGS, type RunModel, type RunSettings };
export type { SkillEvals, TriggerRow };

export type EvalsTab = 'benchmark' | 'triggers';
export type CasesView = 'form' | 'json';

export interface OpenCell {
  dir: string;
  runId: string;
  key: string;
  config: ConfigurationName;
}

interface EvalsState extends SkillsState, DraftActions, JobActions {
  tab: EvalsTab;
  casesView: CasesView;
  settings: RunSettings;
  /** The cell whose runs' transcripts are open. */
  openCell: OpenCell | null;
  setTab(tab: EvalsTab): void;
  setCasesView(view: CasesView): void;
  setSettings(patch: Partial<RunSettings>): void;
  of(dir: string): SkillEvals;
  load(dir: string): Promise<void>;
  setOpenCell(cell: OpenCell | null): void;
}

/** Events that came before `evals.start*` answered with their runId (a fast host). */
const early = new Map<string, EvalEvent[]>();
let listening: (() => void) | null = null;

/** Starts following the host's eval events (once per window). */
export function listenToEvals(): void {
  if (listening) return;
  listening = backend().onEvent((e: StudioEvent) => useEvals.getState().onEvent(e));
}

/** For tests: forget the listener (a new backend is set per test). */
export function stopListening(): void {
  listening?.();
  listening = null;
  early.clear();
}

/**
 * Reads a folder's eval sources and past runs: the drafts follow the files (unless edited),
 * and the runs worth showing are shown.
 */
function loadAction(skills: SkillAccess, get: () => EvalsState): EvalsState['load'] {
  return async (dir) => {
    listenToEvals();
    try {
      const [sources, list] = await Promise.all([
        backend().call('evals.sources', { skill: dir }),
        backend().call('evals.list', { skill: dir }),
      ]);
      skills.patch(dir, (s) => ({
        sources,
        loadError: null,
        history: list.runs,
        ...loadedDrafts(s, sources),
      }));
      // A run this host is still doing (the window was reloaded): follow it again.
      for (const item of list.runs.filter((r) => r.live && r.status === 'running')) {
        if (!skills.jobOf(dir, item.runId)) await get().showRun(dir, item.runId);
      }
      // Nothing on screen yet: the latest benchmark, so the table is never empty for nothing.
      const latest = list.runs.find((r) => r.kind === 'benchmark');
      if (!get().of(dir).benchmark && latest) await get().showRun(dir, latest.runId);
    } catch (err) {
      skills.patch(dir, () => ({ loadError: errorMessage(err) }));
    }
  };
}

export const useEvals = create<EvalsState>((set, get) => {
  const skills = skillAccess(set, get);
  return {
    tab: 'benchmark',
    casesView: 'form',
    settings: { ...DEFAULT_SETTINGS },
    skills: {},
    openCell: null,

    setTab: (tab) => set({ tab }),
    setCasesView: (casesView) => set({ casesView }),
    setSettings: (p) => set((s) => ({ settings: { ...s.settings, ...p } })),
    setOpenCell: (openCell) => set({ openCell }),
    of: skills.of,

    load: loadAction(skills, get),
    ...draftActions(skills),
    ...jobActions(skills, { settings: () => get().settings, listen: listenToEvals, early }),
  };
});
