/**
 * `call` of an instruction skill through the built CLI (`npm run build` first), as an
 * agent runs it: a whole process, against a local server that speaks each provider's
 * wire format. A call reads only the bundles its provider needs: the Anthropic SDK is
 * loaded for an Anthropic provider, and never parsed for any other
 * (scripts/cli-lazy-modules.mjs).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { timeArithmeticTurns } from '../host/providers/test-support/provider-wire';
import { startWireServer, type WireServer } from '../host/providers/test-support/wire-server';
import { assertBuilt, BIN, runProcess, type ProcessRun } from '../test-support/built-cli';

const KEY = 'sk-ant-test-0000000000000000';

let root: string;
let server: WireServer | null = null;

beforeAll(assertBuilt);
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

/** The CLI in the workspace, with the module loader's trace on stderr. */
const cli = (...args: string[]): Promise<ProcessRun> =>
  runProcess([BIN, ...args], {
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
  });

const loadedSdk = (stderr: string): boolean =>
  /load "[^"]*dist[/\\]cli[/\\]@anthropic-ai[/\\]sdk\.cjs"/.test(stderr);

describe('call through the built CLI', { timeout: 60_000 }, () => {
  it.each(['anthropic', 'openai-compatible'] as const)(
    'runs time-arithmetic on a %s provider, loading the Anthropic SDK only for that one',
    async (kind) => {
      const turns = timeArithmeticTurns(kind);
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
