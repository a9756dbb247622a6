/**
 * `skill-studio eval` against the local provider wire server with scripted answers:
 * the summary table, --json, and the exit codes a CI gate relies on (0 pass, 1 below
 * --min-pass-rate or worse than no skill, 2 on a usage mistake); and the progress view,
 * a bar redrawn in place on a terminal (a fake TTY stream) and plain lines elsewhere.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { EvalEvent } from '../../../shared/api/evals';
import { colours } from '../io';
import { ProgressView } from './eval';
import { tempWorkspace, type TempWorkspace } from '../../test-support/temp-workspace';
import { runCliIn } from '../../test-support/run-cli';
import {
  openAiTurn,
  textDeltas,
  toolCallDeltas,
} from '../../host/providers/test-support/provider-wire';
import {
  startWireServer,
  type Reply,
  type WireServer,
} from '../../host/providers/test-support/wire-server';

let ws: TempWorkspace;
let server: WireServer;

const sse = (text: string): Reply => ({
  kind: 'sse',
  chunks: openAiTurn({ deltas: textDeltas(text) }),
});

beforeEach(async () => {
  server = await startWireServer((req) => {
    const body = req.body;
    if (body.includes('<available_skills>')) {
      const query = JSON.parse(body).messages.at(-1).content as string;
      return query.includes('cite')
        ? {
            kind: 'sse',
            chunks: openAiTurn({
              deltas: toolCallDeltas(0, 'c1', 'skill', ['{"name":"citer"}']),
              finishReason: 'tool_calls',
            }),
          }
        : sse('No skill needed.');
    }
    if (body.includes('CITE-RULE')) return sse('Answer [1].');
    if (body.includes('SABOTAGE')) return sse('ERROR');
    return sse('Plain answer.');
  });
  ws = tempWorkspace('skill-studio-evalcmd-');
  ws.write(
    'skill-studio.json',
    JSON.stringify({
      providers: [
        {
          id: 'local',
          kind: 'openai-compatible',
          base_url: `${server.url}/v1`,
          model: 'm',
          default: true,
        },
      ],
    }),
  );
  ws.addSkill('citer', 'name: citer\ndescription: Cites sources.', 'CITE-RULE: cite as [1].\n', {
    'evals/evals.json': JSON.stringify({
      skill_name: 'citer',
      evals: [
        { id: 1, prompt: 'Tell me about tides', expectations: [{ contains: '[1]' }] },
        {
          id: 2,
          prompt: 'Tell me about moons',
          expectations: [{ contains: '[1]' }, { contains: 'moons' }],
        },
      ],
    }),
    'evals/triggers.json': JSON.stringify([
      { query: 'please cite this', should_trigger: true },
      { query: 'bake bread', should_trigger: false },
    ]),
  });
  ws.addSkill(
    'saboteur',
    'name: saboteur\ndescription: Makes things worse.',
    'SABOTAGE everything.\n',
    {
      'evals/evals.json': JSON.stringify({
        skill_name: 'saboteur',
        evals: [{ id: 1, prompt: 'Say something', expectations: [{ not_contains: 'ERROR' }] }],
      }),
    },
  );
  ws.addSkill('no-evals', 'name: no-evals\ndescription: Has no eval cases.');
  // Three cases, two of which cannot run as written (EVAL_INVALID): one with no prompt,
  // one whose regex check does not compile. An inline case with a bad id beside them.
  ws.addSkill(
    'half-broken',
    'name: half-broken\ndescription: Cites, mostly.\neval:\n  - prompt: "Tell me about rivers"\n    id: first\n    expect:\n      - contains: "[1]"',
    'CITE-RULE: cite as [1].\n',
    {
      'evals/evals.json': JSON.stringify(
        {
          skill_name: 'half-broken',
          evals: [
            { id: 1, prompt: 'Tell me about tides', expectations: [{ contains: '[1]' }] },
            { id: 2, name: 'no prompt', expectations: [{ contains: '[1]' }] },
            { id: 3, prompt: 'Tell me about moons', expectations: [{ regex: '(' }] },
          ],
        },
        null,
        2,
      ),
      'evals/triggers.json': JSON.stringify(
        [
          { query: 'please cite this', should_trigger: true },
          { query: 'bake bread', should_trigger: 'no' },
          { query: 'walk the dog', should_trigger: false },
        ],
        null,
        2,
      ),
    },
  );
});

afterEach(async () => {
  ws.cleanup();
  await server.close();
});

describe('skill-studio eval', () => {
  it('prints the table and exits 0 when the skill beats the baseline; plain progress lines off a terminal', async () => {
    const r = await runCliIn(ws.root, ['eval', 'citer', '--runs', '2', '--min-pass-rate', '0.75']);
    expect(r.code).toBe(0);
    // with_skill: case 1 100 %, case 2 50 % (no "moons") → 75 %; without: 0 %.
    expect(r.stdout).toMatch(/all\s+75% ± \d+%\s+0% ± 0%/);
    expect(r.stdout).toContain('pass rate +0.75');
    expect(r.stderr).toMatch(/^eval-1 with_skill run 1: 1\/1 passed \(100%\)$/m);
    const runs = readdirSync(path.join(ws.root, '.skill-studio', 'evals', 'citer'));
    expect(runs).toHaveLength(1);
  }, 60_000);

  it('exits 1 below --min-pass-rate', async () => {
    const r = await runCliIn(ws.root, ['eval', 'citer', '--runs', '1', '--min-pass-rate', '80%']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('pass rate with the skill 75% is below --min-pass-rate 80%');
  }, 60_000);

  it('exits 1 when the skill does worse than no skill', async () => {
    const r = await runCliIn(ws.root, ['eval', 'saboteur', '--runs', '1']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('the skill does worse than no skill: 0% against 100%');
    expect(r.stdout).toContain('pass rate -1.00');
  }, 60_000);

  it('--json prints benchmark.json in skill-creator shape', async () => {
    const r = await runCliIn(ws.root, ['eval', 'citer', '--runs', '1', '--json']);
    expect(r.code).toBe(0);
    const b = JSON.parse(r.stdout);
    expect(b.metadata).toMatchObject({ skill_name: 'citer', runs_per_configuration: 1 });
    expect(b.runs).toHaveLength(4);
    expect(b.run_summary.delta.pass_rate).toBe('+0.75');
  }, 60_000);

  it('names every case that could not run, runs the rest, and exits 1', async () => {
    for (const flags of [['--min-pass-rate', '0.5'], []]) {
      const r = await runCliIn(ws.root, ['eval', 'half-broken', '--runs', '1', ...flags]);
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(/all\s+100% ± 0%\s+0% ± 0%/);
      const named = r.stderr.split('\n').filter((l) => l.includes('cannot run'));
      expect(named).toHaveLength(3);
      expect(named[0]).toMatch(/^skill-studio eval: SKILL\.md:\d+: case 1 cannot run: id is/);
      expect(named[1]).toMatch(
        /^skill-studio eval: evals\/evals\.json:\d+: case 2 "no prompt" \(evals-json#2\) cannot run: the case has no prompt$/,
      );
      expect(named[2]).toMatch(/evals\/evals\.json:\d+: case 3 \(evals-json#3\) cannot run: /);
    }
    const j = await runCliIn(ws.root, ['eval', 'half-broken', '--runs', '1', '--json']);
    expect(j.code).toBe(1);
    const b = JSON.parse(j.stdout);
    // Only the one case that can run ran, in both configurations.
    expect(b.runs.map((x: { case_key: string }) => x.case_key)).toEqual([
      'evals-json#1',
      'evals-json#1',
    ]);
    expect(
      b.studio.skipped_cases.map((x: { key: string | null; file: string }) => [x.file, x.key]),
    ).toEqual([
      ['SKILL.md', null],
      ['evals/evals.json', 'evals-json#2'],
      ['evals/evals.json', 'evals-json#3'],
    ]);
    expect(b.notes.filter((n: string) => n.startsWith('not run: '))).toHaveLength(3);
    // Asking for a case that cannot run says why, as a usage mistake.
    const asked = await runCliIn(ws.root, ['eval', 'half-broken', '--case', 'evals-json#3']);
    expect(asked.code).toBe(2);
    expect(asked.stderr).toMatch(/case 3 \(evals-json#3\) cannot run: /);
    // A trigger query that cannot run is named, and fails the run, just the same.
    const t = await runCliIn(ws.root, ['eval', 'half-broken', '--triggers', '--runs', '1']);
    expect(t.code).toBe(1);
    // Two queries ran, the broken one did not.
    expect(t.stdout).toMatch(/\d\/2 queries pass/);
    expect(t.stderr).toMatch(
      /^skill-studio eval: evals\/triggers\.json:\d+: query 2 "bake bread" cannot run: should_trigger is true or false/m,
    );
    const tj = await runCliIn(ws.root, [
      'eval',
      'half-broken',
      '--triggers',
      '--runs',
      '1',
      '--json',
    ]);
    expect(JSON.parse(tj.stdout).studio.skipped_queries).toEqual([
      expect.objectContaining({ file: 'evals/triggers.json', position: 2, name: 'bake bread' }),
    ]);
    // Naming only cases that can run leaves the broken ones out of the verdict.
    const one = await runCliIn(ws.root, [
      'eval',
      'half-broken',
      '--runs',
      '1',
      '--case',
      'evals-json#1',
    ]);
    expect(one.code).toBe(0);
  }, 60_000);

  it('exits 2 on a usage mistake: no cases, bad flags, unknown skill', async () => {
    expect((await runCliIn(ws.root, ['eval', 'no-evals'])).code).toBe(2);
    expect((await runCliIn(ws.root, ['eval', 'citer', '--runs', '0'])).code).toBe(2);
    expect((await runCliIn(ws.root, ['eval', 'citer', '--min-pass-rate', '2'])).code).toBe(2);
    expect((await runCliIn(ws.root, ['eval', 'nobody'])).code).toBe(2);
    expect((await runCliIn(ws.root, ['eval', 'citer', '--provider', 'nope'])).code).toBe(2);
  }, 60_000);

  it("--grader-model grades with another model of the run's provider", async () => {
    const r = await runCliIn(ws.root, [
      'eval',
      'citer',
      '--runs',
      '1',
      '--grader-model',
      'judge',
      '--json',
    ]);
    expect(r.code).toBe(0);
    const b = JSON.parse(r.stdout);
    expect(b.metadata).toMatchObject({ executor_model: 'local/m', analyzer_model: 'local/judge' });
  }, 60_000);

  it('--threshold sets the trigger rate a query needs; 0 is a usage mistake', async () => {
    const r = await runCliIn(ws.root, [
      'eval',
      'citer',
      '--triggers',
      '--threshold',
      '100%',
      '--json',
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).summary.threshold).toBe(1);
    expect(
      (await runCliIn(ws.root, ['eval', 'citer', '--triggers', '--threshold', '0'])).code,
    ).toBe(2);
  }, 60_000);

  it('--triggers reports each query and precision/recall', async () => {
    const r = await runCliIn(ws.root, ['eval', 'citer', '--triggers', '--runs', '2']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/please cite this\s+trigger\s+2\/2\s+pass/);
    expect(r.stdout).toContain('2/2 queries pass · precision 100% · recall 100%');
  }, 60_000);
});

/** A stderr that says it is a terminal, keeping every write apart. */
function fakeTerminal(tty: boolean): {
  stream: PassThrough & { isTTY?: boolean };
  writes: string[];
} {
  const stream: PassThrough & { isTTY?: boolean } = new PassThrough();
  stream.isTTY = tty;
  const writes: string[] = [];
  const write = stream.write.bind(stream);
  stream.write = ((chunk: string) => {
    writes.push(chunk);
    return write(chunk);
  }) as typeof stream.write;
  return { stream, writes };
}

