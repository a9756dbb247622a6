/**
 * The cases and trigger drafts: a reload keeps what was edited, a switch of source never
 * drops an edit, and a save refuses what the host would refuse before asking it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Backend, EvalSources } from '../../../shared/api/studio-api';
import { setBackend } from '../backend/current';
import { draftFrom } from './cases-draft';
import { draftActions, loadedDrafts } from './evals-drafts';
import { skillAccess, type SkillsState } from './evals-skill-state';

const DIR = '/ws/skills/pdf-forms';

function sources(triggers: EvalSources['triggers'] = []): EvalSources {
  return {
    skill: 'pdf-forms',
    dir: DIR,
    sources: [
      { kind: 'inline', path: 'SKILL.md', exists: true, version: 'v-md', diagnostics: [] },
      {
        kind: 'triggers-json',
        path: 'evals/triggers.json',
        exists: true,
        version: 'v-triggers',
        diagnostics: [],
      },
    ],
    cases: [],
    skipped_cases: [],
    skipped_queries: [],
    triggers,
    grader_prompt: '',
    previous_version_available: false,
    description: 'Fills PDF forms.',
  };
}

let calls: { method: string; params: unknown }[];

function drafts() {
  let state: SkillsState = { skills: {} };
  const skills = skillAccess(
    (fn) => (state = fn(state)),
    () => state,
  );
  return { skills, actions: draftActions(skills) };
}

beforeEach(() => {
  calls = [];
  const b = {
    kind: 'http',
    async call(method: string, params: unknown) {
      calls.push({ method, params });
      return sources([{ query: 'saved', should_trigger: false, line: 2 }]);
    },
    onEvent: () => () => {},
  };
  setBackend(b as unknown as Backend);
});

describe('loadedDrafts', () => {
  it('follows the files while nothing is edited, and keeps edits over a reload', () => {
    const read = sources([{ query: 'fill my form', should_trigger: true, line: 2 }]);
    const fresh = loadedDrafts({ draft: null, triggerDraft: null }, read);
    expect(fresh.draft?.dirty).toBe(false);
    expect(fresh.triggerDraft).toEqual({
      queries: [{ query: 'fill my form', should_trigger: true }],
      dirty: false,
    });

    const edited = {
      draft: { ...draftFrom(read, 'inline'), dirty: true },
      triggerDraft: { queries: [{ query: 'mine', should_trigger: false }], dirty: true },
    };
    expect(loadedDrafts(edited, sources())).toEqual(edited);
  });
});

describe('draftActions', () => {
  it('switches source only while the draft is clean, and reverts to the file', () => {
    const { skills, actions } = drafts();
    skills.patch(DIR, () => ({ sources: sources(), draft: draftFrom(sources(), 'inline') }));
    actions.editCases(DIR, [{ prompt: 'new', checks: [] }]);
    actions.switchSource(DIR, 'evals-json');
    expect(skills.of(DIR).draft).toMatchObject({ source: 'inline', dirty: true });
    actions.revertCases(DIR);
    expect(skills.of(DIR).draft).toMatchObject({ source: 'inline', dirty: false });
    actions.switchSource(DIR, 'evals-json');
    expect(skills.of(DIR).draft?.source).toBe('evals-json');
  });

  it('refuses to save an empty trigger query, and saves the rest with the version read', async () => {
    const { skills, actions } = drafts();
    skills.patch(DIR, () => ({ sources: sources() }));
    actions.editTriggers(DIR, [
      { query: 'fill it', should_trigger: true },
      { query: '  ', should_trigger: false },
    ]);
    expect(await actions.saveTriggers(DIR)).toBe(false);
    expect(skills.of(DIR).actionError).toBe('Query 2 is empty.');
    expect(calls).toEqual([]);

    actions.editTriggers(DIR, [{ query: 'fill it', should_trigger: true }]);
    expect(await actions.saveTriggers(DIR)).toBe(true);
    expect(calls).toEqual([
      {
        method: 'evals.saveTriggers',
        params: {
          skill: DIR,
          queries: [{ query: 'fill it', should_trigger: true }],
          expectedVersion: 'v-triggers',
        },
      },
    ]);
    expect(skills.of(DIR)).toMatchObject({
      busy: false,
      actionError: null,
      triggerDraft: { queries: [{ query: 'fill it', should_trigger: true }], dirty: false },
    });
  });

  it('saves nothing before the sources are read', async () => {
    const { actions } = drafts();
    expect(await actions.saveCases(DIR)).toBe(false);
    expect(await actions.saveTriggers(DIR)).toBe(false);
    expect(calls).toEqual([]);
  });
});
