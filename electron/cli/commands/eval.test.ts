/**
 * `skill-studio eval` against the local provider wire server with scripted answers:
 * the summary table, --json, and the exit codes a CI gate relies on (0 pass, 1 below
 * --min-pass-rate or worse than no skill, 2 on a usage mistake).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import path from 'node:path';
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

  it('exits 2 on a usage mistake: no cases, bad flags, unknown skill', async () => {
    expect((await runCliIn(ws.root, ['eval', 'no-evals'])).code).toBe(2);
    expect((await runCliIn(ws.root, ['eval', 'citer', '--runs', '0'])).code).toBe(2);
    expect((await runCliIn(ws.root, ['eval', 'citer', '--min-pass-rate', '2'])).code).toBe(2);
    expect((await runCliIn(ws.root, ['eval', 'nobody'])).code).toBe(2);
    expect((await runCliIn(ws.root, ['eval', 'citer', '--provider', 'nope'])).code).toBe(2);
  }, 60_000);

  it('--triggers reports each query and precision/recall', async () => {
    const r = await runCliIn(ws.root, ['eval', 'citer', '--triggers', '--runs', '2']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/please cite this\s+trigger\s+2\/2\s+pass/);
    expect(r.stdout).toContain('2/2 queries pass · precision 100% · recall 100%');
  }, 60_000);
});
