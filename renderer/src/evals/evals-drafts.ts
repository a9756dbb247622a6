/**
 * The Evals panel's drafts: the cases being edited (form ⇄ JSON, of one source at a time)
 * and the trigger queries, each saved with the version of the file it was read at, so a
 * save over a change made elsewhere is refused by the host rather than lost.
 */
import type { EvalCaseInput, EvalSources } from '../../../shared/api/evals';
import { backend } from '../backend/current';
import {
  draftFrom,
  draftProblem,
  preferredSource,
  withCases,
  withJson,
  type CaseSource,
} from './cases-draft';
import type { SkillAccess, SkillEvals, TriggerRow } from './evals-skill-state';

export interface DraftActions {
  switchSource(dir: string, source: CaseSource): void;
  editCases(dir: string, cases: EvalCaseInput[]): void;
  editCasesJson(dir: string, json: string): void;
  revertCases(dir: string): void;
  saveCases(dir: string): Promise<boolean>;
  editTriggers(dir: string, queries: TriggerRow[]): void;
  saveTriggers(dir: string): Promise<boolean>;
}

/**
 * The drafts of freshly read sources: unsaved edits survive a reload of the sources (a save
 * elsewhere, a file event); clean drafts follow what the files now hold.
 */
export function loadedDrafts(
  s: Pick<SkillEvals, 'draft' | 'triggerDraft'>,
  sources: EvalSources,
): Pick<SkillEvals, 'draft' | 'triggerDraft'> {
  return {
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
  };
}

export function draftActions(skills: SkillAccess): DraftActions {
  const { of, patch, fail } = skills;
  return {
    switchSource(dir, source) {
      const { sources, draft } = of(dir);
      if (!sources || draft?.dirty) return;
      patch(dir, () => ({ draft: draftFrom(sources, source) }));
    },
    editCases(dir, cases) {
      const d = of(dir).draft;
      if (d) patch(dir, () => ({ draft: withCases(d, cases) }));
    },
    editCasesJson(dir, json) {
      const d = of(dir).draft;
      if (d) patch(dir, () => ({ draft: withJson(d, json) }));
    },
    revertCases(dir) {
      const { sources, draft } = of(dir);
      if (sources && draft) patch(dir, () => ({ draft: draftFrom(sources, draft.source) }));
    },
    async saveCases(dir) {
      const { draft, sources } = of(dir);
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
      const { triggerDraft, sources } = of(dir);
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
  };
}
