/**
 * `eval NAME [--triggers] --client ID` through the Studio API, in the real Claude Code and Codex
 * (pinned) against a fake model server. Triggers: a query that should trigger and did,
 * one that should not and did not, one where another skill (Claude Code's own) won, and one
 * where the provider failed: that one is an error, counted apart, never a "did not trigger".
 * A benchmark: the case with the skill installed against without, graded as any run.
 */
import {
  chmodSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioEvent } from '../../../shared/api/studio-api';
import { tempWorkspace, type TempWorkspace } from '../../test-support/temp-workspace';
import {
  agentClientBinDir,
  agentClientPin,
  skipAgentClient,
} from '../../test-support/agent-clients';
import { StudioHost } from '../studio-host';
import {
  startFakeModelServer,
  type FakeModelServer,
} from '../agent-clients/test-support/fake-model-server';

const KEY = 'sk-ant-api03-TRIGGER-EVAL-SECRET-0123456789';

describe.skipIf(skipAgentClient('claude-code'))('trigger evals in Claude Code', () => {
  let ws: TempWorkspace;
  let fake: FakeModelServer;
  let host: StudioHost;
  let dir: string;
  const saved = { ...process.env };

  beforeAll(async () => {
    fake = await startFakeModelServer((prompt) => {
      if (/rival/.test(prompt)) return { do: 'activate', skill: 'rival', answer: 'Rival here.' };
      // Claude Code's own bundled skill wins this one.
      if (/chart/.test(prompt)) return { do: 'activate', skill: 'dataviz', answer: 'A chart.' };
      if (/broken/.test(prompt)) return { do: 'status', status: 500, message: 'overloaded' };
      if (/greet/.test(prompt))
        return { do: 'activate', skill: 'greeter', answer: 'Hi!', missing: 'no skill for that' };
      return { do: 'answer', answer: '4' };
    });
    dir = mkdtempSync(path.join(os.tmpdir(), 'client-triggers-'));
    const providers = path.join(dir, 'providers.json');
    writeFileSync(
      providers,
      JSON.stringify({
        providers: [
          {
            id: 'fake-claude',
            kind: 'anthropic',
            base_url: fake.url,
            model: 'claude-sonnet-4-5',
            api_key_env: 'TRIGGER_TEST_KEY',
          },
          {
            id: 'fake-openai',
            kind: 'openai-compatible',
            base_url: `${fake.url}/v1`,
            model: 'gpt-5-codex',
            api_key_env: 'TRIGGER_TEST_KEY',
          },
        ],
      }),
    );
    chmodSync(providers, 0o600);
    process.env.SKILL_STUDIO_PROVIDERS = providers;
    process.env.TRIGGER_TEST_KEY = KEY;
    process.env.PATH = [
      agentClientBinDir('claude-code'),
      agentClientBinDir('codex'),
      saved.PATH,
    ].join(path.delimiter);
    ws = tempWorkspace();
    ws.addSkill('greeter', 'name: greeter\ndescription: Greets the user.', '# Greet\n', {
      'evals/evals.json': JSON.stringify({
        skill_name: 'greeter',
        evals: [
          {
            id: 1,
            prompt: 'please greet Ann',
            expected_output: 'Hi!',
            expectations: [{ contains: 'Hi!' }],
          },
        ],
      }),
      'evals/triggers.json': JSON.stringify([
        { query: 'please greet me', should_trigger: true },
        { query: 'what is 2+2', should_trigger: false },
        { query: 'greet me, then draw a chart', should_trigger: true },
        { query: 'a broken provider greets', should_trigger: true },
      ]),
    });
    ws.addSkill('rival', 'name: rival\ndescription: Greets the user loudly.');
    // A skill holding a link to a file outside it: the install copy refuses it.
    const linked = ws.addSkill('linked', 'name: linked\ndescription: Links out.', '# L\n', {
      'evals/triggers.json': JSON.stringify([{ query: 'please greet me', should_trigger: true }]),
    });
    symlinkSync('/etc/hostname', path.join(linked, 'outside.txt'));
    host = await StudioHost.create({
      workspace: ws.root,
      home: null,
      stateDir: null,
      noUser: true,
      frameworkDir: null,
    });
  });
  afterAll(async () => {
    await host.close();
    await fake.close();
    process.env = saved;
    ws.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('scores each query by what the client activated; errors apart; names the winner; records the client', async () => {
    // The chart query: the fake activates dataviz first, so greeter never comes.
    const finished = new Promise<StudioEvent>((resolve) => {
      const off = host.onEvent((e) => {
        if (e.type === 'eval.finished') {
          off();
          resolve(e);
        }
      });
    });
    const started = await host.invoke('evals.startTriggers', {
      skill: 'greeter',
      options: { client: 'claude-code', runs: 1, concurrency: 2 },
    });
    expect(await finished).toMatchObject({ status: 'completed' });
    const detail = await host.invoke('evals.get', { skill: 'greeter', runId: started.runId });
    const t = detail.triggers!;
    expect(t.studio.client).toEqual({
      id: 'claude-code',
      version: agentClientPin('claude-code').version,
    });
    const by = (q: string) => t.results.find((r) => r.query === q)!;
    expect(by('please greet me')).toMatchObject({ triggers: 1, runs: 1, errors: 0, pass: true });
    expect(by('what is 2+2')).toMatchObject({ triggers: 0, runs: 1, errors: 0, pass: true });
    expect(by('greet me, then draw a chart')).toMatchObject({
      triggers: 0,
      runs: 1,
      errors: 0,
      pass: false,
      won_by: { dataviz: 1 },
    });
    expect(by('a broken provider greets')).toMatchObject({ triggers: 0, runs: 0, errors: 1 });
    // Each ask's transcript names the client and what it activated; no key anywhere on disk.
    const files: string[] = [];
    const walk = (d: string) => {
      for (const e of readdirSync(d, { withFileTypes: true }))
        if (e.isDirectory()) walk(path.join(d, e.name));
        else files.push(path.join(d, e.name));
    };
    walk(started.folder);
    const transcripts = files.filter((f) => f.endsWith('transcript.json'));
    expect(transcripts).toHaveLength(4);
    for (const f of files) expect(readFileSync(f, 'utf8')).not.toContain(KEY);
    const first = JSON.parse(readFileSync(transcripts[0], 'utf8')) as { client?: unknown };
    expect(first.client).toMatchObject({ id: 'claude-code' });
  });

  it.skipIf(skipAgentClient('codex'))(
    'in Codex: a read of the SKILL.md is the activation; a plain answer is not',
    async () => {
      const finished = new Promise<StudioEvent>((resolve) => {
        const off = host.onEvent((e) => {
          if (e.type === 'eval.finished') {
            off();
            resolve(e);
          }
        });
      });
      const started = await host.invoke('evals.startTriggers', {
        skill: 'greeter',
        options: { client: 'codex', runs: 1, queries: [0, 1] },
      });
      expect(await finished).toMatchObject({ status: 'completed' });
      const t = (await host.invoke('evals.get', { skill: 'greeter', runId: started.runId }))
        .triggers!;
      expect(t.studio.client).toMatchObject({
        id: 'codex',
        version: agentClientPin('codex').version,
      });
      expect(t.studio.provider).toBe('fake-openai');
      expect(t.results.map((r) => [r.query, r.triggers, r.runs, r.errors])).toEqual([
        ['please greet me', 1, 1, 0],
        ['what is 2+2', 0, 1, 0],
      ]);
    },
  );

  it('a benchmark in Claude Code: with the skill installed against without, graded, the client recorded', async () => {
    const finished = new Promise<StudioEvent>((resolve) => {
      const off = host.onEvent((e) => {
        if (e.type === 'eval.finished') {
          off();
          resolve(e);
        }
      });
    });
    const started = await host.invoke('evals.start', {
      skill: 'greeter',
      options: { client: 'claude-code', runs: 1 },
    });
    expect(await finished).toMatchObject({ status: 'completed' });
    const b = (await host.invoke('evals.get', { skill: 'greeter', runId: started.runId }))
      .benchmark!;
    expect(b.studio.client).toMatchObject({ id: 'claude-code' });
    expect(b.run_summary.with_skill?.pass_rate.mean).toBe(1);
    expect(b.run_summary.without_skill?.pass_rate.mean).toBe(0);
  });

  it('with the workspace installed beside it (catalog workspace), a workspace skill can win', async () => {
    const finished = new Promise<StudioEvent>((resolve) => {
      const off = host.onEvent((e) => {
        if (e.type === 'eval.finished') {
          off();
          resolve(e);
        }
      });
    });
    ws.write(
      'skills/greeter/evals/triggers.json',
      JSON.stringify([{ query: 'a rival greets', should_trigger: true }]),
    );
    await host.invoke('workspace.open', { root: ws.root });
    const started = await host.invoke('evals.startTriggers', {
      skill: 'greeter',
      options: { client: 'claude-code', runs: 1, catalog: 'workspace' },
    });
    expect(await finished).toMatchObject({ status: 'completed' });
    const t = (await host.invoke('evals.get', { skill: 'greeter', runId: started.runId }))
      .triggers!;
    expect(t.results[0]).toMatchObject({ triggers: 0, runs: 1, won_by: { rival: 1 } });
  });

  it("an ask that cannot even start is that query's error, and the run still ends with its results", async () => {
    const finished = new Promise<StudioEvent>((resolve) => {
      const off = host.onEvent((e) => {
        if (e.type === 'eval.finished') {
          off();
          resolve(e);
        }
      });
    });
    const started = await host.invoke('evals.startTriggers', {
      skill: 'linked',
      options: { client: 'claude-code', runs: 1 },
    });
    await finished;
    const t = (await host.invoke('evals.get', { skill: 'linked', runId: started.runId })).triggers!;
    expect(t.results[0]).toMatchObject({ triggers: 0, runs: 0, errors: 1 });
    expect(t.studio.status).toBe('failed');
  });

  it('a provider the client cannot speak is refused before the run starts, naming the kinds', async () => {
    await expect(
      host.invoke('evals.startTriggers', {
        skill: 'greeter',
        options: { client: 'codex', provider: 'fake-claude', runs: 1 },
      }),
    ).rejects.toThrow(
      'Codex cannot talk to the provider "fake-claude" (kind anthropic): it speaks openai-compatible',
    );
  });
});
