/**
 * A call with the client's own login and the user's installed skills, against the real
 * Claude Code and Codex, with their "default API" pointed at the fake model server and a
 * fake credential file in a throwaway HOME. The user's files must be byte-identical
 * afterwards, the credential must reach the model API (passed through) and never show in
 * recordings, events or the call history; the installed skills compete in the listing.
 */
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCallRequest } from '../../../shared/protocol/messages';
import type { SkillEvent } from '../../../shared/protocol/a2e';
import { summarizeEvents } from '../../../shared/playground/history';
import type { AgentClientId } from '../../../shared/api/agent-clients';
import { tempWorkspace, type TempWorkspace } from '../../test-support/temp-workspace';
import { agentClientBinDir, skipAgentClient } from '../../test-support/agent-clients';
import { StudioHost } from '../studio-host';
import { startFakeModelServer, type FakeModelServer } from './test-support/fake-model-server';

/** Every file under `dir` with its bytes' hash and mode: what "unchanged" means. */
function treeHash(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile())
        out[path.relative(dir, p)] =
          `${statSync(p).mode}:${createHash('sha256').update(readFileSync(p)).digest('hex')}`;
      else out[path.relative(dir, p)] = 'other';
    }
  };
  walk(dir);
  return out;
}

function writeSkill(dir: string, name: string, description: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'SKILL.md'),
    `---\nname: ${name}\ndescription: ${description}\n---\n\nDo it.\n`,
  );
}

interface Case {
  id: AgentClientId;
  /** The credential file under HOME and its content (a key in the environment: `env`). */
  file: string;
  content: string;
  env?: string;
  secret: string;
  /** The skills folder under HOME holding the user's installed skill. */
  installed: string;
  /** How the credential reached the model API. */
  auth: (headers: Record<string, unknown>) => unknown;
}

const CASES: Case[] = [
  {
    id: 'claude-code',
    file: '.claude/.credentials.json',
    secret: 'sk-ant-oat01-OWN-LOGIN-SECRET-0123456789abcdef',
    content: '',
    installed: '.claude/skills',
    auth: (h) => h.authorization,
  },
  {
    id: 'codex',
    file: '.codex/auth.json',
    secret: 'sk-proj-OWN-LOGIN-SECRET-0123456789abcdef',
    content: '',
    installed: '.agents/skills',
    auth: (h) => h.authorization,
  },
  {
    id: 'gemini-cli',
    file: '.gemini/oauth_creds.json',
    env: 'GEMINI_API_KEY',
    secret: 'AIzaSy-OWN-LOGIN-SECRET-0123456789abcdef',
    content: '',
    installed: '.gemini/skills',
    auth: (h) => h['x-goog-api-key'],
  },
  {
    id: 'opencode',
    file: '.local/share/opencode/auth.json',
    secret: 'sk-ant-api03-OPENCODE-OWN-LOGIN-0123456789abcdef',
    content: '',
    installed: '.config/opencode/skills',
    auth: (h) => h['x-api-key'],
  },
];
CASES[3].content = JSON.stringify({ anthropic: { type: 'api', key: CASES[3].secret } });
CASES[0].content = JSON.stringify({
  claudeAiOauth: {
    accessToken: CASES[0].secret,
    refreshToken: 'sk-ant-ort01-REFRESH-0123456789abcdef',
    expiresAt: Date.now() + 365 * 24 * 3600 * 1000,
    scopes: ['user:inference', 'user:profile'],
    subscriptionType: 'pro',
  },
});
CASES[1].content = JSON.stringify({ OPENAI_API_KEY: CASES[1].secret });

