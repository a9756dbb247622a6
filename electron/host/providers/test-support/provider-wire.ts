/**
 * Test support: the two providers' streaming wire formats, byte for byte as their
 * servers send them.
 *
 * Anthropic Messages (`stream: true`): `event:` + `data:` lines, a blank line after each
 * event; message_start (input usage), content_block_start/delta/stop per block, `ping`
 * events, tool input as `input_json_delta` fragments (the first one `""`), message_delta
 * with the stop reason and cumulative usage, message_stop.
 *
 * OpenAI Chat Completions: `data:` lines only; a first chunk with the role, content and
 * tool_calls deltas, a chunk with finish_reason, the include_usage chunk with
 * `choices: []`, then `data: [DONE]`.
 */

export interface AnthropicTurnScript {
  model?: string;
  text?: string[];
  tools?: { id: string; name: string; fragments: string[] }[];
  stopReason?: string;
  inputTokens?: number;
  outputTokens?: number;
  cacheRead?: number;
  cacheWrite?: number;
  /** Leave out message_delta and message_stop (a stream cut mid-message). */
  truncate?: boolean;
}

const sse = (event: string, data: string): string => `event: ${event}\ndata: ${data}\n\n`;

export function anthropicTurn(s: AnthropicTurnScript): string[] {
  const model = s.model ?? 'claude-sonnet-4-5-20250929';
  const out: string[] = [];
  out.push(
    sse(
      'message_start',
      JSON.stringify({
        type: 'message_start',
        message: {
          id: 'msg_01XFDUDYJgAACzvnptvVoYEL',
          type: 'message',
          role: 'assistant',
          model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: {
            input_tokens: s.inputTokens ?? 25,
            cache_creation_input_tokens: s.cacheWrite ?? 0,
            cache_read_input_tokens: s.cacheRead ?? 0,
            output_tokens: 1,
          },
        },
      }),
    ),
  );
  let index = 0;
  if (s.text && s.text.length > 0) {
    out.push(
      sse(
        'content_block_start',
        `{"type":"content_block_start","index":${index},"content_block":{"type":"text","text":""}}`,
      ),
    );
    out.push(sse('ping', '{"type": "ping"}'));
    for (const t of s.text)
      out.push(
        sse(
          'content_block_delta',
          JSON.stringify({
            type: 'content_block_delta',
            index,
            delta: { type: 'text_delta', text: t },
          }),
        ),
      );
    out.push(sse('content_block_stop', `{"type":"content_block_stop","index":${index}}`));
    index++;
  }
  for (const tool of s.tools ?? []) {
    out.push(
      sse(
        'content_block_start',
        JSON.stringify({
          type: 'content_block_start',
          index,
          content_block: { type: 'tool_use', id: tool.id, name: tool.name, input: {} },
        }),
      ),
    );
    for (const f of ['', ...tool.fragments])
      out.push(
        sse(
          'content_block_delta',
          JSON.stringify({
            type: 'content_block_delta',
            index,
            delta: { type: 'input_json_delta', partial_json: f },
          }),
        ),
      );
    out.push(sse('content_block_stop', `{"type":"content_block_stop","index":${index}}`));
    index++;
  }
  if (s.truncate) return out;
  const stop = s.stopReason ?? ((s.tools?.length ?? 0) > 0 ? 'tool_use' : 'end_turn');
  out.push(
    sse(
      'message_delta',
      JSON.stringify({
        type: 'message_delta',
        delta: { stop_reason: stop, stop_sequence: null },
        usage: { output_tokens: s.outputTokens ?? 15 },
      }),
    ),
  );
  out.push(sse('message_stop', '{"type":"message_stop"}'));
  return out;
}

export interface OpenAiTurnScript {
  model?: string;
  /** Raw `delta` objects after the role chunk. */
  deltas?: Record<string, unknown>[];
  finishReason?: string | null;
  /** The include_usage chunk; null leaves it out (a server that ignores stream_options). */
  usage?: Record<string, unknown> | null;
  done?: boolean;
}

export function openAiChunk(model: string, choices: unknown[], usage?: unknown): string {
  return `data: ${JSON.stringify({
    id: 'chatcmpl-B9MHDbslfkBeAs8l4bebGdFOJ6PeG',
    object: 'chat.completion.chunk',
    created: 1741570283,
    model,
    system_fingerprint: 'fp_06737a9306',
    choices,
    ...(usage === undefined ? {} : { usage }),
  })}\n\n`;
}

