/**
 * OpenCode itself (the pinned version), run through its runner against a fake model server
 * speaking chat completions: the skill is activated through the `skill` tool and the
 * parser says so; the listing OpenCode sent holds the skill; only the reading tools and
 * `skill` are offered unless scripts are allowed; the prompt arrives exactly as written;
 * the key it sends is the run's relay token, and no file of the run holds it; nothing
 * reaches the npm registry or GitHub (no ripgrep download); a query that should not
 * trigger does not; a 401 ends the run as an error.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  agentClientBinDir,
  agentClientPath,
  skipAgentClient,
} from '../../../test-support/agent-clients';
import { startWireServer, type WireServer } from '../../providers/test-support/wire-server';
import {
  chatCompletionsReply,
  type FakeModelScript,
} from '../test-support/fake-model-server-google-chat';
import { findRipgrep, opencodeParser, opencodeRunner } from './opencode';
import { activated, RELAY_KEY, runRunner, skillMd } from './test-support/spawn-runner';

const SKILL = 'pdf-tables';
const DESCRIPTION = 'Extract tables from PDF files into CSV. Use when the user asks about a PDF.';

let server: WireServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

beforeAll(() => {
  // As CI: the clients' .bin folders on PATH (Codex's platform package brings an rg).
  process.env.PATH = [agentClientBinDir('opencode'), agentClientBinDir('codex'), process.env.PATH]
    .filter(Boolean)
    .join(path.delimiter);
});

const decide: FakeModelScript = (prompt) =>
  /pdf/i.test(prompt)
    ? { do: 'activate', skill: SKILL, answer: 'Tables extracted.' }
    : { do: 'answer', answer: 'Paris.' };

const GUIDE = 'GUIDE-CONTENT-77';
const SECRET = 'TOPSECRET-41c9';

async function run(script: FakeModelScript, prompt: string, allowScripts = false) {
  server = await startWireServer((req) => chatCompletionsReply(req, script));
  return runRunner({
    runner: opencodeRunner,
    binary: agentClientPath('opencode'),
    relayUrl: server.url,
    kind: 'openai-compatible',
    model: 'fake-model',
    prompt,
    skills: [
      {
        name: SKILL,
        skillMd: skillMd(SKILL, DESCRIPTION),
        files: { 'references/guide.md': `${GUIDE}\n` },
      },
    ],
    allowScripts,
    timeoutMs: 80_000,
  });
}

interface ChatBody {
  messages?: { role: string; content: unknown }[];
  tools?: { function: { name: string } }[];
}

const toolsOf = (body: unknown): string[] =>
  ((body as ChatBody).tools ?? []).map((t) => t.function.name).sort();

describe.skipIf(skipAgentClient('opencode'))('OpenCode runner (real client)', () => {
  it('activates the skill through its skill tool; the listing holds it; least privilege', async () => {
    // Two spaces, quotes, a line break, words that look like a flag and like numbers:
    // OpenCode must get it verbatim.
    const prompt = 'Get  the tables out of "report.pdf" --help\npages 10 to 1e3';
    const r = await run(decide, prompt);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(activated(r.events)).toEqual([SKILL]);
    expect(r.events).toContainEqual({ type: 'text', text: 'Tables extracted.' });
    expect(r.events.some((e) => e.type === 'usage' && e.input_tokens > 0)).toBe(true);

    const conversation = server!.requests.filter((q) => toolsOf(q.json).length > 0);
    expect(conversation.length).toBe(2);
    for (const q of server!.requests) {
      expect(q.url).toBe('/v1/chat/completions');
      expect(q.headers.authorization).toBe(`Bearer ${RELAY_KEY}`);
    }
    const first = conversation[0].json as ChatBody;
    const system = JSON.stringify(first.messages?.find((m) => m.role === 'system')?.content);
    expect(system).toContain(`<name>${SKILL}</name>`);
    expect(system).toContain(DESCRIPTION);
    const user = first.messages?.find((m) => m.role === 'user')?.content;
    expect(user).toBe(prompt);
    expect(toolsOf(first)).toEqual(['glob', 'grep', 'read', 'skill']);
    // The skill's body came back to the model as the tool's result.
    expect(JSON.stringify(conversation[1].json)).toContain('Say PINEAPPLE when done.');
    // The token lives in the environment, not in the config OpenCode read.
    expect(r.stdout).not.toContain(RELAY_KEY);
  }, 120_000);

  it('a query that should not trigger: no activation, and the answer', async () => {
    const r = await run(decide, 'What is the capital of France?');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(activated(r.events)).toEqual([]);
    expect(r.events).toContainEqual({ type: 'text', text: 'Paris.' });
  }, 120_000);

  it('allow scripts offers bash; a 401 ends the run as an error', async () => {
    const r = await run({ do: 'status', status: 401, message: 'invalid api key' }, 'hi', true);
    const conversation = server!.requests.filter((q) => toolsOf(q.json).length > 0);
    expect(toolsOf(conversation[0].json)).toContain('bash');
    // Scripts run without the client's own sandbox here, and the run says so first.
    expect(r.events[0]).toMatchObject({ type: 'notice', level: 'warn' });
    expect(r.events[0].type === 'notice' && r.events[0].message).toContain('no sandbox');
    expect(r.exitCode).not.toBe(0);
    const final = r.events.find((e) => e.type === 'final');
    expect(final).toMatchObject({ type: 'final', isError: true });
    expect(final?.type === 'final' && final.message).toMatch(/invalid api key.*401/);
  }, 120_000);

  it('reads the skill’s own files, and nothing outside the run', async () => {
    const outside = mkdtempSync(path.join(os.tmpdir(), 'outside-'));
    const secret = path.join(outside, 'secret.txt');
    writeFileSync(secret, `${SECRET}\n`);
    try {
      const r = await run(
        { do: 'read', paths: [`@skill:${SKILL}/references/guide.md`, secret], answer: 'Read.' },
        'read the guide',
      );
      expect(r.exitCode, r.stderr).toBe(0);
      const results = r.events.filter((e) => e.type === 'tool_result');
      expect(results.map((e) => e.type === 'tool_result' && e.isError)).toEqual([false, true]);
      const sent = server!.requests.map((q) => q.body).join('\n');
      expect(sent).toContain(GUIDE);
      expect(sent).not.toContain(SECRET);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('OpenCode runner pieces', () => {
  it('a skill tool that failed (no ripgrep) is no activation', () => {
    const parse = opencodeParser();
    const line = JSON.stringify({
      type: 'tool_use',
      part: {
        type: 'tool',
        tool: 'skill',
        callID: 'call_1',
        state: { status: 'error', input: { name: SKILL }, error: 'ripgrep execution failed' },
      },
    });
    const events = parse(line);
    expect(activated(events)).toEqual([]);
    expect(events).toContainEqual({
      type: 'tool_result',
      id: 'call_1',
      output: 'ripgrep execution failed',
      isError: true,
    });
  });

  it('without any rg on the machine, the run is refused saying how to get one', async () => {
    expect(await findRipgrep({ PATH: '/nonexistent' }, '/nonexistent-home')).toBeNull();
  });
});