describe.each(CASES)("a call in $id with the client's own login", (c) => {
  let ws: TempWorkspace;
  let fake: FakeModelServer;
  let host: StudioHost;
  let dir: string;
  let home: string;
  let before: Record<string, string>;
  const saved = { ...process.env };
  const skip = skipAgentClient(c.id);

  beforeAll(async () => {
    if (skip) return;
    fake = await startFakeModelServer(() => ({
      do: 'activate',
      skill: 'hello-skill',
      answer: 'Hello from my own login!',
    }));
    dir = mkdtempSync(path.join(os.tmpdir(), 'own-login-'));
    home = path.join(dir, 'home');
    mkdirSync(path.dirname(path.join(home, c.file)), { recursive: true });
    if (!c.env) writeFileSync(path.join(home, c.file), c.content, { mode: 0o600 });
    writeSkill(
      path.join(home, c.installed, 'user-greeter'),
      'user-greeter',
      'Greets people warmly, installed by the user.',
    );
    before = treeHash(home);
    // No provider at all: the run must not need one.
    process.env.SKILL_STUDIO_PROVIDERS = path.join(dir, 'no-providers.json');
    for (const k of [
      'ANTHROPIC_API_KEY',
      'OPENAI_API_KEY',
      'CODEX_API_KEY',
      'GEMINI_API_KEY',
      'GOOGLE_API_KEY',
    ])
      delete process.env[k];
    if (c.env) process.env[c.env] = c.secret;
    // As CI: the clients' .bin folders on PATH (Codex's platform package brings OpenCode an rg).
    process.env.PATH = [agentClientBinDir(c.id), agentClientBinDir('codex'), saved.PATH].join(
      path.delimiter,
    );
    ws = tempWorkspace();
    ws.addSkill('hello-skill', 'name: hello-skill\ndescription: Greets the user by name.');
    host = await StudioHost.create({
      workspace: ws.root,
      home,
      stateDir: null,
      frameworkDir: null,
      agentClientApis: {
        anthropic: fake.url,
        'openai-compatible': `${fake.url}/v1`,
        gemini: fake.url,
      },
    });
  });
  afterAll(async () => {
    if (skip) return;
    await host.close();
    await fake.close();
    process.env = saved;
    ws.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(skip)(
    'passes the login through read-only, lists the installed skills, and shows the secret nowhere',
    async () => {
      const events: SkillEvent[] = [];
      const resp = await host.callSkill(
        makeCallRequest({
          name: 'hello-skill',
          timeout: 90,
          metadata: { run_in: { client: c.id, own_login: true, catalog: 'installed' } },
        }),
        null,
        (e) => events.push(e),
      );
      expect(resp.error).toBeNull();
      const data = resp.data!;
      expect(data.error ?? null).toBeNull();
      expect(data.success).toBe(true);
      expect(data.metadata).toMatchObject({ activated_skills: ['hello-skill'], provider: null });
      // The credential went to the "default API" as the client itself sent it.
      const modelCalls = fake.requests.filter((r) => r.method === 'POST');
      expect(modelCalls.length).toBeGreaterThan(0);
      expect(String(c.auth(modelCalls.at(-1)!.headers))).toContain(c.secret);
      // The user's installed skill competed: it is in the listing the client sent.
      const requests = data.metadata?.model_requests as Array<{ request: { body: unknown } }>;
      expect(JSON.stringify(requests.map((r) => r.request.body))).toContain('user-greeter');
      // The secret is nowhere shown or kept.
      expect(JSON.stringify(resp)).not.toContain(c.secret);
      expect(JSON.stringify(events)).not.toContain(c.secret);
      expect(JSON.stringify(events)).toContain('own login');
      const { events: _all, ...result } = data;
      await host.invoke('history.add', {
        entry: {
          skill: 'hello-skill',
          agent: null,
          started_at: Date.now() - data.duration_ms,
          finished_at: Date.now(),
          arguments: {},
          timeout: 90,
          streaming: true,
          agent_client: { id: c.id, version: null },
          outcome: 'success',
          result,
          error: null,
          summary: summarizeEvents(events),
          events,
          events_truncated: false,
        },
      });
      const onDisk = Object.keys(treeHash(ws.root))
        .map((p) => readFileSync(path.join(ws.root, p), 'utf8'))
        .join('\n');
      expect(onDisk).toContain('Hello from my own login!');
      expect(onDisk).not.toContain(c.secret);
      // The user's files are byte-identical (and nothing was added to their home).
      expect(treeHash(home)).toEqual(before);
    },
    120_000,
  );

  it.skipIf(skip)('refuses without a login, naming where it looked, and runs nothing', async () => {
    const file = path.join(home, c.file);
    const kept = c.env ? null : readFileSync(file);
    if (c.env) delete process.env[c.env];
    else rmSync(file);
    try {
      const n = fake.requests.length;
      const resp = await host.callSkill(
        makeCallRequest({
          name: 'hello-skill',
          metadata: { run_in: { client: c.id, own_login: true } },
        }),
        null,
      );
      expect(resp.data?.success).toBe(false);
      expect(resp.data?.error).toContain(`own login was not found: looked for`);
      expect(resp.data?.error).toContain(c.env ?? `~/${c.file}`);
      expect(fake.requests.length).toBe(n);
    } finally {
      if (c.env) process.env[c.env] = c.secret;
      else writeFileSync(file, kept!, { mode: 0o600 });
    }
  });
});