const noColour = colours({
  stdout: new PassThrough(),
  stderr: new PassThrough(),
  stdin: new PassThrough(),
  cwd: '/',
  env: {},
  onInterrupt: () => () => {},
  onOutputClosed: () => () => {},
});

const progress = (done: number, failed: number, eta: number | null): EvalEvent => ({
  type: 'eval.progress',
  skill: '/s',
  runId: 'r',
  kind: 'benchmark',
  done,
  failed,
  total: 8,
  elapsed_seconds: done,
  eta_seconds: eta,
  concurrency: 4,
});

const finishedRun: EvalEvent = {
  type: 'eval.run',
  skill: '/s',
  runId: 'r',
  failed: null,
  run: {
    eval_id: 3,
    eval_name: 'tides',
    configuration: 'without_skill',
    run_number: 2,
    result: {
      pass_rate: 0.5,
      passed: 1,
      failed: 1,
      total: 2,
      time_seconds: 1,
      tokens: 10,
      tool_calls: 0,
      errors: 0,
    },
    expectations: [],
    notes: [],
    case_key: 'inline#1',
    run_dir: 'eval-inline-1/without_skill/run-2',
  },
};

describe('eval progress view', () => {
  it('redraws one bar in place on a terminal, and ends its line once', () => {
    const { stream, writes } = fakeTerminal(true);
    const view = new ProgressView(stream, noColour);
    view.event(progress(0, 0, null));
    view.event(progress(2, 0, 9.2));
    view.event(finishedRun);
    view.event(progress(6, 1, 2.5));
    view.end();
    expect(writes).toEqual([
      '\r[........................] 0/8 (x4)\x1b[K',
      '\r[######..................] 2/8 eta 10s (x4)\x1b[K',
      // A finished run adds no line on a terminal: the bar says it.
      '\r[##################......] 6/8 1 failed eta 3s (x4)\x1b[K',
      '\n',
    ]);
  });

  it('writes one plain line per finished run off a terminal, and no bar', () => {
    const { stream, writes } = fakeTerminal(false);
    const view = new ProgressView(stream, noColour);
    view.event(progress(1, 0, 3));
    view.event(finishedRun);
    view.end();
    // Named by its folder: an inline case's, whatever its benchmark eval_id.
    expect(writes).toEqual(['eval-inline-1 without_skill run 2: 1/2 passed (50%)\n']);
  });

  it('leaves a terminal untouched at the end when no bar was drawn', () => {
    const { stream, writes } = fakeTerminal(true);
    new ProgressView(stream, noColour).end();
    expect(writes).toEqual([]);
  });
});
