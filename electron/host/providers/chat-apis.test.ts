/**
 * Both chat clients against local servers that speak each provider's wire format byte
 * for byte (the Anthropic one sends the request the real @anthropic-ai/sdk makes): text, one
 * tool call, parallel calls, the OpenAI-compatible quirks, 401, 429 with retry-after,
 * 500 then success, a stream cut mid-message, malformed SSE, a server that never
 * answers, and cancel mid-stream (the server sees its connection closed).
 */
import { getEventListeners } from 'node:events';
import Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { AnthropicApi } from './anthropic-api';
import { OpenAiCompatibleApi } from './openai-api';
import type { ChatApi, ChatRequest, ChatTurn } from './chat-types';
import { ProviderError } from './provider-errors';
import { startWireServer, type Reply, type WireServer } from './test-support/wire-server';
import {
  anthropicTurn,
  openAiChunk,
  openAiTurn,
  textDeltas,
  toolCallDeltas,
} from './test-support/provider-wire';

const KEY = 'sk-ant-test-0123456789abcdefghijklmnop';
let server: WireServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

type Kind = 'anthropic' | 'openai';

function client(kind: Kind, url: string, retries: string[] = []): ChatApi {
  const onRetry = (m: string): void => void retries.push(m);
  return kind === 'anthropic'
    ? new AnthropicApi({ providerId: 'p', baseUrl: url, apiKey: KEY, onRetry })
    : new OpenAiCompatibleApi({ providerId: 'p', baseUrl: `${url}/v1`, apiKey: KEY, onRetry });
}

function request(signal = new AbortController().signal, deadlineMs = 30_000): ChatRequest {
  return {
    model: 'm1',
    system: 'You are a test.',
    messages: [{ role: 'user', content: 'hi' }],
    tools: [
      { name: 'calculator', description: 'calc', parameters: { type: 'object', properties: {} } },
    ],
    maxTokens: 100,
    signal,
    deadline: Date.now() + deadlineMs,
  };
}

async function run(
  kind: Kind,
  replies: Reply[],
  req = request(),
): Promise<{ turn: ChatTurn; text: string[] }> {
  server = await startWireServer(replies);
  const text: string[] = [];
  const turn = await client(kind, server.url).stream(req, { onText: (d) => text.push(d) });
  return { turn, text };
}

async function failure(kind: Kind, replies: Reply[], req = request()): Promise<ProviderError> {
  server = await startWireServer(replies);
  const err = await client(kind, server.url)
    .stream(req, { onText: () => undefined })
    .then(
      () => null,
      (e: unknown) => e,
    );
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
}

