/**
 * What the studio's own agent loop sent the model, turn by turn, in the shape the agent
 * clients' relay records (`ModelRequestRecord`, result `metadata.model_requests`), so that
 * the playground's "Sent to the model" view reads both alike. Each body is the provider's
 * own wire form of the turn (the same converters its client sends through: Anthropic
 * Messages, chat completions, Gemini generateContent), without the transport's fields; the
 * response is the turn as the client read it. Bodies share one budget per run: past it, a
 * body is left out saying so, so a long run never holds its conversation once per turn.
 */
import type { ModelRequestRecord } from '../../../../shared/api/agent-clients';
import { toWireMessages as anthropicMessages } from '../../providers/anthropic-api';
import { toWireMessages as chatMessages } from '../../providers/openai-api';
import { toGeminiContents } from '../../providers/gemini-api';
import type { ChatMessage, ChatTurn, ProviderConfig, ToolSpec } from '../../providers';

/** What the bodies of one run's records may take in all (an A2E frame is 8 MiB at most). */
export const RECORDS_BUDGET_BYTES = 2 * 1024 * 1024;

export interface TurnRequest {
  model: string;
  system: string;
  messages: ChatMessage[];
  tools: ToolSpec[];
}

function wire(kind: ProviderConfig['kind'], req: TurnRequest): { path: string; body: unknown } {
  if (kind === 'anthropic')
    return {
      path: '/v1/messages',
      body: {
        model: req.model,
        ...(req.system ? { system: req.system } : {}),
        messages: anthropicMessages(req.messages),
        tools: req.tools.map((t) => ({
          name: t.name,
          description: t.description,
          input_schema: t.parameters,
        })),
      },
    };
  if (kind === 'gemini')
    return {
      path: `/v1beta/models/${encodeURIComponent(req.model)}:streamGenerateContent`,
      body: {
        contents: toGeminiContents(req.messages),
        ...(req.system ? { systemInstruction: { parts: [{ text: req.system }] } } : {}),
        tools: [
          {
            functionDeclarations: req.tools.map((t) => ({
              name: t.name,
              description: t.description,
            })),
          },
        ],
      },
    };
  return {
    path: '/chat/completions',
    body: {
      model: req.model,
      messages: chatMessages(req.system, req.messages),
      tools: req.tools.map((t) => ({
        type: 'function',
        function: { name: t.name, description: t.description, parameters: t.parameters },
      })),
    },
  };
}

export class RequestRecorder {
  readonly records: ModelRequestRecord[] = [];
  private used = 0;

  constructor(
    private readonly kind: ProviderConfig['kind'],
    private readonly budget = RECORDS_BUDGET_BYTES,
  ) {}

  /** A body within what is left of the budget, or a note that it was left out. */
  private keep(body: unknown): { body: unknown; bytes: number; truncated: boolean } {
    const text = JSON.stringify(body);
    const bytes = Buffer.byteLength(text);
    if (this.used + bytes > this.budget)
      return {
        body: `[left out: ${bytes} bytes, over the run's ${this.budget}-byte budget for recorded requests]`,
        bytes,
        truncated: true,
      };
    this.used += bytes;
    return { body, bytes, truncated: false };
  }

  /** Records a turn's request as it goes out; call the result when the turn ends. */
  start(req: TurnRequest): (end: { reply: ChatTurn } | { error: string }) => void {
    const started = Date.now();
    const { path, body } = wire(this.kind, req);
    const record: ModelRequestRecord = {
      index: this.records.length,
      method: 'POST',
      path,
      started_at: new Date(started).toISOString(),
      duration_ms: 0,
      request: { headers: {}, ...this.keep(body) },
      response: null,
      error: null,
    };
    this.records.push(record);
    return (end) => {
      record.duration_ms = Date.now() - started;
      if ('error' in end) {
        record.error = end.error;
        return;
      }
      const { reply } = end;
      record.response = {
        status: 200,
        headers: {},
        ...this.keep({
          model: reply.model,
          text: reply.text,
          tool_calls: reply.toolCalls,
          stop_reason: reply.stopReason,
          usage: reply.usage,
        }),
      };
    };
  }
}