export function openAiTurn(s: OpenAiTurnScript): string[] {
  const model = s.model ?? 'gpt-4o-mini-2024-07-18';
  const out: string[] = [];
  const choice = (delta: unknown, finish: string | null = null): unknown => ({
    index: 0,
    delta,
    logprobs: null,
    finish_reason: finish,
  });
  out.push(openAiChunk(model, [choice({ role: 'assistant', content: '', refusal: null })], null));
  for (const d of s.deltas ?? []) out.push(openAiChunk(model, [choice(d)], null));
  if (s.finishReason !== null)
    out.push(openAiChunk(model, [choice({}, s.finishReason ?? 'stop')], null));
  const usage =
    s.usage === undefined
      ? {
          prompt_tokens: 30,
          completion_tokens: 12,
          total_tokens: 42,
          prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
          completion_tokens_details: { reasoning_tokens: 0 },
        }
      : s.usage;
  if (usage !== null) out.push(openAiChunk(model, [], usage));
  if (s.done !== false) out.push('data: [DONE]\n\n');
  return out;
}

/** Text deltas. */
export const textDeltas = (...parts: string[]): Record<string, unknown>[] =>
  parts.map((content) => ({ content }));

/** One tool call streamed the reference way: id and name first, then argument fragments. */
export function toolCallDeltas(
  index: number,
  id: string,
  name: string,
  fragments: string[],
): Record<string, unknown>[] {
  return [
    { tool_calls: [{ index, id, type: 'function', function: { name, arguments: '' } }] },
    ...fragments.map((f) => ({ tool_calls: [{ index, function: { arguments: f } }] })),
  ];
}

export interface GeminiTurnScript {
  modelVersion?: string;
  /** Text parts, one SSE event each. */
  text?: string[];
  /** Function calls, all in the last event (Gemini sends each call whole, never in fragments). */
  calls?: { name: string; args: Record<string, unknown>; id?: string }[];
  finishReason?: string;
  promptTokens?: number;
  outputTokens?: number;
}

/**
 * Gemini `streamGenerateContent?alt=sse`: `data:` lines separated by CRLF CRLF, each a whole
 * GenerateContentResponse (candidates[0].content.parts); the last carries finishReason
 * and usageMetadata. A function call comes whole in one part, with `args` as an object.
 */
export function geminiTurn(s: GeminiTurnScript): string[] {
  const modelVersion = s.modelVersion ?? 'gemini-2.5-flash';
  const prompt = s.promptTokens ?? 40;
  const output = s.outputTokens ?? 9;
  const event = (parts: unknown[], last: boolean): string =>
    `data: ${JSON.stringify({
      candidates: [
        {
          content: { parts, role: 'model' },
          ...(last ? { finishReason: s.finishReason ?? 'STOP' } : {}),
          index: 0,
        },
      ],
      usageMetadata: last
        ? {
            promptTokenCount: prompt,
            candidatesTokenCount: output,
            totalTokenCount: prompt + output,
          }
        : { promptTokenCount: prompt, totalTokenCount: prompt },
      modelVersion,
      responseId: 'RmF-aOqzKpXhz7IP3pGp2Qk',
    })}\r\n\r\n`;
  const text = s.text ?? [];
  const calls = (s.calls ?? []).map((c) => ({
    functionCall: { name: c.name, args: c.args, ...(c.id ? { id: c.id } : {}) },
  }));
  const out: string[] = [];
  text.forEach((t, i) =>
    out.push(event([{ text: t }], i === text.length - 1 && calls.length === 0)),
  );
  if (calls.length > 0 || text.length === 0) out.push(event(calls, true));
  return out;
}

/**
 * The model's three turns of the bundled time-arithmetic skill, in `kind`'s wire: ask the
 * time, then `45 mod 7`, then answer "It will be a Thursday." (from `answerModel`).
 */
export function timeArithmeticTurns(
  kind: 'anthropic' | 'openai-compatible',
  answerModel?: string,
): string[][] {
  const answer = ['It will be ', 'a Thursday.'];
  if (kind === 'anthropic')
    return [
      anthropicTurn({
        tools: [{ id: 'toolu_1', name: 'time', fragments: ['{"operation":"now"}'] }],
      }),
      anthropicTurn({
        tools: [
          { id: 'toolu_2', name: 'calculator', fragments: ['{"expression":', '"45 mod 7"}'] },
        ],
      }),
      anthropicTurn({ model: answerModel, text: answer }),
    ];
  return [
    openAiTurn({
      deltas: toolCallDeltas(0, 'c1', 'time', ['{"operation":"now"}']),
      finishReason: 'tool_calls',
    }),
    openAiTurn({
      deltas: toolCallDeltas(0, 'c2', 'calculator', ['{"expression":"45 mod 7"}']),
      finishReason: 'tool_calls',
    }),
    openAiTurn({ model: answerModel, deltas: textDeltas(...answer) }),
  ];
}
