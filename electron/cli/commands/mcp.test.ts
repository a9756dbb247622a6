/**
 * `skill-studio mcp` driven by the MCP SDK's own client over stdio, the CLI started
 * from source as a child process: lists, a streaming call with progress, a cancel
 * that leaves no process behind (process mode, where no PID namespace would hide
 * one), the allowlist of --agent (an existing skill outside it is `unauthorized` and runs
 * nothing, a missing one unknown), and arguments outside the schema; and, from a client
 * that writes everything and closes stdin at once, every request answered and every line
 * that is not a message answered with a JSON-RPC error.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { McpError, type Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempWorkspace, type TempWorkspace } from '../../test-support/temp-workspace';
import { gone } from '../../test-support/process-gone';

const ENTRY = fileURLToPath(new URL('../../test-support/source-cli.ts', import.meta.url));
const TSX = import.meta.resolve('tsx');
/** Starting the CLI from source on a busy machine is slow. */
const START_MS = 90_000;

/** Reports `steps` progress events, an artifact in two chunks, then its count. */
const STREAMER = `
let input = '';
process.stdin.on('data', (c) => (input += c));
process.stdin.on('end', () => {
  const { steps } = JSON.parse(input).arguments;
  const out = (o) => process.stdout.write(JSON.stringify(o) + '\\n');
  for (let i = 1; i <= steps; i++) out({ type: 'progress', pct: Math.round((i / steps) * 100), message: 'step ' + i });
  out({ type: 'artifact', name: 'notes.txt', mime: 'text/plain', chunk: 'hello ', final: false });
  out({ type: 'artifact', name: 'notes.txt', mime: 'text/plain', chunk: 'world', final: true });
  out({ type: 'result', data: { count: steps }, summary: 'counted' });
});
`;

/** Writes its pid and its child's into `pidfile`, then sleeps until killed. */
const SLEEPER = `
import { writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
let input = '';
process.stdin.on('data', (c) => (input += c));
process.stdin.on('end', () => {
  const { pidfile } = JSON.parse(input).arguments;
  const child = spawn('sleep', ['300'], { stdio: 'ignore' });
  writeFileSync(pidfile, process.pid + ' ' + child.pid);
  setInterval(() => {}, 1000);
});
`;

/** Leaves `arguments.marker` behind: proof that it ran. */
const MARKER = `
import { writeFileSync } from 'node:fs';
let input = '';
process.stdin.on('data', (c) => (input += c));
process.stdin.on('end', () => {
  writeFileSync(JSON.parse(input).arguments.marker, 'ran');
  console.log(JSON.stringify({ type: 'result', data: 'ran' }));
});
`;

let ws: TempWorkspace;
let pidDir: string;
let client: Client;
let stderr = '';

beforeAll(async () => {
  ws = tempWorkspace('skill-studio-mcp-');
  ws.addSkill(
    'streamer',
    [
      'name: streamer',
      'description: Counts in steps, with progress.',
      'entrypoint: run.mjs',
      'input_schema:',
      '  type: object',
      '  properties:',
      '    steps: {type: integer, minimum: 1, maximum: 10}',
      '  required: [steps]',
      '  additionalProperties: false',
      'output_schema:',
      '  type: object',
      '  properties:',
      '    count: {type: integer}',
    ].join('\n'),
    '# Streamer\n',
    { 'run.mjs': STREAMER },
  );
  ws.addSkill(
    'sleeper',
    'name: sleeper\ndescription: Sleeps with a child until killed.\nentrypoint: run.mjs\ntimeout_seconds: 600',
    '# Sleeper\n',
    { 'run.mjs': SLEEPER },
  );
  ws.addSkill(
    'guide',
    [
      'name: guide',
      'description: How to write a haiku.',
      'input_schema:',
      '  type: object',
      '  properties:',
      '    topic: {type: string, description: What the haiku is about}',
      '  required: [topic]',
    ].join('\n'),
    'Write three lines: five, seven, five syllables.\n',
  );
  ws.addSkill('secret', 'name: secret\ndescription: Not for the bot.\nentrypoint: run.mjs', '#\n', {
    'run.mjs': MARKER,
  });
  ws.addSkill('secret-guide', 'name: secret-guide\ndescription: Not for the bot either.', '#\n');
  ws.write(
    'skill-studio.json',
    JSON.stringify({
      agents: [{ id: 'bot', name: 'Bot', allowed_skills: ['streamer', 'sleeper', 'guide'] }],
    }),
  );
  // Process mode as root runs skills as another user: let it read the skill and write pids.
  chmodSync(ws.root, 0o755);
  pidDir = path.join(ws.root, 'pids');
  mkdirSync(pidDir);
  chmodSync(pidDir, 0o777);

  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', TSX, ENTRY, 'mcp', '--agent', 'bot', '--no-user'],
    cwd: ws.root,
    env: { PATH: process.env.PATH ?? '', HOME: ws.root, SKILL_STUDIO_SANDBOX: 'process' },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(transport);
}, START_MS);

