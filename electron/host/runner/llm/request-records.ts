/**
 * What the studio's own agent loop sent the model, turn by turn, in the shape the agent
 * clients' relay records (`ModelRequestRecord`, result `metadata.model_requests`), so that
 * the playground's "Sent to the model" view reads both alike. Each body is the provider's
 * own wire form of the turn (the same converters its client sends through: Anthropic
 * Messages, chat completions, Gemini generateContent), without the transport's fields; the
 * response is the turn as the client read it. Bodies share one budget per run: past it, a
 * body is left out saying so, so a long run never holds its conversation once per turn.
 * A turn costs what it adds: each message is converted and measured once, and the bodies
 * of later turns share its wire items.
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

/** One message in a provider's wire form: each maps to its own items, in order. */
function wireItems(kind: ProviderConfig['kind'], m: ChatMessage): unknown[] {
  if (kind === 'anthropic') return anthropicMessages([m]);
  if (kind === 'gemini') return toGeminiContents([m]);
  return chatMessages('', [m]);
}

/** A body with its messages left empty, to be filled with `messages` (see `wire`). */
function envelope(
  kind: ProviderConfig['kind'],
  req: TurnRequest,
): { path: string; body: Record<string, unknown>; messages: 'messages' | 'contents' } {
  if (kind === 'anthropic')
    return {
      path: '/v1/messages',
      messages: 'messages',
      body: {
        model: req.model,
        ...(req.system ? { system: req.system } : {}),
        messages: [],
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
      messages: 'contents',
      body: {
        contents: [],
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
    messages: 'messages',
    body: {
      model: req.model,
      messages: [],
      tools: req.tools.map((t) => ({
        type: 'function',
        function: { name: t.name, description: t.description, parameters: t.parameters },
      })),
    },
  };
}

/** The envelope last made, and what it was made of. */
interface LastEnvelope extends Omit<TurnRequest, 'messages'> {
  made: ReturnType<typeof envelope>;
  bytes: number;
}

const jsonBytes = (v: unknown): number => Buffer.byteLength(JSON.stringify(v));

export class RequestRecorder {
  readonly records: ModelRequestRecord[] = [];
  private used = 0;
  /**
   * Each message's wire items and their JSON's bytes, made once: a message of the
   * conversation never changes once sent, so a turn converts and measures only what is
   * new, not the whole conversation again.
   */
  private readonly items = new WeakMap<ChatMessage, { items: unknown[]; bytes: number }>();
  private lastEnvelope: LastEnvelope | null = null;

  constructor(
    private readonly kind: ProviderConfig['kind'],
    private readonly budget = RECORDS_BUDGET_BYTES,
  ) {}

  private itemsOf(m: ChatMessage): { items: unknown[]; bytes: number } {
    let known = this.items.get(m);
    if (!known) {
      const items = wireItems(this.kind, m);
      known = { items, bytes: items.reduce<number>((n, item) => n + jsonBytes(item), 0) };
      this.items.set(m, known);
    }
    return known;
  }

  /**
   * The body around the messages, and its bytes: the same for every turn of an agent
   * (its model, instructions and tools), so it is made and measured once; each record
   * gets its own copy, sharing the tools.
   */
  private envelopeOf(req: TurnRequest): ReturnType<typeof envelope> & { bytes: number } {
    const last = this.lastEnvelope;
    if (
      last === null ||
      last.tools !== req.tools ||
      last.model !== req.model ||
      last.system !== req.system
    ) {
      const made = envelope(this.kind, req);
      this.lastEnvelope = {
        tools: req.tools,
        model: req.model,
        system: req.system,
        made,
        bytes: jsonBytes(made.body),
      };
    }
    const { made, bytes } = this.lastEnvelope as LastEnvelope;
    return { ...made, body: { ...made.body }, bytes };
  }

  /**
   * The turn's body in the provider's wire form, and the bytes of its JSON: the
   * envelope's, with its empty list, plus each item's and the commas between them.
   */
  private wire(req: TurnRequest): { path: string; body: unknown; bytes: number } {
    const { path, body, messages, bytes: envelopeBytes } = this.envelopeOf(req);
    const list: unknown[] = [];
    let bytes = envelopeBytes;
    // Chat completions carry the system prompt as the first message.
    if (this.kind !== 'anthropic' && this.kind !== 'gemini' && req.system) {
      const system = { role: 'system', content: req.system };
      list.push(system);
      bytes += jsonBytes(system);
    }
    for (const m of req.messages) {
      const known = this.itemsOf(m);
      for (const item of known.items) list.push(item);
      bytes += known.bytes;
    }
    if (list.length > 1) bytes += list.length - 1;
    body[messages] = list;
    return { path, body, bytes };
  }

  /** A body within what is left of the budget, or a note that it was left out. */
  private keep(
    body: unknown,
    bytes = jsonBytes(body),
  ): { body: unknown; bytes: number; truncated: boolean } {
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
    const { path, body, bytes } = this.wire(req);
    const record: ModelRequestRecord = {
      index: this.records.length,
      method: 'POST',
      path,
      started_at: new Date(started).toISOString(),
      duration_ms: 0,
      request: { headers: {}, ...this.keep(body, bytes) },
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
