/**
 * The runs on screen: a start asks the host once while nothing of its kind runs, catches the
 * events that beat its answer, settles from disk when the run finishes, and cancel, show and
 * dismiss act on the run they name only.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Backend, EvalRunDetail, StudioEvent } from '../../../shared/api/studio-api';
import { setBackend } from '../backend/current';
import { jobActions, jobFlow } from './evals-jobs';
import { skillAccess, type SkillsState } from './evals-skill-state';
import type { EvalEvent } from '../../../shared/api/evals';
import { DEFAULT_SETTINGS } from './start-options';

const DIR = '/ws/skills/pdf-forms';

let calls: { method: string; params: unknown }[];
let answers: Record<string, (params: unknown) => unknown>;

beforeEach(() => {
  calls = [];
  answers = {};
  const b = {
    kind: 'http',
    async call(method: string, params: unknown) {
      calls.push({ method, params });
      const answer = answers[method];
      if (!answer) throw new Error(`unexpected ${method}`);
      return answer(params);
    },
    onEvent: () => () => {},
  };
  setBackend(b as unknown as Backend);
});

function jobs() {
  let state: SkillsState = { skills: {} };
  const skills = skillAccess(
    (fn) => (state = fn(state)),
    () => state,
  );
  const early = new Map<string, EvalEvent[]>();
  let listened = 0;
  const deps = { settings: () => DEFAULT_SETTINGS, listen: () => void listened++, early };
  return {
    skills,
    state: () => state,
    early,
    listened: () => listened,
    actions: jobActions(skills, deps),
    flow: jobFlow(skills, deps),
  };
}

const progress = (runId: string, done: number): EvalEvent => ({
  type: 'eval.progress',
  skill: DIR,
  runId,
  kind: 'triggers',
  done,
  failed: 0,
  total: 3,
  elapsed_seconds: 1,
  eta_seconds: null,
  concurrency: 2,
});

function detail(runId: string, kind: EvalRunDetail['kind']): EvalRunDetail {
  return {
    runId,
    kind,
    status: 'completed',
    folder: `/${runId}`,
    benchmark: null,
    triggers: null,
    improve: null,
  };
}

describe('jobFlow', () => {
  it('follows the events, keeps those that beat the start answer, and starts one run of a kind at a time', async () => {
    const { skills, early, listened, flow } = jobs();
    const started = flow.start(DIR, 'triggers', async () => {
      // The host reports progress before the start call has answered.
      flow.apply(progress('t1', 1));
      flow.apply(progress('other', 2));
      return { runId: 't1', total: 3 };
    });
    expect(skills.of(DIR).busy).toBe(true);
    expect(await started).toBe(true);
    expect(listened()).toBe(1);
    expect(early.has(DIR)).toBe(false);
    expect(skills.of(DIR).triggerRun).toMatchObject({ runId: 't1', done: 1, client: null });

    flow.apply(progress('t1', 2));
    expect(skills.of(DIR).triggerRun?.done).toBe(2);
    expect(await flow.start(DIR, 'triggers', async () => ({ runId: 't2', total: 1 }))).toBe(false);
  });

  it('settles a finished run from disk, then reads the history again', async () => {
    const { skills, flow } = jobs();
    await flow.start(DIR, 'triggers', async () => ({ runId: 't1', total: 3 }));
    answers['evals.get'] = () => detail('t1', 'triggers');
    answers['evals.list'] = () => ({ runs: [{ runId: 't1' }] });
    flow.apply({
      type: 'eval.finished',
      skill: DIR,
      runId: 't1',
      kind: 'triggers',
      status: 'completed',
      error: null,
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(calls.map((c) => c.method)).toEqual(['evals.get', 'evals.list']);
    expect(skills.of(DIR).triggerRun?.status).toBe('completed');
    expect(skills.of(DIR).history).toEqual([{ runId: 't1' }]);
  });

  it('says why a start failed and keeps no early events', async () => {
    const { skills, early, flow } = jobs();
    const ok = await flow.start(DIR, 'benchmark', () => Promise.reject(new Error('no key')));
    expect(ok).toBe(false);
    expect(skills.of(DIR)).toMatchObject({ busy: false, actionError: 'no key', benchmark: null });
    expect(early.size).toBe(0);
  });
});

describe('jobActions', () => {
  it('cancels the running job of a kind by its runId, and nothing else', async () => {
    const { actions, flow } = jobs();
    answers['evals.cancel'] = () => ({});
    await actions.cancel(DIR, 'triggers');
    expect(calls).toEqual([]);
    await flow.start(DIR, 'triggers', async () => ({ runId: 't1', total: 3 }));
    await actions.cancel(DIR, 'triggers');
    expect(calls).toEqual([{ method: 'evals.cancel', params: { skill: DIR, runId: 't1' } }]);
  });

  it('shows a run read from disk in the slot of its kind, and dismisses an improve run', async () => {
    const { skills, actions } = jobs();
    answers['evals.get'] = () => detail('i1', 'improve');
    await actions.showRun(DIR, 'i1');
    expect(skills.of(DIR).improveRun).toMatchObject({ runId: 'i1', kind: 'improve' });
    actions.dismissImprove(DIR);
    expect(skills.of(DIR).improveRun).toBeNull();
  });

  it('folds in eval events only', async () => {
    const { skills, state, actions, flow } = jobs();
    await flow.start(DIR, 'triggers', async () => ({ runId: 't1', total: 3 }));
    actions.onEvent(progress('t1', 2));
    expect(skills.of(DIR).triggerRun?.done).toBe(2);
    // Another kind of event naming the same run is not even looked at: nothing is patched.
    const before = state();
    actions.onEvent({ ...progress('t1', 3), type: 'skills.changed' } as unknown as StudioEvent);
    expect(state()).toBe(before);
  });
});
