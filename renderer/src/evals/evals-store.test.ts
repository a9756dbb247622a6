import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  Backend,
  BenchmarkRun,
  EvalRunDetail,
  EvalSources,
  StudioEvent,
} from '../../../shared/api/studio-api';
import { setBackend } from '../backend/current';
import { parseStudioEvent } from '../backend/event-parse';
import { resultsTable } from './results-table';
import { DEFAULT_SETTINGS, stopListening, useEvals } from './evals-store';

const DIR = '/ws/skills/pdf-forms';

function sources(over: Partial<EvalSources> = {}): EvalSources {
  return {
    skill: 'pdf-forms',
    dir: DIR,
    sources: [
      { kind: 'inline', path: 'SKILL.md', exists: true, version: 'v-md', diagnostics: [] },
      {
        kind: 'evals-json',
        path: 'evals/evals.json',
        exists: true,
        version: 'v-json',
        diagnostics: [],
      },
      {
        kind: 'triggers-json',
        path: 'evals/triggers.json',
        exists: false,
        version: null,
        diagnostics: [],
      },
    ],
    cases: [
      {
        id: 1,
        key: 'evals-json#1',
        name: 'fill',
        prompt: 'Fill the form',
        expected_output: 'A filled PDF',
        files: [],
        checks: [{ kind: 'contains', value: 'done' }],
        source: 'evals-json',
        line: 3,
      },
    ],
    skipped_cases: [],
    skipped_queries: [],
    triggers: [{ query: 'fill my tax form', should_trigger: true, line: 2 }],
    grader_prompt: 'Grade each expectation.',
    previous_version_available: false,
    description: 'Fills PDF forms.',
    ...over,
  };
}

/** The host's answer to a start call: the run's id, kind and size. */
function started(runId: string, kind: 'benchmark' | 'triggers' | 'improve', total: number) {
  return () => ({ runId, kind, total, folder: `/${runId}` });
}

function graded(config: 'with_skill' | 'without_skill', n: number, rate: number): BenchmarkRun {
  return {
    eval_id: 1,
    eval_name: 'fill',
    configuration: config,
    run_number: n,
    result: {
      pass_rate: rate,
      passed: rate * 2,
      failed: 2 - rate * 2,
      total: 2,
      time_seconds: 1,
      tokens: 100,
      tool_calls: 0,
      errors: 0,
    },
    expectations: [],
    notes: [],
    case_key: 'evals-json#1',
    run_dir: `eval-1/${config}/run-${n}`,
  };
}

interface Fake {
  calls: { method: string; params: unknown }[];
  emit(e: unknown): void;
  answers: Record<string, (params: unknown) => unknown>;
}