describe('Anthropic client (the request the official SDK makes) on the Messages wire format', () => {
  it('streams text with pings, and reads usage from message_start and message_delta', async () => {
    const { turn, text } = await run('anthropic', [
      {
        kind: 'sse',
        chunks: anthropicTurn({
          text: ['Hel', 'lo'],
          inputTokens: 40,
          outputTokens: 7,
          cacheRead: 5,
        }),
      },
    ]);
    // Deltas of one network read may come out joined; the text is the same.
    expect(text.join('')).toBe('Hello');
    expect(turn).toMatchObject({
      text: 'Hello',
      toolCalls: [],
      stopReason: 'end_turn',
      model: 'claude-sonnet-4-5-20250929',
    });
    expect(turn.usage).toEqual({
      input_tokens: 40,
      output_tokens: 7,
      cache_read_input_tokens: 5,
      cache_creation_input_tokens: 0,
    });
    const req = server!.requests[0];
    expect(req.url).toBe('/v1/messages');
    // SDK 1.x sends the key as a bearer token (older ones as x-api-key).
    expect(req.headers['x-api-key'] ?? req.headers.authorization).toMatch(KEY);
    expect(req.headers['anthropic-version']).toBeTruthy();
    expect(req.json).toMatchObject({
      model: 'm1',
      system: 'You are a test.',
      stream: true,
      max_tokens: 100,
    });
  });

  it('the deltas of one network read go out as one piece', async () => {
    const whole = anthropicTurn({ text: ['Hel', 'lo', ' there'] }).join('');
    const { turn, text } = await run('anthropic', [{ kind: 'sse', chunks: [whole] }]);
    expect(text).toEqual(['Hello there']);
    expect(turn.text).toBe('Hello there');
  });

  it('ends at message_stop even when the server holds the connection open', async () => {
    const { turn } = await run('anthropic', [
      { kind: 'sse', chunks: anthropicTurn({ text: ['done'] }), holdOpen: true },
    ]);
    expect(turn).toMatchObject({ text: 'done', stopReason: 'end_turn' });
  });

  it("an error event mid-stream is the provider's failure, in its words, without the key", async () => {
    const err = await failure('anthropic', [
      {
        kind: 'sse',
        chunks: [
          ...anthropicTurn({ text: ['a'] }).slice(0, 2),
          `event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded for ${KEY}"}}\n\n`,
        ],
      },
    ]);
    expect(err.kind).toBe('server');
    expect(err.message).toMatch(/reported an error mid-stream: Overloaded/);
    expect(err.message).not.toContain(KEY);
  });

  it('assembles one tool call from input_json_delta fragments that start with ""', async () => {
    const { turn } = await run('anthropic', [
      {
        kind: 'sse',
        chunks: anthropicTurn({
          text: ['Let me compute.'],
          tools: [
            { id: 'toolu_1', name: 'calculator', fragments: ['{"expr', 'ession": "2', '+2"}'] },
          ],
        }),
      },
    ]);
    expect(turn.stopReason).toBe('tool_use');
    expect(turn.toolCalls).toEqual([
      { id: 'toolu_1', name: 'calculator', argumentsText: '{"expression": "2+2"}' },
    ]);
  });

  it('keeps parallel tool calls apart and in order', async () => {
    const { turn } = await run('anthropic', [
      {
        kind: 'sse',
        chunks: anthropicTurn({
          tools: [
            { id: 'toolu_a', name: 'time', fragments: ['{"operation":', '"now"}'] },
            { id: 'toolu_b', name: 'calculator', fragments: ['{"expression":"1+1"}'] },
          ],
        }),
      },
    ]);
    expect(
      turn.toolCalls.map((c) => [c.id, c.name, JSON.parse(c.argumentsText) as unknown]),
    ).toEqual([
      ['toolu_a', 'time', { operation: 'now' }],
      ['toolu_b', 'calculator', { expression: '1+1' }],
    ]);
  });

  it('sends tool results back as a user turn of tool_result blocks', async () => {
    server = await startWireServer([{ kind: 'sse', chunks: anthropicTurn({ text: ['4'] }) }]);
    const req = request();
    req.messages = [
      { role: 'user', content: 'what is 2+2' },
      {
        role: 'assistant',
        text: '',
        toolCalls: [{ id: 'toolu_1', name: 'calculator', argumentsText: '{"expression":"2+2"}' }],
      },
      {
        role: 'tool',
        results: [{ id: 'toolu_1', name: 'calculator', content: '{"result":4}', isError: false }],
      },
    ];
    await client('anthropic', server.url).stream(req, { onText: () => undefined });
    expect((server.requests[0].json as { messages: unknown[] }).messages.slice(1)).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'toolu_1', name: 'calculator', input: { expression: '2+2' } },
        ],
      },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '{"result":4}' }],
      },
    ]);
  });
});

