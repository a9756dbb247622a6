/**
 * The model-run benchmark's baseline: the least work a real client of each provider must
 * do for one exchange, and nothing more. It serializes its request body, POSTs it with
 * the provider's auth headers, reads the SSE stream to its end, splits it into events
 * and parses each event's JSON, keeping the text and tool-call arguments it carries. No
 * caps, no secrets scrubbing, no events for anyone: what the studio does besides this is
 * what the benchmark's ratio shows.
 */
import { performance } from 'node:perf_hooks';

export type WireKind = 'anthropic' | 'openai-compatible';

const KEY = 'sk-bench-0000000000000000';

function endpoint(kind: WireKind, url: string): { url: string; headers: Record<string, string> } {
  if (kind === 'anthropic')
    return {
      url: `${url}/v1/messages`,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'x-api-key': KEY,
        'anthropic-version': '2023-06-01',
      },
    };
  return {
    url: `${url}/v1/chat/completions`,
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      authorization: `Bearer ${KEY}`,
    },
  };
}

interface Wire {
  choices?: {
    delta?: { content?: string; tool_calls?: { function?: { arguments?: string } }[] };
  }[];
  delta?: { text?: string; partial_json?: string };
}

/** What one event adds to the turn: its text and tool-call arguments. */
function fold(kind: WireKind, data: string, turn: { text: string; args: string }): void {
  if (kind === 'openai-compatible' && data === '[DONE]') return;
  const event = JSON.parse(data) as Wire;
  if (kind === 'anthropic') {
    turn.text += event.delta?.text ?? '';
    turn.args += event.delta?.partial_json ?? '';
    return;
  }
  const delta = event.choices?.[0]?.delta;
  turn.text += delta?.content ?? '';
  for (const call of delta?.tool_calls ?? []) turn.args += call.function?.arguments ?? '';
}

/** Reads an SSE response to its end, parsing each event; `onText` once text has come. */
export async function readRawStream(
  kind: WireKind,
  res: Response,
  onText: () => void = () => undefined,
): Promise<{ text: string; args: string }> {
  const reader = res.body?.getReader();
  if (!reader) throw new Error('no response body');
  const turn = { text: '', args: '' };
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      for (const line of buffer.slice(0, end).split('\n'))
        if (line.startsWith('data:')) fold(kind, line.slice(5).trim(), turn);
      buffer = buffer.slice(end + 2);
      if (turn.text !== '') onText();
    }
  }
  return turn;
}

/**
 * The exchanges of one conversation, in order: the total time, and the time to the
 * first parsed text.
 */
export async function rawConversation(
  kind: WireKind,
  url: string,
  bodies: readonly unknown[],
): Promise<{ total: number; firstText: number }> {
  const target = endpoint(kind, url);
  const t0 = performance.now();
  let firstText = -1;
  const sawText = (): void => {
    if (firstText < 0) firstText = performance.now() - t0;
  };
  for (const body of bodies) {
    const res = await fetch(target.url, {
      method: 'POST',
      headers: target.headers,
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`the raw exchange got status ${res.status}`);
    await readRawStream(kind, res, sawText);
  }
  return { total: performance.now() - t0, firstText };
}