afterAll(async () => {
  await client?.close();
  ws.cleanup();
});

describe('skill-studio mcp', () => {
  it('lists script skills as tools, instruction skills as prompts, files as resources', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['sleeper', 'streamer']);
    const streamer = tools.find((t) => t.name === 'streamer');
    expect(streamer?.inputSchema).toMatchObject({ type: 'object', required: ['steps'] });
    expect(streamer?.outputSchema).toMatchObject({ type: 'object' });
    expect(tools.find((t) => t.name === 'sleeper')?.inputSchema).toEqual({ type: 'object' });

    const { prompts } = await client.listPrompts();
    expect(prompts).toEqual([
      {
        name: 'guide',
        description: 'How to write a haiku.',
        arguments: [{ name: 'topic', description: 'What the haiku is about', required: true }],
      },
    ]);
    const prompt = await client.getPrompt({ name: 'guide', arguments: { topic: 'rain' } });
    const text = (prompt.messages[0].content as { text: string }).text;
    expect(text).toContain('five, seven, five');
    expect(text).toContain('topic: rain');

    const { resources } = await client.listResources();
    const uris = resources.map((r) => r.uri);
    expect(uris).toContain('skill://streamer/SKILL.md');
    expect(uris).toContain('skill://streamer/run.mjs');
    expect(uris.some((u) => u.startsWith('skill://secret/'))).toBe(false);
    const read = await client.readResource({ uri: 'skill://guide/SKILL.md' });
    expect((read.contents[0] as { text: string }).text).toContain('name: guide');
    await expect(
      client.readResource({ uri: 'skill://guide/../secret/SKILL.md' }),
    ).rejects.toThrow();
  });

  it(
    'streams progress to the progressToken and returns artifacts and structured content',
    async () => {
      const progress: Progress[] = [];
      const result = await client.callTool(
        { name: 'streamer', arguments: { steps: 3 } },
        undefined,
        {
          onprogress: (p) => progress.push(p),
          timeout: START_MS,
        },
      );
      expect(progress.map((p) => p.progress)).toEqual([33, 67, 100]);
      expect(progress[2]).toMatchObject({ total: 100, message: 'step 3' });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual({ count: 3 });
      const texts = (result.content as Array<{ text: string }>).map((c) => c.text);
      expect(texts).toContain('artifact notes.txt (text/plain):\nhello world');
    },
    START_MS,
  );

  it(
    'refuses arguments outside the schema with InvalidParams and the field errors',
    async () => {
      const err = await client
        .callTool({ name: 'streamer', arguments: { steps: 'many', extra: 1 } })
        .then(() => null)
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(McpError);
      expect((err as McpError).code).toBe(-32602);
      expect((err as McpError).message).toContain('/steps: must be integer');
      expect((err as McpError).message).toContain('(extra)');
      expect((err as McpError).data).toMatchObject({ errors: expect.any(Array) });
    },
    START_MS,
  );

  it(
    'a skill outside the agent allowlist is unauthorized and runs nothing; a missing one is unknown',
    async () => {
      const refusal = (p: Promise<unknown>) => p.then(() => null).catch((e: unknown) => e);
      const marker = path.join(pidDir, 'secret-ran');
      const err = await refusal(client.callTool({ name: 'secret', arguments: { marker } }));
      expect(err).toBeInstanceOf(McpError);
      expect((err as McpError).code).toBe(-32602);
      expect((err as McpError).message).toMatch(
        /unauthorized: agent "bot" may not use the tool secret/,
      );
      expect((err as McpError).data).toEqual({ code: 'unauthorized', retryable: false });
      expect(existsSync(marker), 'the refused skill ran').toBe(false);
      // A prompt and a resource of a skill outside the allowlist: the same answer.
      const prompt = await refusal(client.getPrompt({ name: 'secret-guide' }));
      expect((prompt as McpError).data).toEqual({ code: 'unauthorized', retryable: false });
      const file = await refusal(client.readResource({ uri: 'skill://secret/SKILL.md' }));
      expect((file as McpError).data).toEqual({ code: 'unauthorized', retryable: false });
      // Listed nowhere all the same.
      expect((await client.listTools()).tools.map((t) => t.name)).not.toContain('secret');
      expect((await client.listPrompts()).prompts.map((p) => p.name)).not.toContain('secret-guide');
      // A name no source holds stays unknown, without the unauthorized data.
      const ghost = await refusal(client.callTool({ name: 'no-such-tool', arguments: {} }));
      expect((ghost as McpError).code).toBe(-32602);
      expect((ghost as McpError).message).toContain('unknown tool: no-such-tool');
      expect((ghost as McpError).data).toBeUndefined();
      const noPrompt = await refusal(client.getPrompt({ name: 'no-such-prompt' }));
      expect((noPrompt as McpError).message).toContain('unknown prompt: no-such-prompt');
    },
    START_MS,
  );

  it(
    'notifications/cancelled stops the run and its child: no orphan',
    async () => {
      const pidfile = path.join(pidDir, 'sleep');
      const controller = new AbortController();
      const call = client
        .callTool({ name: 'sleeper', arguments: { pidfile } }, undefined, {
          signal: controller.signal,
          timeout: START_MS,
        })
        .catch((e: unknown) => e);
      let pids: number[] = [];
      for (let i = 0; i < 600 && pids.length < 2; i++) {
        await new Promise((r) => setTimeout(r, 100));
        if (existsSync(pidfile))
          pids = readFileSync(pidfile, 'utf8')
            .trim()
            .split(/\s+/)
            .map(Number)
            .filter((p) => p > 0);
      }
      expect(pids, stderr).toHaveLength(2);
      controller.abort('enough');
      await call;
      for (let i = 0; i < 100 && !pids.every(gone); i++)
        await new Promise((r) => setTimeout(r, 100));
      for (const pid of pids) expect(gone(pid), `process ${pid} still runs`).toBe(true);
      writeFileSync(pidfile, '');
    },
    START_MS,
  );

  it(
    'answers every request a client wrote before closing stdin, and lines that are not messages',
    async () => {
      const rpc = (id: number, method: string, params: object) =>
        JSON.stringify({ jsonrpc: '2.0', id, method, params });
      const input = [
        rpc(1, 'initialize', {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'pipe', version: '1' },
        }),
        JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
        'this is not json',
        JSON.stringify({ hello: 'world' }),
        rpc(2, 'tools/list', {}),
        rpc(3, 'tools/call', { name: 'streamer', arguments: { steps: 2 } }),
        '',
      ].join('\n');
      const child = spawn(
        process.execPath,
        ['--import', TSX, ENTRY, 'mcp', '--agent', 'bot', '--no-user'],
        {
          cwd: ws.root,
          env: { PATH: process.env.PATH ?? '', HOME: ws.root, SKILL_STUDIO_SANDBOX: 'process' },
        },
      );
      let out = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      child.stdin.end(input);
      const code = await new Promise((resolve) => child.on('close', resolve));
      expect(code).toBe(0);
      const replies = out
        .trim()
        .split('\n')
        .map(
          (l) => JSON.parse(l) as { id: number | null; result?: unknown; error?: { code: number } },
        );
      const byId = (id: number) => replies.find((r) => r.id === id);
      expect(byId(1)?.result).toBeDefined();
      expect(JSON.stringify(byId(2)?.result)).toContain('streamer');
      expect(byId(3)?.result).toMatchObject({ structuredContent: { count: 2 } });
      expect(replies.filter((r) => r.id === null).map((r) => r.error?.code)).toEqual([
        -32700, -32600,
      ]);
    },
    START_MS,
  );
});
