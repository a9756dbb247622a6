/**
 * The `gemini` provider kind: accepted in skill-studio.json with Google's endpoint as its
 * default, a misspelt kind refused naming the kinds there are, and the studio's own loop
 * on it (gemini-api.ts) against a local server speaking `streamGenerateContent?alt=sse`
 * byte for byte: text, a function call whose thoughtSignature goes back on the next turn,
 * the key only in `x-goog-api-key`, 401, a cut stream, no abort listener left on the
 * run's signal after many turns, and the model list.
 */
import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { parseWorkspaceConfig } from '../workspace/workspace-config';
import { createChatApi } from './index';
import { GeminiApi } from './gemini-api';
import type { ChatRequest } from './chat-types';
import { ProviderError } from './provider-errors';
import { listModels } from './provider-check';
import { readProviders } from '../workspace/provider-config';
import { startWireServer, type WireServer } from './test-support/wire-server';
import { geminiTurn } from './test-support/provider-wire';

const KEY = 'AIzaSyD-test-0123456789abcdefghijklmno';
let server: WireServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

function request(extra: Partial<ChatRequest> = {}): ChatRequest {
  return {
    model: 'gemini-2.5-flash',
    system: 'You are a test.',
    messages: [{ role: 'user', content: 'hi' }],
    tools: [
      {
        name: 'calculator',
        description: 'calc',
        parameters: { type: 'object', properties: { expr: { type: 'string' } } },
      },
    ],
    maxTokens: 100,
    signal: new AbortController().signal,
    deadline: Date.now() + 30_000,
    ...extra,
  };
}

describe('the gemini provider kind in skill-studio.json', () => {
  it('is accepted, with Google’s endpoint when base_url is left out', () => {
    const read = readProviders(
      [
        { id: 'g', kind: 'gemini', model: 'gemini-2.5-flash', api_key_env: 'GEMINI_API_KEY' },
        { id: 'local', kind: 'gemini', base_url: 'http://127.0.0.1:9/', model: 'm' },
      ],
      'workspace',
    );
    expect(read.problems).toEqual([]);
    expect(read.providers.map((p) => [p.id, p.kind, p.base_url, p.api_key_env])).toEqual([
      ['g', 'gemini', 'https://generativelanguage.googleapis.com', 'GEMINI_API_KEY'],
      ['local', 'gemini', 'http://127.0.0.1:9', null],
    ]);
  });

  it('a misspelt kind is refused at its line, naming the kinds there are', () => {
    const text = JSON.stringify(
      { providers: [{ id: 'g', kind: 'gemeni', model: 'gemini-2.5-flash' }] },
      null,
      2,
    );
    const { config, diagnostics } = parseWorkspaceConfig(text, '/w/skill-studio.json');
    const bad = diagnostics.find((d) => d.field === 'providers.0.kind');
    expect(bad?.severity).toBe('error');
    expect(bad?.line).toBe(5);
    for (const kind of ['anthropic', 'openai-compatible', 'gemini'])
      expect(bad?.message).toContain(kind);
    expect(readProviders(config.providers, 'workspace').providers).toEqual([]);
  });

  it('a literal Google API key anywhere in skill-studio.json is flagged, whatever holds it', () => {
    const key = 'AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q';
    const text = JSON.stringify({ notes: key, providers: [] }, null, 2);
    const { diagnostics } = parseWorkspaceConfig(text, '/w/skill-studio.json');
    const creds = diagnostics.filter((d) => d.code === 'CREDENTIALS_IN_FILE');
    expect(creds.map((d) => d.field)).toEqual(['notes']);
    expect(JSON.stringify(diagnostics)).not.toContain(key);
  });
});

