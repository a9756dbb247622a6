/**
 * A provider that echoes the key it was sent, as an attacker's server (or a proxy that
 * reflects headers) would: in its answer whole, split over network reads, and inside a
 * tool call's arguments. The key is the user's own (their private providers file), so it
 * really is sent; the guarantee is that it comes back out nowhere: not in `call`'s
 * stdout (human or --json), not in the A2E events or the result, not in the history or a
 * saved case, and not in an eval's folder.
 */
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StudioHost } from '../studio-host';
import { tempWorkspace, type TempWorkspace } from '../../test-support/temp-workspace';
import { runCliIn } from '../../test-support/run-cli';
import { makeCallRequest } from '../../../shared/protocol/messages';
import { caseFromCall } from '../../../shared/playground/cases';
import { summarizeEvents } from '../../../shared/playground/history';
import type { RouterResult } from '../router';
import { startWireServer, type RecordedRequest, type WireServer } from './test-support/wire-server';
import { openAiTurn, toolCallDeltas } from './test-support/provider-wire';
import { USER_PROVIDERS_ENV } from './user-providers';

const KEY = 'sk-proj-ECHOED-0a1b2c3d4e5f60718293';

function ok(r: RouterResult): unknown {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.result;
}

function allFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...allFiles(p));
    else if (e.isFile()) out.push(p);
  }
  return out;
}

/** Every reply echoes the key: a tool call carrying it first, then text, split over reads. */
function echo(req: RecordedRequest) {
  const messages = (req.json as { messages?: { role: string }[] } | null)?.messages ?? [];
  const cut = 9;
  if (!messages.some((m) => m.role === 'tool'))
    return {
      kind: 'sse' as const,
      gapMs: 15,
      chunks: openAiTurn({
        deltas: [
          { content: `Calling with ${KEY.slice(0, cut)}` },
          { content: `${KEY.slice(cut)} now. ` },
          ...toolCallDeltas(0, 'c1', 'calculator', [
            `{"expression":"1+1","note":"${KEY.slice(0, cut)}`,
            `${KEY.slice(cut)}"}`,
          ]),
        ],
        finishReason: 'tool_calls',
      }),
    };
  return {
    kind: 'sse' as const,
    gapMs: 15,
    chunks: openAiTurn({
      deltas: [
        { content: `The key you sent is ${KEY}. Again: ${KEY.slice(0, 3)}` },
        { content: KEY.slice(3, 20) },
        { content: `${KEY.slice(20)} [1] done` },
      ],
    }),
  };
}

let ws: TempWorkspace;
let settings: string;
let server: WireServer;
let saved: string | undefined;

beforeEach(async () => {
  server = await startWireServer(echo);
  ws = tempWorkspace('skill-studio-key-echo-');
  settings = mkdtempSync(path.join(os.tmpdir(), 'skill-studio-settings-'));
  const file = path.join(settings, 'providers.json');
  writeFileSync(
    file,
    JSON.stringify({
      providers: [
        {
          id: 'mine',
          kind: 'openai-compatible',
          base_url: `${server.url}/v1`,
          model: 'm',
          api_key: KEY,
          default: true,
        },
      ],
    }),
  );
  chmodSync(file, 0o600);
  saved = process.env[USER_PROVIDERS_ENV];
  process.env[USER_PROVIDERS_ENV] = file;
  ws.addSkill(
    'chat',
    'name: chat\ndescription: Answers with a citation.\nallowed-tools: calculator',
    'Answer and cite as [1].\n',
    {
      'evals/evals.json': JSON.stringify({
        skill_name: 'chat',
        evals: [{ id: 1, prompt: 'Tell me about tides', expectations: [{ contains: '[1]' }] }],
      }),
    },
  );
});

afterEach(async () => {
  if (saved === undefined) delete process.env[USER_PROVIDERS_ENV];
  else process.env[USER_PROVIDERS_ENV] = saved;
  ws.cleanup();
  rmSync(settings, { recursive: true, force: true });
  await server.close();
});

/** The key, or a long enough piece of it to matter. */
function expectNoKey(text: string): void {
  expect(text).not.toContain(KEY);
  expect(text).not.toContain(KEY.slice(0, 20));
  expect(text).not.toContain(KEY.slice(9));
}

describe('a provider that echoes the key back', () => {
  it('call: nothing of the key on stdout, human or --json', async () => {
    const human = await runCliIn(ws.root, ['call', 'chat', '--args', '{"question":"q"}']);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toContain('[redacted]');
    const json = await runCliIn(ws.root, ['call', 'chat', '--args', '{"question":"q"}', '--json']);
    expect(json.code).toBe(0);
    // The key was really sent, and really echoed.
    expect(server.requests[0].headers.authorization).toBe(`Bearer ${KEY}`);
    for (const out of [human.stdout, human.stderr, json.stdout, json.stderr]) expectNoKey(out);
  });

  it('the studio: events, result, history and saved case hold none of it', async () => {
    const host = await StudioHost.create({
      workspace: ws.root,
      home: null,
      stateDir: null,
      noUser: true,
      frameworkDir: null,
    });
    try {
      const events: unknown[] = [];
      const resp = await host.callSkill(
        makeCallRequest({ name: 'chat', arguments: { question: 'q' }, streaming: true }),
        null,
        (e) => void events.push(e),
      );
      expect(resp.data?.success).toBe(true);
      expect(resp.data?.summary).toMatch(/The key you sent is \[redacted\]\. Again: \[redacted\]/);
      const entry = {
        skill: 'chat',
        agent: null,
        started_at: Date.now() - 5,
        finished_at: Date.now(),
        arguments: { question: 'q' },
        timeout: 60,
        streaming: true,
        outcome: 'success',
        result: resp.data ? { ...resp.data, events: undefined } : null,
        error: resp.error,
        summary: summarizeEvents(resp.data?.events ?? []),
        events: resp.data?.events ?? [],
        events_truncated: false,
      };
      ok(await host.call('history.add', { entry }));
      ok(
        await host.call('cases.save', {
          skill: 'chat',
          case: caseFromCall('echo', { question: 'q' }, 60, resp.data ?? null),
        }),
      );
      const files = allFiles(ws.root);
      expect(files.some((f) => f.includes(`${path.sep}history${path.sep}`))).toBe(true);
      expect(files.some((f) => f.endsWith(path.join('tests', 'cases', 'echo.json')))).toBe(true);
      expectNoKey(JSON.stringify([resp, events]));
      for (const f of files) expectNoKey(readFileSync(f, 'utf8'));
    } finally {
      await host.close();
    }
  });

  it('eval: the eval folder holds none of it', async () => {
    const r = await runCliIn(ws.root, ['eval', 'chat', '--runs', '1']);
    expect(r.code, r.stderr).toBe(0);
    const files = allFiles(ws.root).filter((f) =>
      f.includes(`${path.sep}.skill-studio${path.sep}`),
    );
    expect(files.length).toBeGreaterThan(2);
    expect(server.requests.length).toBeGreaterThan(1);
    for (const f of files) expectNoKey(readFileSync(f, 'utf8'));
    expectNoKey(r.stdout + r.stderr);
  });
});
