/**
 * Gemini CLI itself (the pinned version, not a stand-in), run through its runner against a
 * fake model server speaking `streamGenerateContent?alt=sse`: the skill is activated
 * through `activate_skill` and the parser says so; the listing Gemini CLI sent holds the
 * skill; only reading tools and activate_skill are offered unless scripts are allowed;
 * the key it sends is the run's relay token; a query that should not trigger does not;
 * a 401 ends the run as an error.
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
import { geminiReply, type FakeModelScript } from '../test-support/fake-model-server-google-chat';
import { geminiCliRunner } from './gemini-cli';
import { activated, RELAY_KEY, runRunner, skillMd } from './test-support/spawn-runner';

const SKILL = 'pdf-tables';
const DESCRIPTION = 'Extract tables from PDF files into CSV. Use when the user asks about a PDF.';

let server: WireServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

beforeAll(() => {
  process.env.PATH = [agentClientBinDir('gemini-cli'), process.env.PATH].join(path.delimiter);
});

const GUIDE = 'GUIDE-CONTENT-77';
const SECRET = 'TOPSECRET-41c9';

async function run(script: FakeModelScript, prompt: string, allowScripts = false) {
  server = await startWireServer((req) => geminiReply(req, script));
  return runRunner({
    runner: geminiCliRunner,
    binary: agentClientPath('gemini-cli'),
    relayUrl: server.url,
    kind: 'gemini',
    model: 'gemini-2.5-flash',
    prompt,
    skills: [
      {
        name: SKILL,
        skillMd: skillMd(SKILL, DESCRIPTION),
        files: { 'references/guide.md': `${GUIDE}\n` },
      },
    ],
    allowScripts,
  });
}

interface GeminiBody {
  systemInstruction?: { parts?: { text?: string }[] };
  tools?: { functionDeclarations?: { name: string }[] }[];
}

function offered(body: unknown): string[] {
  return ((body as GeminiBody).tools ?? []).flatMap((t) =>
    (t.functionDeclarations ?? []).map((f) => f.name),
  );
}

describe.skipIf(skipAgentClient('gemini-cli'))('Gemini CLI runner (real client)', () => {
  it('activates the skill through activate_skill, and the listing it sent holds the skill', async () => {
    const r = await run(
      (prompt) =>
        /pdf/i.test(prompt)
          ? { do: 'activate', skill: SKILL, answer: 'Tables extracted.' }
          : { do: 'answer', answer: 'No skill needed.' },
      '-- Get the tables out of report.pdf, pages 10 to 1e3',
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(activated(r.events)).toEqual([SKILL]);
    expect(r.events).toContainEqual({ type: 'text', text: 'Tables extracted.' });
    expect(r.events.at(-1)).toMatchObject({
      type: 'final',
      isError: false,
      text: 'Tables extracted.',
    });
    const reqs = server!.requests;
    expect(reqs.map((q) => q.url)).toEqual([
      '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
      '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
    ]);
    // The prompt arrived whole, although it starts like a flag.
    expect(JSON.stringify(reqs[0].json)).toContain(
      '-- Get the tables out of report.pdf, pages 10 to 1e3',
    );
    const system = (reqs[0].json as GeminiBody).systemInstruction?.parts?.[0]?.text ?? '';
    expect(system).toContain(`<name>${SKILL}</name>`);
    expect(system).toContain(`<description>${DESCRIPTION}</description>`);
    expect(system).toContain(`.gemini/skills/${SKILL}/SKILL.md</location>`);
    // Least privilege: reading tools and activate_skill; nothing that writes or runs.
    const tools = offered(reqs[0].json);
    expect(tools).toContain('activate_skill');
    expect(tools).toContain('read_file');
    for (const t of [
      'run_shell_command',
      'write_file',
      'replace',
      'web_fetch',
      'google_web_search',
      'invoke_agent',
    ])
      expect(tools).not.toContain(t);
    // The key it sends is the run's token, never anything of the user's.
    expect(reqs.every((q) => q.headers['x-goog-api-key'] === RELAY_KEY)).toBe(true);
    // The skill's body came back to the model as the activation's result.
    expect(JSON.stringify(reqs[1].json)).toContain('Say PINEAPPLE when done.');
  }, 90_000);

  it('a query that should not trigger: no activation, and the answer', async () => {
    const r = await run(
      (prompt) =>
        /pdf/i.test(prompt)
          ? { do: 'activate', skill: SKILL, answer: 'Tables extracted.' }
          : { do: 'answer', answer: 'Paris.' },
      'What is the capital of France?',
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(activated(r.events)).toEqual([]);
    expect(r.events.at(-1)).toMatchObject({ type: 'final', isError: false, text: 'Paris.' });
  }, 90_000);

  it('allow scripts offers the shell tool; a 401 ends the run as an error', async () => {
    const r = await run({ do: 'status', status: 401, message: 'API key not valid' }, 'hi', true);
    expect(offered(server!.requests[0].json)).toContain('run_shell_command');
    // Scripts run without the client's own sandbox here, and the run says so first.
    expect(r.events[0]).toMatchObject({ type: 'notice', level: 'warn' });
    expect(r.events[0].type === 'notice' && r.events[0].message).toContain('without a sandbox');
    expect(r.exitCode).not.toBe(0);
    const final = r.events.at(-1);
    expect(final).toMatchObject({ type: 'final', isError: true });
    expect(final?.type === 'final' && final.message).toContain('API key not valid');
    expect(activated(r.events)).toEqual([]);
  }, 90_000);

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
