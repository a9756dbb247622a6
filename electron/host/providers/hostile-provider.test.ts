/**
 * A provider as an attacker runs it, against both real clients and the model listing,
 * over a local wire server: a 5xx whose body is 1.2 GB (streamed, never allocated), a
 * `/models` of the same size, text that never ends, tool-call arguments that never end,
 * a turn of endless tool calls. Each is cut at its cap (output-limits.ts): the server's
 * byte count shows the client stopped reading, not that it read everything and then
 * complained. And a provider that echoes the key back, whole or split over reads.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startWireServer, type WireServer } from './test-support/wire-server';
import { anthropicTurn, openAiChunk, openAiTurn } from './test-support/provider-wire';
import { AnthropicApi } from './anthropic-api';
import { OpenAiCompatibleApi } from './openai-api';
import { GeminiApi } from './gemini-api';
import { listModels } from './provider-check';
import { ProviderError } from './provider-errors';
import type { ChatApi, ChatRequest } from './chat-types';
import type { ProviderConfig } from '../workspace/provider-config';
import { MAX_TOOL_ARGUMENTS_CHARS, OutputBudget, OutputCapError } from './output-limits';
import { redactingApi, SecretScrubber } from './run-secrets';

const GB = 1.2 * 1024 * 1024 * 1024;
/** What the client may have let in past a cap: socket buffers and one read, not the body. */
const SLACK = 32 * 1024 * 1024;
const MIB_CHUNK = 'x'.repeat(1024 * 1024);

let server: WireServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** A body of `total` bytes: `head`, then filler, then `tail`, one MiB at a time. */
function hugeBody(total: number, head: string, tail = ''): (i: number) => string | null {
  const chunks = Math.ceil(total / MIB_CHUNK.length);
  return (i) => (i === 0 ? head : i <= chunks ? MIB_CHUNK : i === chunks + 1 ? tail : null);
}

function request(overrides: Partial<ChatRequest> = {}): ChatRequest {
  return {
    model: 'm',
    system: '',
    messages: [{ role: 'user', content: 'hi' }],
    tools: [],
    maxTokens: 100,
    signal: new AbortController().signal,
    // No time for a retry: one attempt is what is measured.
    deadline: Date.now() + 300,
    ...overrides,
  };
}

type Kind = 'anthropic' | 'openai';
function client(kind: Kind, url: string, apiKey: string | null = null): ChatApi {
  return kind === 'anthropic'
    ? new AnthropicApi({ providerId: 'evil', baseUrl: url, apiKey })
    : new OpenAiCompatibleApi({ providerId: 'evil', baseUrl: `${url}/v1`, apiKey });
}

async function failure(p: Promise<unknown>): Promise<ProviderError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(ProviderError);
    return err as ProviderError;
  }
  throw new Error('expected the call to fail');
}

/** Endless SSE of text deltas in `kind`'s wire format. */
function endlessText(kind: Kind, piece: string): (i: number) => string {
  const head = anthropicTurn({ text: [] })[0];
  return (i) => {
    if (kind === 'openai') return openAiChunk('m', [{ index: 0, delta: { content: piece } }]);
    if (i === 0)
      return (
        head +
        'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n'
      );
    return `event: content_block_delta\ndata: ${JSON.stringify({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: piece } })}\n\n`;
  };
}

