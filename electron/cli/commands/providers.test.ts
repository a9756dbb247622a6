/**
 * The CLI of model runs: `providers [--json]` lists and checks each provider, and
 * `call NAME --provider ID [--model M]` streams the transcript of the bundled
 * time-arithmetic skill from a local OpenAI-wire server.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempWorkspace, type TempWorkspace } from '../../test-support/temp-workspace';
import { runCliIn } from '../../test-support/run-cli';
import { startWireServer, type WireServer } from '../../host/providers/test-support/wire-server';
import { timeArithmeticTurns } from '../../host/providers/test-support/provider-wire';

let ws: TempWorkspace;
let server: WireServer | null = null;
beforeEach(() => {
  ws = tempWorkspace();
});
afterEach(async () => {
  ws.cleanup();
  await server?.close();
  server = null;
});

const config = (providers: unknown[]) =>
  ws.write('skill-studio.json', JSON.stringify({ providers }, null, 2));

describe('skill-studio providers', () => {
  it('with none configured: says how to add one, exit 1', async () => {
    const r = await runCliIn(ws.root, ['providers']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /No LLM provider is configured: add one under "providers" in skill-studio\.json/,
    );
  });

  it('--json: each provider with key, reachability and models; a literal key is flagged', async () => {
    server = await startWireServer([
      { kind: 'json', status: 200, body: { data: [{ id: 'llama3.2' }, { id: 'qwen3' }] } },
    ]);
    config([
      {
        id: 'local',
        kind: 'openai-compatible',
        base_url: `${server.url}/v1`,
        model: 'llama3.2',
        default: true,
      },
      {
        id: 'claude',
        kind: 'anthropic',
        model: 'claude-x',
        api_key_env: 'UNSET_KEY_VAR',
        api_key: 'literal-secret-value',
      },
    ]);
    const r = await runCliIn(ws.root, ['providers', '--json']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as {
      providers: Record<string, unknown>[];
      problems: { code: string; line: number }[];
    };
    expect(out.providers).toEqual([
      expect.objectContaining({
        id: 'local',
        ok: true,
        reachable: true,
        key: 'not_needed',
        models: ['llama3.2', 'qwen3'],
        default: true,
      }),
      expect.objectContaining({
        id: 'claude',
        ok: false,
        key: 'missing',
        problem: expect.stringMatching(/UNSET_KEY_VAR, which is not set/),
      }),
    ]);
    expect(out.problems).toEqual([
      expect.objectContaining({ code: 'CREDENTIALS_IN_FILE', line: 15 }),
    ]);
    expect(r.stdout).not.toContain('literal-secret-value');
  });

  it('human output marks each provider', async () => {
    server = await startWireServer([{ kind: 'json', status: 200, body: { data: [{ id: 'm' }] } }]);
    config([{ id: 'local', kind: 'openai-compatible', base_url: `${server.url}/v1`, model: 'm' }]);
    const r = await runCliIn(ws.root, ['providers']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /✓ local {2}openai-compatible {2}http:\/\/127\.0\.0\.1:\d+\/v1 {2}model m/,
    );
    expect(r.stdout).toMatch(/no key needed · reachable, 1 model · from skill-studio\.json/);
  });
});

describe('skill-studio call --provider', () => {
  it('streams the transcript of time-arithmetic and reports model and tokens', async () => {
    server = await startWireServer((_req, n) => ({
      kind: 'sse',
      chunks: timeArithmeticTurns('openai-compatible', 'picked-model')[Math.min(n, 2)],
    }));
    config([
      {
        id: 'other',
        kind: 'openai-compatible',
        base_url: 'http://127.0.0.1:9/v1',
        model: 'x',
        default: true,
      },
      {
        id: 'local',
        kind: 'openai-compatible',
        base_url: `${server.url}/v1`,
        model: 'llama3.2',
        models: ['picked-model'],
      },
    ]);
    const r = await runCliIn(ws.root, [
      'call',
      'time-arithmetic',
      '--args',
      '{"question":"What weekday is it in 45 days?"}',
      '--provider',
      'local',
      '--model',
      'picked-model',
    ]);
    expect(r.stderr).toMatch(/local\/picked-model · 3 turn\(s\) · tokens in 90, out 36/);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('It will be a Thursday.\n');
    expect(r.stdout).toMatch(/tool calculator → \{"result":3\}/);
    expect((server.requests[0].json as { model: string }).model).toBe('picked-model');
  });

  it('an unknown provider is refused as unauthorized; --model alone is a usage error', async () => {
    config([
      { id: 'local', kind: 'openai-compatible', base_url: 'http://127.0.0.1:9/v1', model: 'm' },
    ]);
    const r = await runCliIn(ws.root, [
      'call',
      'time-arithmetic',
      '--args',
      '{"question":"q"}',
      '--provider',
      'nope',
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /unauthorized: llm_override names a provider this host has not approved; approved: local/,
    );
    const usage = await runCliIn(ws.root, ['call', 'time-arithmetic', '--model', 'm']);
    expect(usage.code).toBe(2);
  });
});
