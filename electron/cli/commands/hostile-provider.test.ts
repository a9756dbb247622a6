/**
 * The CLI as a real child process against providers an attacker runs (a local wire server):
 *
 * - `a2e --stdio`, seven model calls at once on hostile providers: text that never ends,
 *   tool-call arguments that never end, a 5xx whose body is 1.2 GB, and four with
 *   `timeout: 2` on a server that never answers or a stream that trickles forever. Every call
 *   gets exactly one response, in time, and the process's peak memory (measured by
 *   /usr/bin/time, so it is the kernel's count, not a sample) stays far under what
 *   reading any of them whole would take. `--verbose` says what happened.
 * - `providers` against a `/models` of 1.2 GB: refused, memory bounded.
 * - `mcp` with an 11 MiB line between two calls: the line gets a JSON-RPC error, the
 *   call before it and the one after it are answered, and the server keeps serving.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempWorkspace, type TempWorkspace } from '../../test-support/temp-workspace';
import {
  startWireServer,
  type Reply,
  type WireServer,
} from '../../host/providers/test-support/wire-server';
import { openAiChunk } from '../../host/providers/test-support/provider-wire';
import { makeCallRequest } from '../../../shared/protocol/messages';

const ENTRY = fileURLToPath(new URL('../../test-support/source-cli.ts', import.meta.url));
const TSX = import.meta.resolve('tsx');
/** Starting the CLI from source on a busy machine is slow. */
const START_MS = 90_000;
/**
 * Peak memory allowed for the whole CLI process. Starting it from source costs about
 * 150 MB; reading one of these providers whole would take gigabytes.
 */
const MAX_RSS_MB = 450;
const MIB = 'x'.repeat(1024 * 1024);
const GB_CHUNKS = 1229; // 1.2 GiB in MiB chunks

interface ChildRun {
  code: number | null;
  stdout: string;
  stderr: string;
  maxRssMb: number;
}