describe.each<Kind>(['openai', 'anthropic'])('a hostile %s provider', (kind) => {
  it('a 5xx with a 1.2 GB error body: a short error from its start, the rest never read', async () => {
    server = await startWireServer([
      {
        kind: 'stream',
        status: 503,
        contentType: 'application/json',
        next: hugeBody(GB, '{"error":{"message":"overloaded ', '"}}'),
      },
    ]);
    const err = await failure(client(kind, server.url).stream(request(), { onText: () => {} }));
    expect(err.kind).toBe('server');
    expect(err.message).toMatch(/503/);
    expect(err.message.length).toBeLessThan(1000);
    expect(server.streamedBytes).toBeLessThan(SLACK);
  });

  it('text that never ends is cut at the run budget, as a cap error', async () => {
    server = await startWireServer([{ kind: 'stream', next: endlessText(kind, 'y'.repeat(4096)) }]);
    const budget = new OutputBudget(2 * 1024 * 1024);
    let seen = 0;
    const err = await failure(
      client(kind, server.url).stream(request({ budget, deadline: Date.now() + 60_000 }), {
        onText: (t) => (seen += t.length),
      }),
    );
    expect(err).toBeInstanceOf(OutputCapError);
    expect((err as OutputCapError).cap).toBe('transcript');
    expect(err.message).toMatch(/over its cap of 2 Mi characters/);
    expect(seen).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(server.streamedBytes).toBeLessThan(SLACK);
  });

  it('one tool call whose arguments never end is cut at 1 MiB', async () => {
    const head =
      kind === 'openai'
        ? openAiChunk('m', [
            {
              index: 0,
              delta: {
                tool_calls: [
                  {
                    index: 0,
                    id: 'c1',
                    type: 'function',
                    function: { name: 'calc', arguments: '' },
                  },
                ],
              },
            },
          ])
        : anthropicTurn({ text: [] })[0] +
          `event: content_block_start\ndata: ${JSON.stringify({ type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'c1', name: 'calc', input: {} } })}\n\n`;
    const piece = 'a'.repeat(4096);
    const more =
      kind === 'openai'
        ? openAiChunk('m', [
            { index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: piece } }] } },
          ])
        : `event: content_block_delta\ndata: ${JSON.stringify({ type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: piece } })}\n\n`;
    server = await startWireServer([{ kind: 'stream', next: (i) => (i === 0 ? head : more) }]);
    const err = await failure(
      client(kind, server.url).stream(request({ deadline: Date.now() + 60_000 }), {
        onText: () => {},
      }),
    );
    expect((err as OutputCapError).cap).toBe('tool_arguments');
    expect(err.message).toMatch(/arguments for the tool "calc" over their cap of 1 Mi characters/);
    expect(server.streamedBytes).toBeLessThan(MAX_TOOL_ARGUMENTS_CHARS + SLACK);
  });

  it('a turn of tool calls that never ends is cut at 128 calls', async () => {
    const head = kind === 'openai' ? '' : anthropicTurn({ text: [] })[0];
    server = await startWireServer([
      {
        kind: 'stream',
        next: (i) =>
          (i === 0 ? head : '') +
          (kind === 'openai'
            ? openAiChunk('m', [
                {
                  index: 0,
                  delta: {
                    tool_calls: [
                      {
                        index: i,
                        id: `c${i}`,
                        type: 'function',
                        function: { name: 't', arguments: '{}' },
                      },
                    ],
                  },
                },
              ])
            : `event: content_block_start\ndata: ${JSON.stringify({ type: 'content_block_start', index: i, content_block: { type: 'tool_use', id: `c${i}`, name: 't', input: {} } })}\n\n`),
      },
    ]);
    const err = await failure(
      client(kind, server.url).stream(request({ deadline: Date.now() + 60_000 }), {
        onText: () => {},
      }),
    );
    expect((err as OutputCapError).cap).toBe('tool_calls');
  });

  it('/models with a 1.2 GB body: refused at 4 MiB, the rest never read', async () => {
    server = await startWireServer([
      {
        kind: 'stream',
        contentType: 'application/json',
        next: hugeBody(GB, '{"data":[{"id":"', '"}]}'),
      },
    ]);
    const provider: ProviderConfig = {
      id: 'evil',
      kind: kind === 'openai' ? 'openai-compatible' : 'anthropic',
      base_url: kind === 'openai' ? `${server.url}/v1` : server.url,
      model: 'm',
      models: [],
      api_key_env: null,
      default: true,
      source: 'workspace',
    } as ProviderConfig;
    const err = await failure(listModels(provider, null, { timeoutMs: 60_000 }));
    expect(err.message).toMatch(/over 4(\.0)? MiB/);
    expect(server.streamedBytes).toBeLessThan(SLACK);
  });

  it('/models failing with a 1.2 GB error body: read to 64 KiB', async () => {
    server = await startWireServer([
      {
        kind: 'stream',
        status: 500,
        contentType: 'application/json',
        next: hugeBody(GB, '{"error":{"message":"', '"}}'),
      },
    ]);
    const provider = {
      id: 'evil',
      kind: kind === 'openai' ? 'openai-compatible' : 'anthropic',
      base_url: kind === 'openai' ? `${server.url}/v1` : server.url,
      model: 'm',
      models: [],
      api_key_env: null,
      default: true,
      source: 'workspace',
    } as ProviderConfig;
    const err = await failure(listModels(provider, null, { timeoutMs: 60_000 }));
    expect(err.status).toBe(500);
    expect(server.streamedBytes).toBeLessThan(SLACK);
  });
});

