/**
 * Model listing and the connection check against local servers: GET /v1/models (the
 * Anthropic one through the SDK), Ollama's /api/tags when /v1/models is missing, and a
 * message that says what to fix for 401, a refused connection and a missing key.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mergeProviders, readProviders } from '../workspace/provider-config';
import { checkProvider, listModels } from './provider-check';
import { startWireServer, type WireServer } from './test-support/wire-server';

let server: WireServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const setOf = (entries: unknown[]) =>
  mergeProviders(readProviders(entries, 'workspace'), readProviders([], 'user'));
/** The same entries in the user's own file: they may send the key they name. */
const ownSetOf = (entries: unknown[]) =>
  mergeProviders(readProviders([], 'workspace'), readProviders(entries, 'user'));

describe('listModels', () => {
  it('anthropic: GET /v1/models through the SDK, with the key', async () => {
    server = await startWireServer([
      {
        kind: 'json',
        status: 200,
        body: {
          data: [
            {
              type: 'model',
              id: 'claude-a',
              display_name: 'A',
              created_at: '2026-01-01T00:00:00Z',
            },
          ],
          has_more: false,
          first_id: 'claude-a',
          last_id: 'claude-a',
        },
      },
    ]);
    const [p] = setOf([
      { id: 'c', kind: 'anthropic', base_url: server.url, model: 'claude-a' },
    ]).providers;
    expect(await listModels(p, 'sk-ant-k-0000000000')).toEqual(['claude-a']);
    expect(server.requests[0].url).toMatch(/^\/v1\/models/);
  });

  it('openai-compatible: GET /v1/models; Ollama without it: /api/tags', async () => {
    server = await startWireServer((req) =>
      req.url === '/v1/models'
        ? { kind: 'json', status: 404, body: { error: 'not found' } }
        : {
            kind: 'json',
            status: 200,
            body: { models: [{ name: 'llama3.2:latest' }, { name: 'qwen3:8b' }] },
          },
    );
    const [p] = setOf([
      { id: 'o', kind: 'openai-compatible', base_url: `${server.url}/v1`, model: 'qwen3:8b' },
    ]).providers;
    expect(await listModels(p, null)).toEqual(['llama3.2:latest', 'qwen3:8b']);
    expect(server.requests.map((r) => r.url)).toEqual(['/v1/models', '/api/tags']);
  });
});

describe('checkProvider', () => {
  it('ok: key present, reachable, model listed', async () => {
    server = await startWireServer([
      {
        kind: 'json',
        status: 200,
        body: { object: 'list', data: [{ id: 'gpt-x', object: 'model' }] },
      },
    ]);
    const set = ownSetOf([
      {
        id: 'o',
        kind: 'openai-compatible',
        base_url: `${server.url}/v1`,
        model: 'gpt-x',
        api_key_env: 'K',
      },
    ]);
    const check = await checkProvider(set.providers[0], set, {
      env: { K: 'sk-abc-000000000000' },
      userFile: null,
    });
    expect(check).toMatchObject({
      ok: true,
      key: 'present',
      reachable: true,
      models: ['gpt-x'],
      model_listed: true,
      problem: null,
    });
    expect(server.requests[0].headers.authorization).toBe('Bearer sk-abc-000000000000');
  });

  it('a model the server does not list is named, with what it offers', async () => {
    server = await startWireServer([
      { kind: 'json', status: 200, body: { data: [{ id: 'a' }, { id: 'b' }] } },
    ]);
    const set = setOf([
      { id: 'o', kind: 'openai-compatible', base_url: `${server.url}/v1`, model: 'zzz' },
    ]);
    const check = await checkProvider(set.providers[0], set, { env: {}, userFile: null });
    expect(check).toMatchObject({ ok: false, reachable: true, model_listed: false });
    expect(check.problem).toMatch(/"zzz" is not among the 2 models.*a, b/);
  });

  it('401: reachable, the key refused, what to fix', async () => {
    server = await startWireServer([
      { kind: 'json', status: 401, body: { error: { message: 'invalid key' } } },
    ]);
    const set = ownSetOf([
      {
        id: 'o',
        kind: 'openai-compatible',
        base_url: `${server.url}/v1`,
        model: 'x',
        api_key_env: 'K',
      },
    ]);
    const check = await checkProvider(set.providers[0], set, {
      env: { K: 'sk-bad-0000000000' },
      userFile: null,
    });
    expect(check).toMatchObject({ ok: false, reachable: true, key: 'present' });
    expect(check.problem).toMatch(/refused the API key \(401: invalid key\)/);
  });

  it('a workspace provider with an unapproved key: refused before any request, saying how to approve', async () => {
    server = await startWireServer([{ kind: 'json', status: 200, body: { data: [] } }]);
    const set = setOf([
      {
        id: 'o',
        kind: 'openai-compatible',
        base_url: `${server.url}/v1`,
        model: 'x',
        api_key_env: 'K',
      },
    ]);
    const check = await checkProvider(set.providers[0], set, {
      env: { K: 'sk-abc-000000000000' },
      userFile: null,
    });
    expect(check).toMatchObject({
      ok: false,
      reachable: false,
      key: 'present',
      approval: { secret: 'env:K', origin: server.url.replace(/\/$/, '') },
    });
    expect(check.problem).toMatch(/skill-studio providers approve o/);
    expect(server.requests).toEqual([]);
  });

  it('refused connection and missing key', async () => {
    const probe = await startWireServer([{ kind: 'hang' }]);
    await probe.close();
    const set = setOf([
      { id: 'down', kind: 'openai-compatible', base_url: `${probe.url}/v1`, model: 'x' },
      { id: 'nokey', kind: 'anthropic', model: 'x', api_key_env: 'NOT_SET_ANYWHERE' },
    ]);
    const down = await checkProvider(set.providers[0], set, { env: {}, userFile: null });
    expect(down).toMatchObject({ ok: false, reachable: false, key: 'not_needed' });
    expect(down.problem).toMatch(/connection refused.*start the server/);
    const nokey = await checkProvider(set.providers[1], set, { env: {}, userFile: null });
    expect(nokey).toMatchObject({ ok: false, key: 'missing' });
    expect(nokey.problem).toMatch(/NOT_SET_ANYWHERE, which is not set/);
  });

  it('TLS spoken to a plain-HTTP server: says to check the scheme and the certificate', async () => {
    server = await startWireServer([{ kind: 'json', status: 200, body: { data: [] } }]);
    const set = setOf([
      {
        id: 't',
        kind: 'openai-compatible',
        base_url: `${server.url.replace('http:', 'https:')}/v1`,
        model: 'x',
      },
    ]);
    const check = await checkProvider(set.providers[0], set, { env: {}, userFile: null });
    expect(check).toMatchObject({ ok: false, reachable: false });
    expect(check.problem).toMatch(/TLS connection .* failed.*http:\/\/ for a local server/);
  });
});
