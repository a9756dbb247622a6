/**
 * Model runs through a whole StudioHost over a temp workspace, against a local server
 * that speaks the OpenAI-compatible wire format:
 *  - a saved case of a model run keeps its provider and model and reruns on them
 *    (another model than the default), and a case carrying credentials is refused;
 *  - no key in anything the studio writes or says: a key stored in the desktop app's
 *    encrypted store is sent to the provider, and then a grep of every file of the
 *    workspace and of the state folder, every log line, every Studio API answer, the
 *    history entry, the case and the events finds neither the key nor an
 *    Authorization header, even when the provider echoes the key in its errors.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StudioHost } from '../studio-host';
import { configureLog } from '../log';
import { tempWorkspace, type TempWorkspace } from '../../test-support/temp-workspace';
import { makeCallRequest } from '../../../shared/protocol/messages';
import { caseFromCall } from '../../../shared/playground/cases';
import { summarizeEvents } from '../../../shared/playground/history';
import type { RouterResult } from '../router';
import { EncryptedKeyFile, type KeyCipher } from './key-store';
import { startWireServer, type WireServer } from './test-support/wire-server';
import { openAiTurn, textDeltas } from './test-support/provider-wire';

const KEY = 'sk-proj-LEAKCHECK-9f8e7d6c5b4a3210ffee';

const xorCipher: KeyCipher = {
  unavailable: () => null,
  where: () => 'the test keyring',
  encrypt: (p) => Buffer.from([...Buffer.from(p)].map((b) => b ^ 0x33)),
  decrypt: (e) => Buffer.from([...e].map((b) => b ^ 0x33)).toString(),
};

function ok(r: RouterResult): unknown {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.result;
}

async function allFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await allFiles(p)));
    else if (e.isFile()) out.push(p);
  }
  return out;
}

let ws: TempWorkspace;
let state: string;
let server: WireServer;
let host: StudioHost;
let logLines: string[];

beforeEach(async () => {
  ws = tempWorkspace('skill-studio-model-runs-');
  state = await mkdtemp(path.join(os.tmpdir(), 'skill-studio-state-'));
  // The user's own settings (where storing a key approves it for this workspace).
  process.env.SKILL_STUDIO_PROVIDERS = path.join(state, 'settings', 'providers.json');
  logLines = [];
  configureLog({ level: 'debug', sink: (line) => void logLines.push(line) });
});
afterEach(async () => {
  configureLog({ sink: null });
  delete process.env.SKILL_STUDIO_PROVIDERS;
  await server?.close();
  await rm(ws.root, { recursive: true, force: true });
  await rm(state, { recursive: true, force: true });
});

async function start(script: Parameters<typeof startWireServer>[0]): Promise<void> {
  server = await startWireServer(script);
  ws.write(
    'skill-studio.json',
    JSON.stringify({
      providers: [
        {
          id: 'srv',
          kind: 'openai-compatible',
          base_url: `${server.url}/v1`,
          model: 'm1',
          models: ['m1', 'm2'],
          // A variable nobody sets: the key can only come from the app's store.
          api_key_env: 'SKILL_STUDIO_TEST_UNSET_KEY',
        },
      ],
    }),
  );
  ws.addSkill('chat', 'name: chat\ndescription: Answers in one word.', 'Answer in one word.\n');
  host = await StudioHost.create({
    workspace: ws.root,
    home: null,
    stateDir: state,
    noUser: true,
    frameworkDir: null,
    keyStore: new EncryptedKeyFile(state, xorCipher),
  });
}

const answer = (word: string) => ({
  kind: 'sse' as const,
  chunks: openAiTurn({ model: 'served', deltas: textDeltas(word) }),
});

describe('model runs in the studio', () => {
  it('a saved case of a model run keeps its provider and model, and reruns on them', async () => {
    await start(() => answer('Paris'));
    ok(await host.call('providers.storeKey', { id: 'srv', key: KEY }));
    const override = {
      provider_name: 'srv',
      provider_credentials: {},
      provider_config: { model: 'm2' },
    };
    const resp = await host.callSkill(
      makeCallRequest({
        name: 'chat',
        arguments: { question: 'capital?' },
        llm_override: override,
      }),
      null,
    );
    expect(resp.data?.success).toBe(true);
    const c = caseFromCall('capital', { question: 'capital?' }, 60, resp.data!, override);
    expect(c.llm_override).toEqual({ provider_name: 'srv', provider_config: { model: 'm2' } });
    // A model's words vary: the case expects success, not the exact text.
    expect(c.expect).toEqual({ success: true });
    ok(await host.call('cases.save', { skill: 'chat', case: c }));
    const file = JSON.parse(
      await readFile(path.join(ws.root, 'skills/chat/tests/cases/capital.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect(file.llm_override).toEqual({ provider_name: 'srv', provider_config: { model: 'm2' } });

    server.requests.length = 0;
    const report = ok(await host.call('cases.run', { skill: 'chat' })) as {
      passed: number;
      failed: number;
    };
    expect(report).toMatchObject({ passed: 1, failed: 0 });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0].json).toMatchObject({ model: 'm2' });
  });

  it('a case that carries credentials is refused, and names none', async () => {
    await start(() => answer('x'));
    const res = await host.call('cases.save', {
      skill: 'chat',
      case: {
        name: 'leaky',
        arguments: {},
        llm_override: { provider_name: 'srv', provider_credentials: { api_key: KEY } },
        expect: { success: true },
      },
    });
    expect(res.ok).toBe(false);
    expect(JSON.stringify(res)).not.toContain(KEY);
  });

  it('no key anywhere: files, logs, answers, history, cases, events, errors', async () => {
    let n = 0;
    await start(() =>
      n++ === 0
        ? answer('Paris')
        : {
            kind: 'json',
            status: 401,
            body: {
              error: {
                message: `Incorrect API key provided: ${KEY}; header Authorization: Bearer ${KEY}`,
              },
            },
          },
    );
    const said: unknown[] = [];
    said.push(ok(await host.call('providers.storeKey', { id: 'srv', key: KEY })));
    said.push(ok(await host.call('providers.list', {})));

    for (const _ of [0, 1]) {
      const events: unknown[] = [];
      const resp = await host.callSkill(
        makeCallRequest({ name: 'chat', arguments: { question: 'q' }, streaming: true }),
        null,
        (e) => void events.push(e),
      );
      said.push(resp, events);
      const entry = {
        skill: 'chat',
        agent: null,
        started_at: Date.now() - 5,
        finished_at: Date.now(),
        arguments: { question: 'q' },
        timeout: 60,
        streaming: true,
        outcome: resp.data?.success ? 'success' : 'failed',
        result: resp.data ? { ...resp.data, events: undefined } : null,
        error: resp.error,
        summary: summarizeEvents(resp.data?.events ?? []),
        events: resp.data?.events ?? [],
        events_truncated: false,
      };
      said.push(ok(await host.call('history.add', { entry })));
      said.push(
        ok(
          await host.call('cases.save', {
            skill: 'chat',
            case: caseFromCall(`run-${n}`, { question: 'q' }, 60, resp.data ?? null),
          }),
        ),
      );
    }
    said.push(ok(await host.call('cases.run', { skill: 'chat' })));
    said.push(await host.call('providers.check', { id: 'srv' }));

    // The stored key was really used: the provider got it as a bearer token.
    expect(server.requests[0].headers.authorization).toBe(`Bearer ${KEY}`);
    // The failed run said what to fix.
    expect(JSON.stringify(said)).toMatch(/refused the API key/);

    const written: string[] = [];
    for (const f of [...(await allFiles(ws.root)), ...(await allFiles(state))])
      written.push(`${f}\n${await readFile(f, 'utf8')}`);
    expect(written.some((w) => w.includes('.skill-studio/history'))).toBe(true);
    const everything = [JSON.stringify(said), ...written, ...logLines].join('\n');
    expect(everything).not.toContain(KEY);
    expect(everything).not.toContain(KEY.slice(0, 16));
    // The provider's own words may name the header; its value never shows.
    expect(everything).not.toMatch(/authorization["']?\s*[:=]\s*["']?(?!\[redacted\])\w/i);
    expect(everything).not.toMatch(/bearer\s+(?!\[redacted\])\w/i);
    // Redacting twice (client, then run) keeps the advice that follows the header.
    expect(JSON.stringify(said)).toMatch(/authorization: \[redacted\]\); check the key/i);
  });
});