describe('Anthropic client requests', () => {
  it("are the SDK's request byte for byte, less its x-stainless-* headers about this machine", async () => {
    const reply = (): Reply => ({ kind: 'sse', chunks: anthropicTurn({ text: ['ok'] }) });
    server = await startWireServer([reply(), reply(), reply()]);
    // Two clients, as two runs make them: the second sends the request the first made.
    for (const c of [client('anthropic', server.url), client('anthropic', server.url)])
      await c.stream(request(), { onText: () => undefined });
    const [ours, again] = server.requests;
    const sdk = new Anthropic({ apiKey: KEY, baseURL: server.url, maxRetries: 0 });
    const params = JSON.parse(ours.body) as Anthropic.Messages.MessageCreateParamsStreaming;
    await (await sdk.messages.create(params).asResponse()).text();
    const theirs = server.requests[2];
    expect([ours.method, ours.url]).toEqual([theirs.method, theirs.url]);
    expect(ours.body).toBe(theirs.body);
    const telemetry = (h: string): boolean => h.startsWith('x-stainless-');
    expect(Object.keys(theirs.headers).filter(telemetry).length).toBeGreaterThan(3);
    expect(Object.entries(ours.headers)).toEqual(
      Object.entries(theirs.headers).filter(([h]) => !telemetry(h)),
    );
    expect(again.headers).toEqual(ours.headers);
    for (const h of ['anthropic-version', 'authorization', 'content-type'])
      expect(ours.headers[h], h).toBeTruthy();
    expect(Object.keys(ours.headers).some((h) => /traceparent|tracestate|baggage/.test(h))).toBe(
      false,
    );
  });

  it('a base_url that is no URL fails as a provider error naming it, on every turn', async () => {
    const bad = new AnthropicApi({ providerId: 'p', baseUrl: 'not a url', apiKey: KEY });
    for (let i = 0; i < 2; i++) {
      const err = await bad.stream(request(), { onText: () => undefined }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ProviderError);
      expect((err as ProviderError).message).toContain('provider "p"');
      expect((err as ProviderError).message).not.toContain(KEY);
    }
  });

  it('a run with another key sends its own', async () => {
    const reply = (): Reply => ({ kind: 'sse', chunks: anthropicTurn({ text: ['ok'] }) });
    server = await startWireServer([reply(), reply()]);
    await client('anthropic', server.url).stream(request(), { onText: () => undefined });
    const other = new AnthropicApi({ providerId: 'q', baseUrl: server.url, apiKey: 'sk-other' });
    await other.stream(request(), { onText: () => undefined });
    const [first, second] = server.requests;
    expect(first.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(second.headers.authorization).toBe('Bearer sk-other');
  });
});

describe.each<Kind>(['anthropic', 'openai'])('%s client turns on one run signal', (kind) => {
  it('leave no abort listener behind on it, though fetch keeps one on the signal it is given', async () => {
    server = await startWireServer(() => ({
      kind: 'sse',
      chunks:
        kind === 'anthropic'
          ? anthropicTurn({ text: ['x'] })
          : openAiTurn({ deltas: textDeltas('x') }),
    }));
    const controller = new AbortController();
    const c = client(kind, server.url);
    for (let i = 0; i < 12; i++)
      await c.stream(request(controller.signal), { onText: () => undefined });
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    expect(server.requests).toHaveLength(12);
  });
});

describe.each<Kind>(['anthropic', 'openai'])('%s client failures', (kind) => {
  const ok = (): Reply => ({
    kind: 'sse',
    chunks:
      kind === 'anthropic'
        ? anthropicTurn({ text: ['fine'] })
        : openAiTurn({ deltas: textDeltas('fine') }),
  });

  it('401: says the key was refused and where it comes from, without the key', async () => {
    const body =
      kind === 'anthropic'
        ? { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } }
        : {
            error: {
              message: `Incorrect API key provided: ${KEY}`,
              type: 'invalid_request_error',
              code: 'invalid_api_key',
            },
          };
    const err = await failure(kind, [{ kind: 'json', status: 401, body }]);
    expect(err.kind).toBe('auth');
    expect(err.message).toMatch(/refused the API key \(401/);
    expect(err.message).toMatch(/api_key_env/);
    expect(err.message).not.toContain(KEY);
    expect(server!.requests).toHaveLength(1);
  });

  it('404: points at the model name and base_url', async () => {
    const err = await failure(kind, [
      { kind: 'json', status: 404, body: { error: { message: 'model not found' } } },
    ]);
    expect(err.kind).toBe('not_found');
    expect(err.message).toMatch(/model name "m1".*base_url/);
  });

  it('429 with retry-after: waits as told, then succeeds', async () => {
    const retries: string[] = [];
    server = await startWireServer([
      {
        kind: 'json',
        status: 429,
        body: { error: { message: 'slow down' } },
        headers: { 'retry-after': '0' },
      },
      ok(),
    ]);
    const turn = await client(kind, server.url, retries).stream(request(), {
      onText: () => undefined,
    });
    expect(turn.text).toBe('fine');
    expect(server.requests).toHaveLength(2);
    expect(retries[0]).toMatch(/429.*retrying in 0\.0 s/);
  });

  it('429 whose retry-after ends past the deadline: fails at once, no wait', async () => {
    const err = await failure(
      kind,
      [
        {
          kind: 'json',
          status: 429,
          body: { error: { message: 'slow down' } },
          headers: { 'retry-after': '3600' },
        },
        ok(),
      ],
      request(undefined, 5000),
    );
    expect(err.kind).toBe('rate_limit');
    expect(server!.requests).toHaveLength(1);
  });

  it('500 then success', async () => {
    server = await startWireServer([
      {
        kind: 'json',
        status: 500,
        body: { error: { message: 'boom' } },
        headers: { 'retry-after-ms': '1' },
      },
      ok(),
    ]);
    const turn = await client(kind, server.url).stream(request(), { onText: () => undefined });
    expect(turn.text).toBe('fine');
    expect(server.requests).toHaveLength(2);
  });

  it('a stream cut mid-message is an error, not a short answer', async () => {
    const chunks =
      kind === 'anthropic'
        ? anthropicTurn({ text: ['partial'], truncate: true })
        : openAiTurn({
            deltas: textDeltas('partial'),
            finishReason: null,
            usage: null,
            done: false,
          });
    const err = await failure(kind, [{ kind: 'sse', chunks, cut: true }]);
    expect(err.kind).toBe('protocol');
    expect(err.message).toMatch(/mid-message/);
  });

  it('malformed SSE data is an error that names the likely cause', async () => {
    const chunks =
      kind === 'anthropic'
        ? [
            ...anthropicTurn({ text: ['a'] }).slice(0, 2),
            'event: content_block_delta\ndata: {not json\n\n',
          ]
        : [
            openAiChunk('m', [{ index: 0, delta: { content: 'a' }, finish_reason: null }]),
            'data: {not json\n\n',
          ];
    const err = await failure(kind, [{ kind: 'sse', chunks }]);
    expect(err.kind).toBe('protocol');
    expect(err.message).toMatch(/not JSON/);
  });

  it('a server that never answers: the abort (timeout) ends the request at once and the server sees it closed', async () => {
    server = await startWireServer([{ kind: 'hang' }]);
    const controller = new AbortController();
    const pending = client(kind, server.url).stream(request(controller.signal), {
      onText: () => undefined,
    });
    while (server.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    controller.abort('timeout');
    const err = (await pending.catch((e: unknown) => e)) as ProviderError;
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.kind).toBe('aborted');
    await server.clientClosedEarly;
    expect(server.earlyCloses).toBe(1);
  });

  it('cancel mid-stream closes the connection', async () => {
    const chunks =
      kind === 'anthropic'
        ? anthropicTurn({ text: ['one', 'two', 'three'] }).slice(0, 4)
        : openAiTurn({ deltas: textDeltas('one', 'two') }).slice(0, 2);
    server = await startWireServer([{ kind: 'sse', chunks, holdOpen: true }]);
    const controller = new AbortController();
    const seen: string[] = [];
    const pending = client(kind, server.url).stream(request(controller.signal), {
      onText: (d) => {
        seen.push(d);
        controller.abort('cancelled');
      },
    });
    const err = (await pending.catch((e: unknown) => e)) as ProviderError;
    expect(err.kind).toBe('aborted');
    expect(seen).toEqual(['one']);
    await server.clientClosedEarly;
  });

  it('connection refused: says nothing listens and how to fix it', async () => {
    const probe = await startWireServer([{ kind: 'hang' }]);
    const url = probe.url;
    await probe.close();
    const err = await client(kind, url)
      .stream(request(), { onText: () => undefined })
      .then(
        () => null,
        (e: unknown) => e as ProviderError,
      );
    expect(err?.kind).toBe('unreachable');
    expect(err?.message).toMatch(/connection refused.*base_url/);
  });
});

describe('OpenAI-compatible client on the Chat Completions wire format', () => {
  it('streams text, reads the include_usage chunk with choices: [], stops at [DONE]', async () => {
    const { turn, text } = await run('openai', [
      {
        kind: 'sse',
        chunks: openAiTurn({
          deltas: textDeltas('Hel', 'lo'),
          usage: {
            prompt_tokens: 11,
            completion_tokens: 3,
            total_tokens: 14,
            prompt_tokens_details: { cached_tokens: 4 },
          },
        }),
      },
    ]);
    // Deltas of one network read may come out joined; the text is the same.
    expect(text.join('')).toBe('Hello');
    expect(turn).toMatchObject({
      text: 'Hello',
      stopReason: 'end_turn',
      model: 'gpt-4o-mini-2024-07-18',
    });
    expect(turn.usage).toEqual({
      input_tokens: 11,
      output_tokens: 3,
      cache_read_input_tokens: 4,
      cache_creation_input_tokens: 0,
    });
    const req = server!.requests[0];
    expect(req.url).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.json).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: 'system', content: 'You are a test.' },
        { role: 'user', content: 'hi' },
      ],
    });
  });

  it('one tool call streamed in fragments', async () => {
    const { turn } = await run('openai', [
      {
        kind: 'sse',
        chunks: openAiTurn({
          deltas: toolCallDeltas(0, 'call_1', 'calculator', ['{"expre', 'ssion":"6*7"}']),
          finishReason: 'tool_calls',
        }),
      },
    ]);
    expect(turn.stopReason).toBe('tool_use');
    expect(turn.toolCalls).toEqual([
      { id: 'call_1', name: 'calculator', argumentsText: '{"expression":"6*7"}' },
    ]);
  });

  it('parallel tool calls at indexes 0 and 1', async () => {
    const { turn } = await run('openai', [
      {
        kind: 'sse',
        chunks: openAiTurn({
          deltas: [
            ...toolCallDeltas(0, 'call_a', 'time', ['{"operation":"now"}']),
            ...toolCallDeltas(1, 'call_b', 'calculator', ['{"expression":"1+1"}']),
          ],
          finishReason: 'tool_calls',
        }),
      },
    ]);
    expect(turn.toolCalls.map((c) => c.id)).toEqual(['call_a', 'call_b']);
  });

  it('quirk: a whole tool call in one chunk, and finish_reason "stop" although tools came', async () => {
    const { turn } = await run('openai', [
      {
        kind: 'sse',
        chunks: openAiTurn({
          deltas: [
            {
              tool_calls: [
                {
                  index: 0,
                  id: 'call_x',
                  type: 'function',
                  function: { name: 'calculator', arguments: '{"expression":"2^10"}' },
                },
              ],
            },
          ],
          finishReason: 'stop',
        }),
      },
    ]);
    expect(turn.stopReason).toBe('tool_use');
    expect(turn.toolCalls).toEqual([
      { id: 'call_x', name: 'calculator', argumentsText: '{"expression":"2^10"}' },
    ]);
  });

  it('quirk: parallel calls that reuse index 0 with a new id each', async () => {
    const { turn } = await run('openai', [
      {
        kind: 'sse',
        chunks: openAiTurn({
          deltas: [
            {
              tool_calls: [
                {
                  index: 0,
                  id: 'call_1',
                  type: 'function',
                  function: { name: 'time', arguments: '{"operation":"now"}' },
                },
              ],
            },
            {
              tool_calls: [
                {
                  index: 0,
                  id: 'call_2',
                  type: 'function',
                  function: { name: 'calculator', arguments: '{"expression":' },
                },
              ],
            },
            { tool_calls: [{ index: 0, function: { arguments: '"3*3"}' } }] },
          ],
          finishReason: 'tool_calls',
        }),
      },
    ]);
    expect(turn.toolCalls).toEqual([
      { id: 'call_1', name: 'time', argumentsText: '{"operation":"now"}' },
      { id: 'call_2', name: 'calculator', argumentsText: '{"expression":"3*3"}' },
    ]);
  });

  it('quirk: the name resent on every chunk is not repeated', async () => {
    const { turn } = await run('openai', [
      {
        kind: 'sse',
        chunks: openAiTurn({
          deltas: [
            {
              tool_calls: [
                {
                  index: 0,
                  id: 'call_1',
                  type: 'function',
                  function: { name: 'calculator', arguments: '{"expression"' },
                },
              ],
            },
            {
              tool_calls: [
                {
                  index: 0,
                  id: 'call_1',
                  type: 'function',
                  function: { name: 'calculator', arguments: ':"1+2"}' },
                },
              ],
            },
          ],
          finishReason: 'tool_calls',
        }),
      },
    ]);
    expect(turn.toolCalls).toEqual([
      { id: 'call_1', name: 'calculator', argumentsText: '{"expression":"1+2"}' },
    ]);
  });

  it('quirk: a server that ignores stream_options sends no usage and still ends cleanly', async () => {
    const { turn } = await run('openai', [
      { kind: 'sse', chunks: openAiTurn({ deltas: textDeltas('ok'), usage: null }) },
    ]);
    expect(turn.text).toBe('ok');
    expect(turn.usage.input_tokens).toBe(0);
  });

  it('sends tool results as role "tool" messages after the assistant tool_calls', async () => {
    server = await startWireServer([
      { kind: 'sse', chunks: openAiTurn({ deltas: textDeltas('4') }) },
    ]);
    const req = request();
    req.messages = [
      { role: 'user', content: 'q' },
      {
        role: 'assistant',
        text: '',
        toolCalls: [{ id: 'call_1', name: 'calculator', argumentsText: '{"expression":"2+2"}' }],
      },
      {
        role: 'tool',
        results: [{ id: 'call_1', name: 'calculator', content: '{"result":4}', isError: false }],
      },
    ];
    await client('openai', server.url).stream(req, { onText: () => undefined });
    expect((server.requests[0].json as { messages: unknown[] }).messages.slice(2)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'calculator', arguments: '{"expression":"2+2"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '{"result":4}' },
    ]);
  });
});
