/**
 * Evals end to end through the studio host's typed door, against the local provider
 * wire server (OpenAI wire format) with scripted answers, so every pass rate is known
 * in advance:
 *
 * - the model cites "[1]" only when the skill's body is its system prompt, so with_skill
 *   passes `contains "[1]"` and the judged "cites a source", without_skill fails both:
 *   pass rates 1 and 0, delta "+1.00";
 * - a grader that never answers JSON makes its expectation "ungraded" after one retry;
 * - a provider failure fails those runs, with the provider's words, and keeps the rest;
 * - benchmark.json / grading.json carry skill-creator's field names, folders its layout;
 * - trigger runs: a tool call naming the skill counts, precision and recall follow;
 * - cancel keeps what finished and marks the run cancelled.
 */
import {
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  realpath,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EvalEvent, StudioEvent } from '../../../shared/api/studio-api';
import { openAiTurn, textDeltas, toolCallDeltas } from '../providers/test-support/provider-wire';
import {
  startWireServer,
  type RecordedRequest,
  type Reply,
  type WireServer,
} from '../providers/test-support/wire-server';
import type { StudioHost } from '../studio-host';
import { isolatedHost } from '../../test-support/isolated-host';

let tmp: string;
let ws: string;
let skillDir: string;
let server: WireServer;
let host: StudioHost;

const SKILL_MD = `---
name: research
description: Researches a topic and cites its sources.
eval:
  - prompt: "Research tides"
    expect: "cites a source"
---

Always cite your sources as [1], [2].
`;

const EVALS_JSON = {
  skill_name: 'research',
  evals: [
    {
      id: 1,
      prompt: 'Research volcanoes',
      expectations: [{ contains: '[1]' }, { not_contains: 'ERROR' }],
    },
    { id: 2, prompt: 'Research glaciers UNGRADABLE', expectations: ['is UNGRADABLE-judged'] },
  ],
};

const TRIGGERS = [
  { query: 'research the history of tea', should_trigger: true },
  { query: 'please research bees', should_trigger: true },
  { query: 'find out about whales for me', should_trigger: true },
  { query: 'bake me a cake', should_trigger: false },
  { query: 'what is 2+2', should_trigger: false },
];

function textOf(req: RecordedRequest): string {
  return req.body;
}

/** The scripted model: executor, grader and trigger asks told apart by their prompts. */
function model(opts: { failOn?: string; hang?: boolean } = {}): (req: RecordedRequest) => Reply {
  return (req) => {
    const body = textOf(req);
    if (opts.hang) return { kind: 'hang' };
    if (opts.failOn && body.includes(opts.failOn))
      return {
        kind: 'json',
        status: 400,
        body: { error: { message: 'the model is unavailable' } },
      };
    if (body.includes('You grade the output')) {
      if (body.includes('UNGRADABLE')) return sse('I would say it passes, mostly.');
      const cites = /The assistant's output\\n[^#]*\[1\]/.test(body);
      const n = (body.match(/\\n\d+\. /g) ?? []).length;
      const verdicts = Array.from({ length: n }, () => ({
        text: 'x',
        passed: cites,
        evidence: cites ? 'cites [1]' : 'no citation',
      }));
      return sse(JSON.stringify({ expectations: verdicts }));
    }
    if (body.includes('You write the description'))
      return sse(
        JSON.stringify({
          description: 'Researches a topic or finds out about it, citing sources.',
          rationale: 'covers "find out"',
        }),
      );
    if (body.includes('<available_skills>')) {
      const query = JSON.parse(body).messages.at(-1).content as string;
      const finds = body.includes('finds out about it') && query.includes('find out');
      if (query.includes('research') || finds)
        return {
          kind: 'sse',
          chunks: openAiTurn({
            deltas: toolCallDeltas(0, 'call_1', 'skill', ['{"name":"research"}']),
            finishReason: 'tool_calls',
          }),
        };
      return sse('I can answer that directly.');
    }
    if (body.includes('Always cite your sources')) return sse('Tides follow the moon [1].');
    return sse('Tides follow the moon.');
  };
}

function sse(text: string): Reply {
  return { kind: 'sse', chunks: openAiTurn({ deltas: textDeltas(text) }) };
}

async function setup(script: (req: RecordedRequest) => Reply): Promise<void> {
  server = await startWireServer(script);
  await writeFile(
    path.join(ws, 'skill-studio.json'),
    JSON.stringify({
      providers: [
        {
          id: 'local',
          kind: 'openai-compatible',
          base_url: `${server.url}/v1`,
          model: 'test-model',
          default: true,
        },
      ],
    }),
  );
  host = await isolatedHost(ws);
}