function fakeBackend(): Fake {
  const listeners = new Set<(e: StudioEvent) => void>();
  const fake: Fake = {
    calls: [],
    answers: {},
    // Frames go through the renderer's own check, as from the WebSocket.
    emit: (e) => {
      const parsed = parseStudioEvent(JSON.stringify(e));
      if (parsed) for (const l of listeners) l(parsed);
    },
  };
  const b = {
    kind: 'http',
    async call(method: string, params: unknown) {
      fake.calls.push({ method, params });
      const answer = fake.answers[method];
      if (!answer) throw new Error(`unexpected ${method}`);
      return answer(params);
    },
    onEvent(l: (e: StudioEvent) => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    a2e() {
      throw new Error('no a2e here');
    },
  };
  setBackend(b as unknown as Backend);
  return fake;
}

let fake: Fake;

beforeEach(() => {
  stopListening();
  useEvals.setState({ skills: {}, openCell: null, settings: { ...DEFAULT_SETTINGS } });
  fake = fakeBackend();
  fake.answers['evals.sources'] = () => sources();
  fake.answers['evals.list'] = () => ({ runs: [] });
});

afterEach(() => stopListening());

describe('evals store', () => {
  it('loads the sources into a draft of the source that has cases', async () => {
    await useEvals.getState().load(DIR);
    const s = useEvals.getState().of(DIR);
    expect(s.draft?.source).toBe('evals-json');
    expect(s.draft?.cases).toEqual([
      {
        id: 1,
        name: 'fill',
        prompt: 'Fill the form',
        expected_output: 'A filled PDF',
        files: [],
        checks: [{ kind: 'contains', value: 'done' }],
      },
    ]);
    expect(s.triggerDraft?.queries).toEqual([{ query: 'fill my tax form', should_trigger: true }]);
  });

  it('saves the draft with the version it was read at, and keeps a bad JSON edit unsaved', async () => {
    await useEvals.getState().load(DIR);
    const st = useEvals.getState();
    st.editCasesJson(DIR, '[{"prompt": "x", "checks": [{"kind": "nope"}]}]');
    expect(useEvals.getState().of(DIR).draft?.jsonError).toMatch(/unknown check kind/);
    expect(await st.saveCases(DIR)).toBe(false);
    expect(fake.calls.some((c) => c.method === 'evals.saveCases')).toBe(false);

    st.editCasesJson(
      DIR,
      '[{"prompt": "Fill it", "checks": [{"kind": "rubric", "text": "tidy"}]}]',
    );
    fake.answers['evals.saveCases'] = () => sources();
    expect(await st.saveCases(DIR)).toBe(true);
    expect(fake.calls.find((c) => c.method === 'evals.saveCases')?.params).toEqual({
      skill: DIR,
      source: 'evals-json',
      cases: [{ prompt: 'Fill it', checks: [{ kind: 'rubric', text: 'tidy' }] }],
      expectedVersion: 'v-json',
    });
    expect(useEvals.getState().of(DIR).draft?.dirty).toBe(false);
  });

  it('fills the table live from events, even those that beat the start answer, then settles from disk', async () => {
    await useEvals.getState().load(DIR);
    fake.answers['evals.start'] = () => {
      // The host reports the first run before the start call has answered.
      fake.emit({
        type: 'eval.run',
        skill: DIR,
        runId: 'r1',
        run: graded('with_skill', 1, 1),
        failed: null,
      });
      return { runId: 'r1', kind: 'benchmark', total: 4, folder: '/x' };
    };
    const ok = await useEvals.getState().startBenchmark(DIR, { provider: 'wire', model: 'm' });
    expect(ok).toBe(true);
    expect(fake.calls.find((c) => c.method === 'evals.start')?.params).toEqual({
      skill: DIR,
      options: {
        provider: 'wire',
        model: 'm',
        runs: 3,
        concurrency: 4,
        configurations: ['with_skill', 'without_skill'],
      },
    });
    fake.emit({
      type: 'eval.run',
      skill: DIR,
      runId: 'r1',
      run: graded('with_skill', 2, 0.5),
      failed: null,
    });
    fake.emit({
      type: 'eval.run',
      skill: DIR,
      runId: 'r1',
      run: graded('without_skill', 1, 0),
      failed: null,
    });
    // Another run of the same skill, and a malformed frame: neither lands in this table.
    fake.emit({
      type: 'eval.run',
      skill: DIR,
      runId: 'old',
      run: graded('without_skill', 2, 1),
      failed: null,
    });
    fake.emit({ type: 'eval.run', skill: DIR, runId: 'r1', run: { eval_id: 'x' }, failed: null });
    fake.emit({
      type: 'eval.progress',
      skill: DIR,
      runId: 'r1',
      kind: 'benchmark',
      done: 3,
      failed: 0,
      total: 4,
      elapsed_seconds: 3,
      eta_seconds: 1,
      concurrency: 4,
    });
    let job = useEvals.getState().of(DIR).benchmark;
    expect(job?.done).toBe(3);
    expect(job?.etaSeconds).toBe(1);
    const table = resultsTable({
      configs: job!.configs,
      cases: [{ key: 'evals-json#1', id: 1, name: 'fill' }],
      runs: job!.runs,
      failed: job!.failedRuns,
    });
    expect(table.rows[0].cells.with_skill?.mean).toBe(0.75);
    expect(table.rows[0].cells.without_skill?.runs).toBe(1);
    expect(table.rows[0].delta).toBe(0.75);

    const disk: EvalRunDetail = {
      runId: 'r1',
      kind: 'benchmark',
      status: 'completed',
      folder: '/x',
      benchmark: {
        metadata: {} as never,
        runs: [
          graded('with_skill', 1, 1),
          graded('with_skill', 2, 0.5),
          graded('without_skill', 1, 0),
        ],
        run_summary: {} as never,
        notes: [],
        studio: {
          status: 'completed',
          provider: 'wire',
          configurations: ['with_skill', 'without_skill'],
          concurrency: 4,
          failed_runs: [
            {
              eval_id: 1,
              eval_name: 'fill',
              configuration: 'without_skill',
              run_number: 2,
              case_key: 'evals-json#1',
              run_dir: 'eval-1/without_skill/run-2',
              error: '429 too many requests',
              status: 'failed',
            },
          ],
          cases: [],
          delta_old_skill: null,
          error: null,
          grader_prompt: 'Grade each expectation.',
        },
      },
      triggers: null,
      improve: null,
    };
    fake.answers['evals.get'] = () => disk;
    fake.answers['evals.list'] = () => ({ runs: [] });
    fake.emit({
      type: 'eval.finished',
      skill: DIR,
      runId: 'r1',
      kind: 'benchmark',
      status: 'completed',
      error: null,
    });
    await new Promise((r) => setTimeout(r, 0));
    await new Promise((r) => setTimeout(r, 0));
    job = useEvals.getState().of(DIR).benchmark;
    expect(job?.status).toBe('completed');
    expect(job?.failedRuns.map((f) => f.error)).toEqual(['429 too many requests']);
    expect(job?.total).toBe(4);
    expect(job?.graderPrompt).toBe('Grade each expectation.');
  });

  it('says why a start was refused and starts nothing', async () => {
    await useEvals.getState().load(DIR);
    fake.answers['evals.start'] = () => {
      throw new Error('no provider is configured');
    };
    expect(await useEvals.getState().startBenchmark(DIR, null)).toBe(false);
    const s = useEvals.getState().of(DIR);
    expect(s.actionError).toContain('no provider');
    expect(s.benchmark).toBeNull();
  });

  it('tallies trigger queries by index as they are answered', async () => {
    await useEvals.getState().load(DIR);
    fake.answers['evals.startTriggers'] = started('t1', 'triggers', 6);
    await useEvals.getState().startTriggers(DIR, null);
    const result = (index: number, triggers: number) => ({
      query: `q${index}`,
      should_trigger: true,
      trigger_rate: triggers / 3,
      triggers,
      runs: 3,
      pass: triggers >= 2,
      errors: 0,
      index,
    });
    fake.emit({ type: 'eval.trigger', skill: DIR, runId: 't1', result: result(1, 1) });
    fake.emit({ type: 'eval.trigger', skill: DIR, runId: 't1', result: result(0, 3) });
    fake.emit({ type: 'eval.trigger', skill: DIR, runId: 't1', result: result(1, 2) });
    const job = useEvals.getState().of(DIR).triggerRun;
    expect(job?.triggers.map((t) => [t.index, t.triggers])).toEqual([
      [0, 3],
      [1, 2],
    ]);
  });

  it('reruns one case as a new run, never offers a previous version without one, and cancels by runId', async () => {
    await useEvals.getState().load(DIR);
    useEvals.getState().setSettings({
      configurations: ['with_skill', 'without_skill', 'old_skill'],
      runs: 1,
    });
    fake.answers['evals.start'] = started('r2', 'benchmark', 2);
    await useEvals.getState().startBenchmark(DIR, null, ['evals-json#1']);
    expect(fake.calls.find((c) => c.method === 'evals.start')?.params).toEqual({
      skill: DIR,
      options: {
        runs: 1,
        concurrency: 4,
        // SKILL.md is not at a git HEAD here: the third configuration is left out.
        configurations: ['with_skill', 'without_skill'],
        cases: ['evals-json#1'],
      },
    });
    // A second start while it runs is refused without asking the host.
    expect(await useEvals.getState().startBenchmark(DIR, null)).toBe(false);
    expect(fake.calls.filter((c) => c.method === 'evals.start')).toHaveLength(1);

    fake.answers['evals.cancel'] = () => ({ ok: true, was_running: true });
    await useEvals.getState().cancel(DIR, 'benchmark');
    expect(fake.calls.find((c) => c.method === 'evals.cancel')?.params).toEqual({
      skill: DIR,
      runId: 'r2',
    });
  });

  it('asks for the trigger eval as the chosen agent', async () => {
    await useEvals.getState().load(DIR);
    fake.answers['evals.startTriggers'] = started('t2', 'triggers', 3);
    await useEvals.getState().startTriggers(DIR, { provider: 'wire', model: 'm' }, 'writer');
    expect(fake.calls.find((c) => c.method === 'evals.startTriggers')?.params).toEqual({
      skill: DIR,
      options: {
        provider: 'wire',
        model: 'm',
        runs: 3,
        concurrency: 4,
        agent: 'writer',
        threshold: 0.5,
      },
    });
  });

  it('passes the grader model, the trigger threshold and the held-out share it is given', async () => {
    await useEvals.getState().load(DIR);
    const st = useEvals.getState();
    st.setSettings({ grader: { provider: 'judge', model: 'j1' }, threshold: 0.75, holdout: 0.25 });
    const starts = [
      {
        method: 'evals.start',
        kind: 'benchmark',
        start: () => st.startBenchmark(DIR, null),
        options: { grader: { provider: 'judge', model: 'j1' } },
      },
      {
        method: 'evals.startTriggers',
        kind: 'triggers',
        start: () => st.startTriggers(DIR, null),
        options: { threshold: 0.75 },
      },
      {
        method: 'evals.improveDescription',
        kind: 'improve',
        start: () => st.improveDescription(DIR, null),
        options: { threshold: 0.75, holdout: 0.25 },
      },
    ] as const;
    for (const { method, kind, start, options } of starts) {
      fake.answers[method] = started(kind, kind, 3);
      await start();
      expect(fake.calls.find((c) => c.method === method)?.params).toMatchObject({ options });
    }
  });

  it("grades with the run's own model unless a grader is picked", async () => {
    await useEvals.getState().load(DIR);
    fake.answers['evals.start'] = started('b', 'benchmark', 4);
    await useEvals.getState().startBenchmark(DIR, { provider: 'wire', model: 'm' });
    const params = fake.calls.find((c) => c.method === 'evals.start')?.params as {
      options: Record<string, unknown>;
    };
    expect(params.options).not.toHaveProperty('grader');
  });

  it('edits inline eval: cases when the skill keeps them only there, and keeps edits when asked to switch', async () => {
    const inline = sources().cases.map((c) => ({
      ...c,
      key: 'inline#1',
      source: 'inline' as const,
    }));
    fake.answers['evals.sources'] = () => sources({ cases: inline });
    await useEvals.getState().load(DIR);
    const st = useEvals.getState();
    expect(st.of(DIR).draft?.source).toBe('inline');
    st.editCases(DIR, [{ prompt: 'Changed', checks: [] }]);
    // Switching the source would drop the edit: refused until saved or reverted.
    st.switchSource(DIR, 'evals-json');
    expect(useEvals.getState().of(DIR).draft?.source).toBe('inline');
    st.revertCases(DIR);
    st.switchSource(DIR, 'evals-json');
    expect(useEvals.getState().of(DIR).draft).toMatchObject({ source: 'evals-json', cases: [] });
  });
});