/** The CLI from source under /usr/bin/time, `input` written to its stdin, then closed. */
function runChild(cwd: string, args: string[], input: string): Promise<ChildRun> {
  const rssFile = path.join(cwd, '.rss');
  return new Promise((resolve, reject) => {
    const child = spawn(
      '/usr/bin/time',
      ['-f', '%M', '-o', rssFile, process.execPath, '--import', TSX, ENTRY, ...args, '--no-user'],
      { cwd, env: { PATH: process.env.PATH, HOME: cwd }, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => {
      const kb = Number(readFileSync(rssFile, 'utf8').trim().split('\n').pop());
      resolve({ code, stdout, stderr, maxRssMb: kb / 1024 });
    });
    child.stdin.end(input);
  });
}

let ws: TempWorkspace;
let server: WireServer | null = null;
beforeEach(() => {
  ws = tempWorkspace('skill-studio-hostile-');
});
afterEach(async () => {
  ws.cleanup();
  await server?.close();
  server = null;
});

const sse = (delta: unknown): string => openAiChunk('m', [{ index: 0, delta }]);

/** One hostile reply per provider, chosen by the path its base_url names. */
function hostile(req: { url: string }): Reply {
  const name = req.url.split('/')[1];
  switch (name) {
    case 'text':
      return { kind: 'stream', next: () => sse({ content: 'y'.repeat(8192) }) };
    case 'args':
      return {
        kind: 'stream',
        next: (i) =>
          i === 0
            ? sse({
                tool_calls: [
                  {
                    index: 0,
                    id: 'c1',
                    type: 'function',
                    function: { name: 'calculator', arguments: '' },
                  },
                ],
              })
            : sse({ tool_calls: [{ index: 0, function: { arguments: 'a'.repeat(8192) } }] }),
      };
    case 'error':
      return {
        kind: 'stream',
        status: 500,
        contentType: 'application/json',
        next: (i) => (i === 0 ? '{"error":{"message":"' : i <= GB_CHUNKS ? MIB : null),
      };
    case 'models':
      return {
        kind: 'stream',
        contentType: 'application/json',
        next: (i) => (i === 0 ? '{"data":[{"id":"' : i <= GB_CHUNKS ? MIB : null),
      };
    case 'trickle':
      return {
        kind: 'sse',
        chunks: Array.from({ length: 100_000 }, () => sse({ content: '.' })),
        gapMs: 20,
      };
    default:
      return { kind: 'hang' };
  }
}

const NAMES = ['text', 'args', 'stall', 'error', 'trickle'] as const;

function configure(url: string): void {
  ws.write(
    'skill-studio.json',
    JSON.stringify({
      providers: NAMES.map((id, i) => ({
        id,
        kind: 'openai-compatible',
        base_url: `${url}/${id}/v1`,
        model: 'm',
        default: i === 0,
      })),
    }),
  );
}

describe('hostile providers, the CLI as a child process', () => {
  it(
    'a2e --stdio: seven calls on hostile providers, each answered once and in time, memory bounded',
    async () => {
      server = await startWireServer(hostile, { record: false });
      configure(server.url);
      // Four calls that only the clock can end, and three that a cap (or the provider's
      // error) must end first.
      const calls = ['text', 'args', 'error', 'stall', 'stall', 'trickle', 'trickle'].map(
        (provider, i) => ({ provider, id: `call-${i}-${provider}` }),
      );
      const frames = calls.map(({ provider: id, id: callId }) =>
        JSON.stringify(
          makeCallRequest({
            id: callId,
            name: 'time-arithmetic',
            arguments: { question: 'What weekday is it in 45 days?' },
            // The caps must be what ends these two, not the clock (a loaded machine is slow).
            timeout: id === 'stall' || id === 'trickle' ? 2 : 60,
            streaming: true,
            llm_override: { provider_name: id, provider_credentials: {}, provider_config: {} },
          }),
        ),
      );
      const started = Date.now();
      const run = await runChild(
        ws.root,
        ['a2e', '--stdio', '--verbose'],
        frames.join('\n') + '\n',
      );
      const elapsed = Date.now() - started;
      expect(run.code, run.stderr.slice(-2000)).toBe(0);

      const responses = run.stdout
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map(
          (l) =>
            JSON.parse(l) as {
              type: string;
              req_id: string;
              data: Record<string, unknown> | null;
              error: unknown;
            },
        )
        .filter((m) => m.type === 'skill/call/resp');
      // Exactly one response per call.
      expect(responses.map((r) => r.req_id).sort()).toEqual(calls.map((c) => c.id).sort());
      const byName = new Map(responses.map((r) => [r.req_id.replace(/^call-\d-/, ''), r.data]));
      for (const r of responses)
        if (/stall|trickle/.test(r.req_id))
          expect(r.data).toMatchObject({ success: false, error_code: 'timeout' });
      expect(byName.get('text')).toMatchObject({
        success: false,
        truncated: true,
        error_code: 'skill_error',
      });
      expect(String(byName.get('text')?.error)).toMatch(/over its cap of 4 Mi characters/);
      expect(byName.get('args')).toMatchObject({ success: false, truncated: true });
      expect(String(byName.get('args')?.error)).toMatch(
        /arguments for the tool "calculator" over their cap/,
      );
      expect(byName.get('stall')).toMatchObject({ success: false, error_code: 'timeout' });
      expect(byName.get('error')).toMatchObject({ success: false });
      expect(String(byName.get('error')?.error)).toMatch(/failed on its side \(500/);
      expect(byName.get('trickle')).toMatchObject({ success: false, error_code: 'timeout' });
      // The timeouts held: four 2 s calls, four at a time, plus starting the CLI.
      expect(elapsed).toBeLessThan(START_MS);
      expect(run.maxRssMb).toBeLessThan(MAX_RSS_MB);
      // --verbose told what happened.
      expect(run.stderr).toMatch(
        /\[a2e\] call "call-\d-stall" of "time-arithmetic" reached its 2000 ms timeout/,
      );
      expect(run.stderr).toMatch(/\[llm\] the run of "time-arithmetic" hit a cap/);
    },
    START_MS * 2,
  );

  it(
    'providers: a /models of 1.2 GB is refused without reading it',
    async () => {
      server = await startWireServer(hostile, { record: false });
      ws.write(
        'skill-studio.json',
        JSON.stringify({
          providers: [
            {
              id: 'models',
              kind: 'openai-compatible',
              base_url: `${server.url}/models/v1`,
              model: 'm',
            },
          ],
        }),
      );
      const run = await runChild(ws.root, ['providers', '--json'], '');
      expect(run.code).toBe(1);
      const out = JSON.parse(run.stdout) as { providers: { problem: string }[] };
      expect(out.providers[0].problem).toMatch(/answered with a list over 4 MiB/);
      expect(server.streamedBytes).toBeLessThan(64 * 1024 * 1024);
      expect(run.maxRssMb).toBeLessThan(MAX_RSS_MB);
    },
    START_MS * 2,
  );
});

/** Answers its `text` argument back. */
const ECHO = `
let input = '';
process.stdin.on('data', (c) => (input += c));
process.stdin.on('end', () => {
  const { text } = JSON.parse(input).arguments;
  process.stdout.write(JSON.stringify({ type: 'result', data: { text }, summary: text }) + '\\n');
});
`;

describe('mcp: a line over 10 MiB', () => {
  it(
    'gets a JSON-RPC error; the call before it and the call after it are answered',
    async () => {
      ws.addSkill(
        'echo',
        'name: echo\ndescription: Answers its text back.\nstatus: Published\nentrypoint: run.mjs\ninput_schema:\n  type: object\n  properties:\n    text: {type: string}',
        '# Echo\n',
        { 'run.mjs': ECHO },
      );
      const call = (id: number, text: string): string =>
        JSON.stringify({
          jsonrpc: '2.0',
          id,
          method: 'tools/call',
          params: { name: 'echo', arguments: { text } },
        });
      const lines = [
        JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-06-18',
            capabilities: {},
            clientInfo: { name: 't', version: '1' },
          },
        }),
        JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
        call(2, 'before'),
        call(99, 'z'.repeat(11 * 1024 * 1024)),
        call(3, 'after'),
      ];
      const run = await runChild(ws.root, ['mcp'], lines.join('\n') + '\n');
      expect(run.code, run.stderr.slice(-2000)).toBe(0);
      const out = run.stdout
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map(
          (l) =>
            JSON.parse(l) as {
              id: number | null;
              result?: { structuredContent?: unknown; content?: { text: string }[] };
              error?: { code: number; message: string };
            },
        );
      const byId = new Map(out.map((m) => [m.id, m]));
      expect(byId.get(1)?.result).toBeDefined();
      expect(JSON.stringify(byId.get(2)?.result)).toContain('before');
      expect(JSON.stringify(byId.get(3)?.result)).toContain('after');
      expect(byId.get(null)?.error).toMatchObject({ code: -32700 });
      expect(byId.get(null)?.error?.message).toMatch(/a line over 10485760 bytes was skipped/);
      expect(byId.has(99)).toBe(false);
      // Only one line was ever held, never the 11 MiB one whole twice over.
      expect(run.maxRssMb).toBeLessThan(MAX_RSS_MB);
    },
    START_MS * 2,
  );
});