function finished(runId: string): Promise<EvalEvent[]> {
  const seen: EvalEvent[] = [];
  return new Promise((resolve) => {
    const off = host.onEvent((e: StudioEvent) => {
      if (!e.type.startsWith('eval.')) return;
      const ev = e as EvalEvent;
      if (ev.runId !== runId) return;
      seen.push(ev);
      if (ev.type === 'eval.finished') {
        off();
        resolve(seen);
      }
    });
  });
}

beforeEach(async () => {
  tmp = await realpath(await mkdtemp(path.join(os.tmpdir(), 'evals-it-')));
  ws = path.join(tmp, 'ws');
  skillDir = path.join(ws, 'skills', 'research');
  await mkdir(path.join(skillDir, 'evals'), { recursive: true });
  await writeFile(path.join(skillDir, 'SKILL.md'), SKILL_MD);
  await writeFile(path.join(skillDir, 'evals', 'evals.json'), JSON.stringify(EVALS_JSON, null, 2));
  await writeFile(path.join(skillDir, 'evals', 'triggers.json'), JSON.stringify(TRIGGERS, null, 2));
});

afterEach(async () => {
  await host?.close();
  await server?.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('benchmark', () => {
  it('runs every case with and without the skill, with the pass rates the script implies', async () => {
    await setup(model());
    const sources = await host.invoke('evals.sources', { skill: skillDir });
    expect(sources.cases.map((c) => c.key)).toEqual(['inline#1', 'evals-json#1', 'evals-json#2']);
    expect(sources.sources.flatMap((s) => s.diagnostics)).toEqual([]);

    const started = await host.invoke('evals.start', {
      skill: skillDir,
      options: { runs: 2, concurrency: 3 },
    });
    expect(started.total).toBe(3 * 2 * 2);
    const events = await finished(started.runId);
    const end = events.at(-1)!;
    expect(end).toMatchObject({ type: 'eval.finished', status: 'completed', error: null });
    const progress = events.filter((e) => e.type === 'eval.progress');
    expect(progress.at(-1)).toMatchObject({ done: 12, failed: 0, total: 12 });
    expect(events.filter((e) => e.type === 'eval.run')).toHaveLength(12);

    const detail = await host.invoke('evals.get', { skill: skillDir, runId: started.runId });
    const b = detail.benchmark!;
    expect(b.runs).toHaveLength(12);
    // inline#1 (judged "cites a source") shares id 1 with evals.json's first case.
    const byCase = (key: string, conf: string) =>
      b.studio.cases.find((c) => c.case_key === key && c.configuration === conf)!;
    expect(byCase('inline#1', 'with_skill').pass_rate.mean).toBe(1);
    expect(byCase('inline#1', 'without_skill').pass_rate.mean).toBe(0);
    expect(byCase('evals-json#1', 'with_skill').pass_rate.mean).toBe(1);
    // contains [1] fails, not_contains ERROR passes: 0.5.
    expect(byCase('evals-json#1', 'without_skill').pass_rate.mean).toBe(0.5);
    expect(byCase('evals-json#2', 'with_skill').pass_rate.mean).toBe(0);
    // Runs: with = (1,1,0)×2 → mean 2/3; without = (0,0.5,0)×2 → mean 1/6.
    expect(b.run_summary.with_skill!.pass_rate.mean).toBe(0.6667);
    expect(b.run_summary.without_skill!.pass_rate.mean).toBe(0.1667);
    expect(b.run_summary.delta.pass_rate).toBe('+0.50');
    expect(b.metadata).toMatchObject({
      skill_name: 'research',
      runs_per_configuration: 2,
      evals_run: [1, 2, 3],
    });

    // skill-creator's layout and field names.
    const run = b.runs.find(
      (r) => r.case_key === 'evals-json#2' && r.configuration === 'with_skill',
    )!;
    expect(Object.keys(run.result).sort()).toEqual(
      [
        'errors',
        'failed',
        'pass_rate',
        'passed',
        'time_seconds',
        'tokens',
        'tool_calls',
        'total',
      ].sort(),
    );
    const grading = JSON.parse(
      await readFile(
        path.join(detail.folder, 'eval-2', 'with_skill', `run-${run.run_number}`, 'grading.json'),
        'utf8',
      ),
    );
    expect(grading.expectations[0]).toMatchObject({
      passed: false,
      ungraded: true,
      raw: 'I would say it passes, mostly.',
    });
    expect(grading.summary).toMatchObject({ passed: 0, failed: 1, total: 1, pass_rate: 0 });
    expect(Object.keys(grading)).toEqual(
      expect.arrayContaining(['expectations', 'summary', 'execution_metrics', 'timing']),
    );
    // The grader was asked twice for the ungradable case (once + one retry).
    const graderAsks = server.requests.filter(
      (r) => r.body.includes('You grade the output') && r.body.includes('UNGRADABLE'),
    );
    expect(graderAsks).toHaveLength(2 * 2 * 2);
    // inline#1 and evals-json#1 share the id 1: two folders, named by source. The inline
    // case keeps benchmark eval_id 3 (the viewer groups by eval_id), its folder its own id.
    expect((await readdir(detail.folder)).filter((n) => n.startsWith('eval-')).sort()).toEqual([
      'eval-1',
      'eval-2',
      'eval-inline-1',
    ]);
    const meta = JSON.parse(
      await readFile(path.join(detail.folder, 'eval-inline-1', 'eval_metadata.json'), 'utf8'),
    );
    expect(meta).toMatchObject({ eval_id: 3, case_key: 'inline#1', prompt: 'Research tides' });
    const inlineRun = b.runs.find((r) => r.case_key === 'inline#1')!;
    expect(inlineRun.run_dir).toMatch(/^eval-inline-1\//);

    // Each case's transcript is found by its key, whatever the ids.
    const transcriptOf = (eval_id: number, case_key?: string) =>
      host.invoke('evals.transcript', {
        skill: skillDir,
        runId: started.runId,
        ref: { kind: 'case', eval_id, case_key, configuration: 'with_skill', run_number: 1 },
      });
    const userTurn = (f: Awaited<ReturnType<typeof transcriptOf>>) =>
      f.transcript!.steps.find((s) => s.role === 'user')!;
    const files = await transcriptOf(1, 'evals-json#1');
    expect(userTurn(files)).toMatchObject({ text: 'Research volcanoes' });
    expect(files.transcript!.answer).toBe('Tides follow the moon [1].');
    expect(files.outputs).toEqual(['response.md']);
    expect(files.grading!.summary.pass_rate).toBe(1);
    expect(files.folder).toBe(path.join(detail.folder, 'eval-1', 'with_skill', 'run-1'));
    const inline = await transcriptOf(3, 'inline#1');
    expect(userTurn(inline)).toMatchObject({ text: 'Research tides' });
    expect(inline.folder).toBe(path.join(detail.folder, 'eval-inline-1', 'with_skill', 'run-1'));
    // Without a key, eval_id (unique within the eval run) still names the right case.
    expect(userTurn(await transcriptOf(3))).toMatchObject({ text: 'Research tides' });
    // An eval run written when inline cases were foldered by their eval_id (eval-3) is
    // still read: the folder whose eval_metadata.json names the key.
    await rename(path.join(detail.folder, 'eval-inline-1'), path.join(detail.folder, 'eval-3'));
    expect(userTurn(await transcriptOf(3, 'inline#1'))).toMatchObject({ text: 'Research tides' });

    const list = await host.invoke('evals.list', { skill: skillDir });
    expect(list.runs[0]).toMatchObject({ runId: started.runId, status: 'completed', live: false });
    expect(list.runs[0].pass_rate.with_skill).toBe(0.6667);
  }, 60_000);

  it('fails the runs a provider refuses, says why, and keeps the others', async () => {
    await setup(model({ failOn: 'volcanoes' }));
    const started = await host.invoke('evals.start', {
      skill: skillDir,
      options: { runs: 1, cases: ['evals-json#1', 'inline#1'] },
    });
    await finished(started.runId);
    const b = (await host.invoke('evals.get', { skill: skillDir, runId: started.runId }))
      .benchmark!;
    expect(b.studio.status).toBe('completed');
    expect(b.runs.map((r) => r.case_key)).toEqual(['inline#1', 'inline#1']);
    expect(b.studio.failed_runs).toHaveLength(2);
    expect(b.studio.failed_runs[0].error).toMatch(/400/);
    // A failed run is not counted as 0 %.
    expect(b.run_summary.with_skill!.pass_rate.mean).toBe(1);
  }, 60_000);

  it('cancel keeps what finished and marks the run cancelled', async () => {
    await setup(model({ hang: true }));
    const started = await host.invoke('evals.start', { skill: skillDir, options: { runs: 1 } });
    const done = finished(started.runId);
    const res = await host.invoke('evals.cancel', { skill: skillDir, runId: started.runId });
    expect(res).toEqual({ ok: true, was_running: true });
    const events = await done;
    expect(events.at(-1)).toMatchObject({ status: 'cancelled' });
    const detail = await host.invoke('evals.get', { skill: skillDir, runId: started.runId });
    expect(detail.status).toBe('cancelled');
    expect(detail.benchmark!.runs).toEqual([]);
    expect((await stat(path.join(detail.folder, 'benchmark.json'))).isFile()).toBe(true);
  }, 60_000);
});

describe('a state folder committed as a link', () => {
  /** Every file under `dir`, recursively (relative names). */
  async function filesUnder(dir: string): Promise<string[]> {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => !e.isDirectory()).map((e) => e.name);
  }

  it.each([
    ['.skill-studio', ''],
    ['.skill-studio/evals', 'evals'],
  ])(
    'refuses to write eval results through %s -> outside, naming the real path',
    async (linked, under) => {
      const outside = path.join(tmp, 'outside');
      await mkdir(outside);
      await mkdir(path.dirname(path.join(ws, linked)), { recursive: true });
      await symlink(outside, path.join(ws, linked));
      await setup(model());
      for (const start of [
        () => host.invoke('evals.start', { skill: skillDir, options: { runs: 1 } }),
        () => host.invoke('evals.startTriggers', { skill: skillDir, options: { runs: 1 } }),
      ]) {
        const err = await start().catch((e: unknown) => e);
        expect(err).toMatchObject({ code: 'forbidden_path' });
        expect((err as Error).message).toContain(
          path.join(outside, under === '' ? 'evals' : '', 'research'),
        );
      }
      // Not a file, not even a folder, appeared where the link points.
      expect(await filesUnder(outside)).toEqual([]);
      expect(await readdir(outside)).toEqual([]);
      // Nothing was asked of the model either: the run never started.
      expect(server.requests).toHaveLength(0);
      // Nor are runs read back from there.
      await expect(host.invoke('evals.list', { skill: skillDir })).rejects.toMatchObject({
        code: 'forbidden_path',
      });
    },
  );

  it('reads no eval file that is a link to a device or a pipe: the list answers at once', async () => {
    await setup(model());
    const runs = path.join(ws, '.skill-studio', 'evals', 'research');
    for (const [name, target] of [
      ['2026-01-01T00-00-00-000Z', '/dev/zero'],
      ['2026-01-02T00-00-00-000Z', '/dev/urandom'],
    ]) {
      await mkdir(path.join(runs, name), { recursive: true });
      await symlink(target, path.join(runs, name, 'eval_run.json'));
    }
    await mkdir(path.join(runs, '2026-01-03T00-00-00-000Z'));
    execFileSync('mkfifo', [path.join(runs, '2026-01-03T00-00-00-000Z', 'eval_run.json')]);
    const started = Date.now();
    expect(await host.invoke('evals.list', { skill: skillDir })).toEqual({ runs: [] });
    await expect(
      host.invoke('evals.get', { skill: skillDir, runId: '2026-01-01T00-00-00-000Z' }),
    ).rejects.toMatchObject({ code: 'not_found' });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('concurrent eval runs', () => {
  it("share their provider's call pool: a second run is bound by the first run's limit", async () => {
    await setup(model({ hang: true }));
    const first = await host.invoke('evals.start', {
      skill: skillDir,
      options: { runs: 1, concurrency: 2 },
    });
    const firstDone = finished(first.runId);
    const secondEvents: EvalEvent[] = [];
    const off = host.onEvent((e: StudioEvent) => {
      if (e.type === 'eval.progress') secondEvents.push(e as EvalEvent);
    });
    const second = await host.invoke('evals.startTriggers', {
      skill: skillDir,
      options: { runs: 1, concurrency: 4 },
    });
    const secondDone = finished(second.runId);
    off();
    const progress = secondEvents.find((e) => e.runId === second.runId);
    // Alone it would allow 4; sharing the provider with a run of 2, it allows 2.
    expect(progress).toMatchObject({ type: 'eval.progress', concurrency: 2 });
    await host.invoke('evals.cancel', { skill: skillDir, runId: first.runId });
    await host.invoke('evals.cancel', { skill: skillDir, runId: second.runId });
    await Promise.all([firstDone, secondDone]);
  }, 60_000);
});

describe('trigger eval', () => {
  it('counts a skill tool call as a trigger and scores precision and recall', async () => {
    await setup(model());
    const started = await host.invoke('evals.startTriggers', {
      skill: skillDir,
      options: { runs: 2 },
    });
    expect(started.total).toBe(10);
    await finished(started.runId);
    const t = (await host.invoke('evals.get', { skill: skillDir, runId: started.runId })).triggers!;
    expect(t.results.map((r) => [r.trigger_rate, r.pass])).toEqual([
      [1, true],
      [1, true],
      [0, false],
      [0, true],
      [0, true],
    ]);
    expect(t.summary).toMatchObject({
      total: 5,
      passed: 4,
      failed: 1,
      precision: 1,
      recall: 0.6667,
    });
    expect(t.summary.confusion).toEqual({
      true_positive: 2,
      false_positive: 0,
      false_negative: 1,
      true_negative: 2,
    });
    const ask = await host.invoke('evals.transcript', {
      skill: skillDir,
      runId: started.runId,
      ref: { kind: 'trigger', query_index: 0, run_number: 1 },
    });
    expect(ask.transcript).toMatchObject({
      triggered: true,
      trigger_evidence: 'skill("research")',
    });
    // The model saw the skill in an <available_skills> index.
    expect(server.requests[0].body).toContain('<name>research</name>');
  }, 60_000);
});

describe('improve description', () => {
  it('scores the old and the new description on a held-out split the writer never sees', async () => {
    await setup(model());
    const started = await host.invoke('evals.improveDescription', {
      skill: skillDir,
      options: { runs: 1 },
    });
    await finished(started.runId);
    const out = (await host.invoke('evals.get', { skill: skillDir, runId: started.runId }))
      .improve!;
    expect(out.studio).toMatchObject({ status: 'completed', error: null });
    expect(out.held_out_queries).toHaveLength(2);
    expect(out.train_queries).toHaveLength(3);
    expect(out.new!.description).toBe('Researches a topic or finds out about it, citing sources.');
    const total = (s: { passed: number; total: number }) => s.passed;
    // The old one misses "find out about whales"; the new one gets every query right.
    expect(total(out.old.train) + total(out.old.held_out)).toBe(4);
    expect(total(out.new!.train) + total(out.new!.held_out)).toBe(5);
    const writer = server.requests.find((r) => r.body.includes('You write the description'))!;
    for (const q of out.held_out_queries) expect(writer.body).not.toContain(q);
    for (const q of out.train_queries) expect(writer.body).toContain(q);
    // Nothing was written to SKILL.md.
    expect(await readFile(path.join(skillDir, 'SKILL.md'), 'utf8')).toBe(SKILL_MD);
  }, 60_000);
});

describe('sources', () => {
  it('saves cases into evals.json and the frontmatter, and triggers, and reads them back', async () => {
    await setup(model());
    let s = await host.invoke('evals.saveCases', {
      skill: skillDir,
      source: 'inline',
      cases: [{ prompt: 'New inline', checks: [{ kind: 'contains', value: 'x' }] }],
    });
    expect(s.cases.filter((c) => c.source === 'inline').map((c) => c.prompt)).toEqual([
      'New inline',
    ]);
    expect(await readFile(path.join(skillDir, 'SKILL.md'), 'utf8')).toContain(
      'Always cite your sources',
    );
    s = await host.invoke('evals.saveTriggers', {
      skill: skillDir,
      queries: [{ query: 'q', should_trigger: false }],
    });
    expect(s.triggers).toEqual([{ query: 'q', should_trigger: false, line: 2 }]);
    await expect(
      host.invoke('evals.saveCases', {
        skill: skillDir,
        source: 'evals-json',
        cases: [],
        expectedVersion: 'stale',
      }),
    ).rejects.toMatchObject({ code: 'conflict' });
  }, 60_000);

  it('reports a malformed evals.json with diagnostics, not a crash', async () => {
    await writeFile(path.join(skillDir, 'evals', 'evals.json'), '{"evals": [ {"prompt": 1} ');
    await setup(model());
    const s = await host.invoke('evals.sources', { skill: skillDir });
    const d = s.sources.find((x) => x.kind === 'evals-json')!.diagnostics;
    expect(d[0]).toMatchObject({
      code: 'EVAL_INVALID',
      severity: 'error',
      file: 'evals/evals.json',
    });
    expect(s.cases.map((c) => c.key)).toEqual(['inline#1']);
  }, 60_000);
});
