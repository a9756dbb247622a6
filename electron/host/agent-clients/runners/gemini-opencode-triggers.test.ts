/**
 * `eval NAME --triggers --client ID` through the Studio API in the real Gemini CLI and
 * OpenCode (pinned), against the fake model server behind each run's relay: a query that
 * should trigger and did (the client's own tool: `activate_skill`, `skill`), one that should
 * not and did not, and one a built-in skill of the client won (Gemini CLI's skill-creator,
 * OpenCode's customize-opencode), named as the winner. The result records the client.
 */
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioEvent } from '../../../../shared/api/studio-api';
import { tempWorkspace, type TempWorkspace } from '../../../test-support/temp-workspace';
import {
  agentClientBinDir,
  agentClientPin,
  skipAgentClient,
} from '../../../test-support/agent-clients';
import { StudioHost } from '../../studio-host';
import { startFakeModelServer, type FakeModelServer } from '../test-support/fake-model-server';
import type { AgentClientId } from '../core/types';

const KEY = 'AIzaSyTRIGGER-EVAL-SECRET-0123456789abcdef';

/** The built-in skill of each client that wins the "make me a skill" query. */
const BUILTIN: Partial<Record<AgentClientId, string>> = {
  'gemini-cli': 'skill-creator',
  opencode: 'customize-opencode',
};

let ws: TempWorkspace;
let fake: FakeModelServer;
let host: StudioHost;
let dir: string;
const saved = { ...process.env };
let builtin = '';

beforeAll(async () => {
  fake = await startFakeModelServer((prompt) => {
    if (/configure/.test(prompt)) return { do: 'activate', skill: builtin, answer: 'Done.' };
    if (/greet/.test(prompt)) return { do: 'activate', skill: 'greeter', answer: 'Hi!' };
    return { do: 'answer', answer: '4' };
  });
  dir = mkdtempSync(path.join(os.tmpdir(), 'client-triggers-'));
  const providers = path.join(dir, 'providers.json');
  writeFileSync(
    providers,
    JSON.stringify({
      providers: [
        {
          id: 'fake-gemini',
          kind: 'gemini',
          base_url: fake.url,
          model: 'gemini-2.5-flash',
          api_key_env: 'TRIGGER_TEST_KEY',
        },
        {
          id: 'fake-chat',
          kind: 'openai-compatible',
          base_url: `${fake.url}/v1`,
          model: 'fake-model',
          api_key_env: 'TRIGGER_TEST_KEY',
        },
      ],
    }),
  );
  chmodSync(providers, 0o600);
  process.env.SKILL_STUDIO_PROVIDERS = providers;
  process.env.TRIGGER_TEST_KEY = KEY;
  process.env.PATH = [
    agentClientBinDir('gemini-cli'),
    agentClientBinDir('opencode'),
    agentClientBinDir('codex'), // its platform package brings OpenCode an rg
    saved.PATH,
  ].join(path.delimiter);
  ws = tempWorkspace();
  ws.addSkill('greeter', 'name: greeter\ndescription: Greets the user.', '# Greet\n', {
    'evals/triggers.json': JSON.stringify([
      { query: 'please greet me', should_trigger: true },
      { query: 'what is 2+2', should_trigger: false },
      { query: 'greet me once you configure the tool', should_trigger: true },
    ]),
  });
  host = await StudioHost.create({
    workspace: ws.root,
    home: null,
    stateDir: null,
    noUser: true,
    frameworkDir: null,
  });
});
afterAll(async () => {
  await host?.close();
  await fake?.close();
  process.env = saved;
  ws?.cleanup();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function finished(): Promise<StudioEvent> {
  return new Promise((resolve) => {
    const off = host.onEvent((e) => {
      if (e.type === 'eval.finished') {
        off();
        resolve(e);
      }
    });
  });
}

function filesUnder(d: string): string[] {
  return readdirSync(d, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(d, e.name)) : [path.join(d, e.name)],
  );
}

describe.each<AgentClientId>(['gemini-cli', 'opencode'])('trigger evals in %s', (id) => {
  it.skipIf(skipAgentClient(id))(
    'scores each query by what the client activated, names a built-in that won, records the client',
    async () => {
      builtin = BUILTIN[id] ?? '';
      // The "configure" query: the fake activates the client's built-in first; greeter never comes.
      const done = finished();
      const started = await host.invoke('evals.startTriggers', {
        skill: 'greeter',
        options: { client: id, runs: 1, concurrency: 2 },
      });
      expect(await done).toMatchObject({ status: 'completed' });
      const t = (await host.invoke('evals.get', { skill: 'greeter', runId: started.runId }))
        .triggers!;
      expect(t.studio.client).toEqual({ id, version: agentClientPin(id).version });
      const by = (q: string) => t.results.find((r) => r.query === q)!;
      expect(by('please greet me')).toMatchObject({ triggers: 1, runs: 1, errors: 0, pass: true });
      expect(by('what is 2+2')).toMatchObject({ triggers: 0, runs: 1, errors: 0, pass: true });
      expect(by('greet me once you configure the tool')).toMatchObject({
        triggers: 0,
        runs: 1,
        errors: 0,
        pass: false,
        won_by: { [builtin]: 1 },
      });
      for (const f of filesUnder(started.folder))
        expect(readFileSync(f, 'utf8')).not.toContain(KEY);
    },
    240_000,
  );
});