describe('Gemini client on the streamGenerateContent wire format', () => {
  it('streams text, reads usage and the model version, and sends the key in x-goog-api-key only', async () => {
    server = await startWireServer([
      {
        kind: 'sse',
        chunks: geminiTurn({
          text: ['Hel', 'lo'],
          modelVersion: 'gemini-2.5-flash-001',
          promptTokens: 12,
          outputTokens: 3,
        }),
      },
    ]);
    const text: string[] = [];
    const c = createChatApi(
      {
        id: 'g',
        kind: 'gemini',
        base_url: server.url,
        model: 'gemini-2.5-flash',
        models: [],
        api_key_env: null,
        default: true,
        source: 'workspace',
      },
      KEY,
    );
    expect(c).toBeInstanceOf(GeminiApi);
    const turn = await c.stream(request(), { onText: (d) => text.push(d) });
    expect(text.join('')).toBe('Hello');
    expect(turn).toMatchObject({
      text: 'Hello',
      toolCalls: [],
      stopReason: 'end_turn',
      model: 'gemini-2.5-flash-001',
      usage: { input_tokens: 12, output_tokens: 3 },
    });
    const [req] = server.requests;
    expect(req.url).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
    expect(req.headers['x-goog-api-key']).toBe(KEY);
    expect(req.url).not.toContain(KEY);
    expect(req.body).not.toContain(KEY);
    expect(req.json).toMatchObject({
      systemInstruction: { parts: [{ text: 'You are a test.' }] },
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
      tools: [
        {
          functionDeclarations: [{ name: 'calculator', parametersJsonSchema: { type: 'object' } }],
        },
      ],
      generationConfig: { maxOutputTokens: 100 },
    });
  });

  it('reads a whole function call, and sends its thoughtSignature back with it next turn', async () => {
    const signed = geminiTurn({ calls: [{ name: 'calculator', args: { expr: '1+1' } }] }).map((c) =>
      c.replace('"functionCall"', '"thoughtSignature":"sig-123","functionCall"'),
    );
    server = await startWireServer([
      { kind: 'sse', chunks: signed },
      { kind: 'sse', chunks: geminiTurn({ text: ['2'] }) },
    ]);
    const c = new GeminiApi({ providerId: 'g', baseUrl: server.url, apiKey: KEY });
    const first = await c.stream(request(), { onText: () => undefined });
    expect(first.stopReason).toBe('tool_use');
    expect(first.toolCalls).toHaveLength(1);
    const call = first.toolCalls[0];
    expect([call.name, JSON.parse(call.argumentsText)]).toEqual(['calculator', { expr: '1+1' }]);
    const second = await c.stream(
      request({
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'assistant', text: '', toolCalls: first.toolCalls },
          {
            role: 'tool',
            results: [{ id: call.id, name: 'calculator', content: '2', isError: false }],
          },
        ],
      }),
      { onText: () => undefined },
    );
    expect(second.text).toBe('2');
    expect((server.requests[1].json as { contents: unknown[] }).contents.slice(1)).toEqual([
      {
        role: 'model',
        parts: [
          {
            functionCall: { id: call.id, name: 'calculator', args: { expr: '1+1' } },
            thoughtSignature: 'sig-123',
          },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { id: call.id, name: 'calculator', response: { output: '2' } } },
        ],
      },
    ]);
  });

  it('a 401 is an auth error naming the provider, without the key', async () => {
    server = await startWireServer([
      {
        kind: 'json',
        status: 401,
        body: {
          error: { code: 401, message: `API key not valid: ${KEY}`, status: 'UNAUTHENTICATED' },
        },
      },
    ]);
    const c = new GeminiApi({ providerId: 'g', baseUrl: server.url, apiKey: KEY });
    const err = await c.stream(request(), { onText: () => undefined }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).kind).toBe('auth');
    expect((err as ProviderError).message).toContain('"g"');
    expect((err as ProviderError).message).not.toContain(KEY);
  });

  it('a stream cut before any finishReason is an error, not a short answer', async () => {
    const whole = geminiTurn({ text: ['Hel', 'lo'] });
    server = await startWireServer([{ kind: 'sse', chunks: whole.slice(0, 1) }]);
    const c = new GeminiApi({ providerId: 'g', baseUrl: server.url, apiKey: KEY });
    const err = await c.stream(request(), { onText: () => undefined }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).message).toMatch(/mid-message/);
  });

  it('turns on one run signal leave no abort listener behind on it', async () => {
    server = await startWireServer(() => ({ kind: 'sse', chunks: geminiTurn({ text: ['x'] }) }));
    const controller = new AbortController();
    const c = new GeminiApi({ providerId: 'g', baseUrl: server.url, apiKey: KEY });
    for (let i = 0; i < 12; i++)
      await c.stream(request({ signal: controller.signal }), { onText: () => undefined });
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    expect(server.requests).toHaveLength(12);
  });

  it('lists the models by their ids', async () => {
    server = await startWireServer([
      {
        kind: 'json',
        status: 200,
        body: { models: [{ name: 'models/gemini-2.5-flash' }, { name: 'models/gemini-2.5-pro' }] },
      },
    ]);
    const models = await listModels(
      {
        id: 'g',
        kind: 'gemini',
        base_url: server.url,
        model: 'gemini-2.5-flash',
        models: [],
        api_key_env: null,
        default: true,
        source: 'workspace',
      },
      KEY,
    );
    expect(models).toEqual(['gemini-2.5-flash', 'gemini-2.5-pro']);
    expect(server.requests[0].url).toMatch(/^\/v1beta\/models\b/);
    expect(server.requests[0].headers['x-goog-api-key']).toBe(KEY);
  });
});