describe('a hostile gemini provider', () => {
  const gemini = (url: string): ChatApi =>
    new GeminiApi({ providerId: 'evil', baseUrl: url, apiKey: null });
  const event = (part: unknown): string =>
    `data: ${JSON.stringify({ candidates: [{ content: { role: 'model', parts: [part] } }] })}\n\n`;

  it('a 5xx with a 1.2 GB error body is read only to its start', async () => {
    server = await startWireServer([
      {
        kind: 'stream',
        status: 500,
        contentType: 'application/json',
        next: hugeBody(GB, '{"error":{"message":"', '"}}'),
      },
    ]);
    const err = await failure(gemini(server.url).stream(request(), { onText: () => {} }));
    expect(err.status).toBe(500);
    expect(server.streamedBytes).toBeLessThan(SLACK);
  });

  it('endless text and endless function calls are cut at their caps', async () => {
    server = await startWireServer([
      { kind: 'stream', next: () => event({ text: 'z'.repeat(4096) }) },
      { kind: 'stream', next: (i) => event({ functionCall: { name: 't', args: { i } } }) },
    ]);
    const text = await failure(
      gemini(server.url).stream(
        request({ budget: new OutputBudget(1024 * 1024), deadline: Date.now() + 60_000 }),
        { onText: () => {} },
      ),
    );
    expect((text as OutputCapError).cap).toBe('transcript');
    const calls = await failure(
      gemini(server.url).stream(request({ deadline: Date.now() + 60_000 }), { onText: () => {} }),
    );
    expect((calls as OutputCapError).cap).toBe('tool_calls');
  });
});

describe('a provider that echoes the key', () => {
  const KEY = 'sk-proj-ECHOECHOECHO-0123456789abcdef';

  it('whole or split over network reads, the key never reaches the stream, the turn or a tool call', async () => {
    const half = KEY.length >> 1;
    server = await startWireServer([
      {
        kind: 'sse',
        gapMs: 20,
        chunks: openAiTurn({
          deltas: [
            { content: `your key is ${KEY}. again: ${KEY.slice(0, half)}` },
            { content: KEY.slice(half, half + 3) },
            { content: `${KEY.slice(half + 3)} and once more ${KEY.slice(0, 5)}` },
            { content: `${KEY.slice(5)}!` },
            {
              tool_calls: [
                {
                  index: 0,
                  id: 'c1',
                  type: 'function',
                  function: { name: 'calc', arguments: `{"k":"${KEY}"}` },
                },
              ],
            },
          ],
        }),
      },
    ]);
    const scrubber = new SecretScrubber([KEY]);
    const pieces: string[] = [];
    const turn = await redactingApi(client('openai', server.url, KEY), scrubber).stream(
      request({ deadline: Date.now() + 10_000 }),
      { onText: (t) => pieces.push(t) },
    );
    const streamed = pieces.join('');
    expect(streamed).not.toContain(KEY.slice(0, half + 3));
    expect(streamed).toBe('your key is [redacted]. again: [redacted] and once more [redacted]!');
    expect(turn.text).toBe(streamed);
    expect(turn.toolCalls[0].argumentsText).toBe('{"k":"[redacted]"}');
    // The server did send it: the guarantee is ours, not the fixture's.
    expect(server.sent.join('')).toContain(KEY);
  });

  it('an error message that echoes the key is redacted', async () => {
    server = await startWireServer([
      { kind: 'json', status: 400, body: { error: { message: `bad key ${KEY}` } } },
    ]);
    const other = 'sk-other-provider-key-000000000000';
    const err = await failure(
      redactingApi(client('openai', server.url, null), new SecretScrubber([other, KEY])).stream(
        request(),
        { onText: () => {} },
      ),
    );
    expect(err.message).not.toContain(KEY);
    expect(err.message).toContain('[redacted]');
  });
});
