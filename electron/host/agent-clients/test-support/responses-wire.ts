/**
 * Test support: OpenAI's Responses API stream (`POST /v1/responses`, `stream: true`) as its
 * server sends it: `event:` + `data:` lines; response.created, then per output item
 * output_item.added, text deltas, output_item.done, and response.completed with usage.
 * A function call comes whole in its output_item.done, `arguments` as a JSON string.
 */
const ev = (type: string, data: Record<string, unknown>): string =>
  `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;

export interface ResponsesTurnScript {
  model?: string;
  text?: string;
  calls?: { id: string; name: string; args: unknown }[];
  inputTokens?: number;
  outputTokens?: number;
}

export function responsesTurn(s: ResponsesTurnScript): string[] {
  const response = {
    id: 'resp_67ccd2bed1ec8190b14f964abc0542670bb6a6b452d3795b',
    object: 'response',
    created_at: 1741476542,
    status: 'in_progress',
    model: s.model ?? 'gpt-5-codex',
    output: [] as unknown[],
  };
  const out = [ev('response.created', { sequence_number: 0, response })];
  const items: unknown[] = [];
  if (s.text !== undefined) {
    const id = 'msg_67ccd2bf17f0819081ff3bb2cf6508e60bb6a6b452d3795b';
    const item = {
      type: 'message',
      id,
      status: 'completed',
      role: 'assistant',
      content: [{ type: 'output_text', text: s.text, annotations: [] }],
    };
    const index = items.length;
    out.push(
      ev('response.output_item.added', {
        output_index: index,
        item: { ...item, status: 'in_progress', content: [] },
      }),
      ev('response.output_text.delta', {
        item_id: id,
        output_index: index,
        content_index: 0,
        delta: s.text,
      }),
      ev('response.output_item.done', { output_index: index, item }),
    );
    items.push(item);
  }
  for (const c of s.calls ?? []) {
    const item = {
      type: 'function_call',
      id: `fc_${c.id}`,
      call_id: c.id,
      name: c.name,
      arguments: JSON.stringify(c.args),
      status: 'completed',
    };
    const index = items.length;
    out.push(
      ev('response.output_item.added', {
        output_index: index,
        item: { ...item, arguments: '', status: 'in_progress' },
      }),
      ev('response.output_item.done', { output_index: index, item }),
    );
    items.push(item);
  }
  const input = s.inputTokens ?? 30;
  const output = s.outputTokens ?? 7;
  out.push(
    ev('response.completed', {
      response: {
        ...response,
        status: 'completed',
        output: items,
        usage: {
          input_tokens: input,
          input_tokens_details: { cached_tokens: 0 },
          output_tokens: output,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: input + output,
        },
      },
    }),
  );
  return out;
}
