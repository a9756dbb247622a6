/**
 * `call` of an instruction skill through the built CLI (`npm run build` first), as an
 * agent runs it: a whole process, against a local server that speaks each provider's
 * wire format. A call reads only the bundles its provider needs: the Anthropic SDK is
 * loaded for an Anthropic provider, and never parsed for any other
 * (scripts/cli-lazy-modules.mjs).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  anthropicTurn,
  openAiTurn,
  textDeltas,
  toolCallDeltas,
} from '../host/providers/test-support/provider-wire';
import { startWireServer, type WireServer } from '../host/providers/test-support/wire-server';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const BIN = path.join(REPO, 'bin', 'skill-studio.cjs');
const KEY = 'sk-ant-test-0000000000000000';

let root: string;
let server: WireServer | null = null;

beforeAll(() => {
  if (!existsSync(path.join(REPO, 'dist', 'cli.cjs')))
    throw new Error('the CLI is not built: run `npm run build` first');
});
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'built-call-'));
  mkdirSync(path.join(root, 'ws'));
  mkdirSync(path.join(root, 'home'), { mode: 0o700 });
});
afterEach(async () => {
  await server?.close();
  server = null;
  rmSync(root, { recursive: true, force: true });
});

/** The model's turns for time-arithmetic: the time, a sum, the answer. */
const TURNS = {
  anthropic: [
    anthropicTurn({ tools: [{ id: 'toolu_1', name: 'time', fragments: ['{"operation":"now"}'] }] }),
    anthropicTurn({
      tools: [{ id: 'toolu_2', name: 'calculator', fragments: ['{"expression":', '"45 mod 7"}'] }],
    }),
    anthropicTurn({ text: ['It will be ', 'a Thursday.'] }),
  ],
  'openai-compatible': [
    openAiTurn({
      deltas: toolCallDeltas(0, 'c1', 'time', ['{"operation":"now"}']),
      finishReason: 'tool_calls',
    }),
    openAiTurn({
      deltas: toolCallDeltas(0, 'c2', 'calculator', ['{"expression":"45 mod 7"}']),
      finishReason: 'tool_calls',
    }),
    openAiTurn({ deltas: textDeltas('It will be ', 'a Thursday.') }),
  ],
};

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The CLI in the workspace, with the module loader's trace on stderr. */
function cli(...args: string[]): Promise<Run> {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: path.join(root, 'ws'),
    env: {
      ...process.env,
      HOME: path.join(root, 'home'),
      XDG_CONFIG_HOME: path.join(root, 'home', '.config'),
      XDG_CACHE_HOME: path.join(root, 'home', '.cache'),
      NO_COLOR: '1',
      NODE_DEBUG: 'module',
      TEST_ANTHROPIC_KEY: KEY,
      SKILL_STUDIO_PROVIDERS: undefined,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const loadedSdk = (stderr: string): boolean =>
  /load "[^"]*dist[/\\]cli[/\\]@anthropic-ai[/\\]sdk\.cjs"/.test(stderr);

describe('call through the built CLI', { timeout: 60_000 }, () => {
  it.each(['anthropic', 'openai-compatible'] as const)(
    'runs time-arithmetic on a %s provider, loading the Anthropic SDK only for that one',
    async (kind) => {
      const turns = TURNS[kind];
      server = await startWireServer((_req, n) => ({
        kind: 'sse',
        chunks: turns[Math.min(n, 2)],
      }));
      const provider =
        kind === 'anthropic'
          ? {
              id: 'p',
              kind,
              base_url: server.url,
              model: 'claude-x',
              api_key_env: 'TEST_ANTHROPIC_KEY',
            }
          : { id: 'p', kind, base_url: `${server.url}/v1`, model: 'm' };
      writeFileSync(
        path.join(root, 'ws', 'skill-studio.json'),
        JSON.stringify({ providers: [provider] }),
      );
      // A workspace provider sends its key only where the user approved it.
      if (kind === 'anthropic') expect((await cli('providers', 'approve', 'p')).code).toBe(0);
      const r = await cli('call', 'time-arithmetic', '--args', '{"question":"In 45 days?"}');
      expect(r.stdout).toContain('It will be a Thursday.\n');
      expect(r.stdout).toMatch(/tool calculator → \{"result":3\}/);
      expect(r.code).toBe(0);
      expect(server.requests).toHaveLength(3);
      expect(loadedSdk(r.stderr)).toBe(kind === 'anthropic');
      // The SDK sends the key as a bearer token (older ones as x-api-key).
      const { headers } = server.requests[0];
      if (kind === 'anthropic') expect(headers['x-api-key'] ?? headers.authorization).toMatch(KEY);
    },
  );
});
