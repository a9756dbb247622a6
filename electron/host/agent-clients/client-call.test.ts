/**
 * A call that runs inside an agent client: the studio's A2E path with `metadata.run_in`
 * (what the playground sends) and `skill-studio call --client --json --record DIR`, both
 * against the real Claude Code and a fake model server. The provider's key comes from the
 * user's providers file and must never show in events, results or recordings.
 */
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCallRequest } from '../../../shared/protocol/messages';
import { summarizeEvents } from '../../../shared/playground/history';
import type { SkillEvent } from '../../../shared/protocol/a2e';
import { tempWorkspace, type TempWorkspace } from '../../test-support/temp-workspace';
import { runCliIn } from '../../test-support/run-cli';
import { agentClientBinDir, skipAgentClient } from '../../test-support/agent-clients';
import { StudioHost } from '../studio-host';
import { startFakeModelServer, type FakeModelServer } from './test-support/fake-model-server';

const KEY = 'sk-ant-api03-USER-FILE-SECRET-0123456789abcdef';

describe.skipIf(skipAgentClient('claude-code'))('a call run in Claude Code', () => {
  let ws: TempWorkspace;
  let fake: FakeModelServer;
  let host: StudioHost;
  let dir: string;
  const saved = { ...process.env };

  beforeAll(async () => {
    fake = await startFakeModelServer(() => ({
      do: 'activate',
      skill: 'hello-skill',
      answer: 'Hello, Ann!',
    }));
    dir = mkdtempSync(path.join(os.tmpdir(), 'client-call-'));
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
            api_key_env: 'CLIENT_CALL_TEST_KEY',
          },
        ],
      }),
    );
    chmodSync(providers, 0o600);
    process.env.SKILL_STUDIO_PROVIDERS = providers;
    process.env.CLIENT_CALL_TEST_KEY = KEY;
    process.env.PATH = [agentClientBinDir('claude-code'), saved.PATH].join(path.delimiter);
    ws = tempWorkspace();
    ws.addSkill('hello-skill', 'name: hello-skill\ndescription: Greets the user by name.');
    ws.write(
      'skill-studio.json',
      JSON.stringify({ agents: [{ id: 'bot', name: 'Bot', allowed_skills: ['hello-skill'] }] }),
    );
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

  it('the studio connection runs the skill in the client: events, activation, metadata, no key', async () => {
    const events: SkillEvent[] = [];
    const resp = await host.callSkill(
      makeCallRequest({
        name: 'hello-skill',
        arguments: { who: 'Ann' },
        metadata: { run_in: { client: 'claude-code' } },
      }),
      null,
      (e) => events.push(e),
    );
    expect(resp.error).toBeNull();
    const data = resp.data!;
    expect(data.success).toBe(true);
    expect(data.summary).toBe('Hello, Ann!');
    expect(data.metadata).toMatchObject({
      client: { id: 'claude-code', version: expect.stringMatching(/^\d+\.\d+\.\d+/) },
      activated_skills: ['hello-skill'],
      provider: 'fake-claude',
      model: 'claude-sonnet-4-5',
    });
    const requests = data.metadata?.model_requests as Array<{ request: { body: unknown } }>;
    expect(JSON.stringify(requests[0].request.body)).toContain(
      'hello-skill: Greets the user by name.',
    );
    const kinds = events.map((e) => `${e.kind}:${String(e.data.message ?? e.data.name ?? '')}`);
    expect(kinds).toContain('status:Claude Code activated the skill "hello-skill"');
    expect(events.some((e) => e.kind === 'artifact' && e.data.chunk === 'Hello, Ann!')).toBe(true);
    // The prompt carried the call's arguments.
    expect(fake.prompts.at(-1)).toContain('"who": "Ann"');
    // The key reached the upstream and nothing else.
    expect(String(fake.requests.at(-1)?.headers['x-api-key'])).toBe(KEY);
    expect(JSON.stringify(resp)).not.toContain(KEY);
    expect(JSON.stringify(events)).not.toContain(KEY);
    // Kept in the call history as the playground keeps it: no key on disk either.
    const { events: _all, ...result } = data;
    const kept = await host.invoke('history.add', {
      entry: {
        skill: 'hello-skill',
        agent: null,
        started_at: Date.now() - data.duration_ms,
        finished_at: Date.now(),
        arguments: { who: 'Ann' },
        timeout: 60,
        streaming: true,
        agent_client: { id: 'claude-code', version: null },
        outcome: 'success',
        result,
        error: null,
        summary: summarizeEvents(events),
        events,
        events_truncated: false,
      },
    });
    expect(kept.agent_client).toBe('claude-code');
    const onDisk: string[] = [];
    const walk = (d: string) => {
      for (const e of readdirSync(d, { withFileTypes: true }))
        if (e.isDirectory()) walk(path.join(d, e.name));
        else onDisk.push(readFileSync(path.join(d, e.name), 'utf8'));
    };
    walk(ws.root);
    expect(onDisk.join('\n')).toContain('Hello, Ann!');
    expect(onDisk.join('\n')).not.toContain(KEY);
  });

  it('an agent connection cannot choose to run in a client; a malformed run_in is refused', async () => {
    const bad = await host.callSkill(
      makeCallRequest({ name: 'hello-skill', metadata: { run_in: { client: 'notepad' } } }),
      null,
    );
    expect(bad.error).toMatchObject({ code: 'invalid_message' });
    expect(bad.error?.message).toContain(
      'metadata.run_in.client must be one of claude-code, codex',
    );
    const before = fake.requests.length;
    const agentCall = await host.callSkill(
      makeCallRequest({
        name: 'hello-skill',
        metadata: { run_in: { client: 'claude-code' } },
        timeout: 20,
      }),
      'bot',
    );
    // It ran as the skill's own kind (the studio's model loop), never in Claude Code.
    expect(agentCall.data?.metadata?.client).toBeUndefined();
    const sent = fake.requests.slice(before).map((r) => String(r.headers['user-agent']));
    expect(sent.some((ua) => ua.includes('claude-cli'))).toBe(false);
  });

  it('call --client --json --record DIR: the A2E messages, then one redacted file per model request', async () => {
    const rec = path.join(dir, 'rec');
    const r = await runCliIn(ws.root, [
      'call',
      'hello-skill',
      '--client',
      'claude-code',
      '--args',
      '{"who":"Ann"}',
      '--json',
      '--record',
      rec,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({
      type: 'skill/call/req',
      metadata: { run_in: { client: 'claude-code' } },
    });
    const resp = lines.at(-1) as { type: string; data: { metadata: Record<string, unknown> } };
    expect(resp.type).toBe('skill/call/resp');
    expect(resp.data.metadata).toMatchObject({
      client: { id: 'claude-code' },
      activated_skills: ['hello-skill'],
    });
    const files = readdirSync(rec).sort();
    expect(files).toEqual(['000-POST-v1-messages.json', '001-POST-v1-messages.json']);
    const first = JSON.parse(readFileSync(path.join(rec, files[0]), 'utf8')) as {
      path: string;
      request: { headers: Record<string, string> };
    };
    expect(first.path).toBe('/v1/messages?beta=true');
    expect(first.request.headers['x-api-key']).toBe('[redacted]');
    for (const f of files) expect(readFileSync(path.join(rec, f), 'utf8')).not.toContain(KEY);
    expect(r.stdout).not.toContain(KEY);
    const usage = await runCliIn(ws.root, ['call', 'hello-skill', '--client', 'vim']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain(
      '--client must be one of claude-code, codex, gemini-cli, opencode',
    );
  });
});
