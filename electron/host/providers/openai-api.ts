/**
 * OpenAI-compatible Chat Completions, streamed over SSE (OpenAI, Ollama's /v1, LM
 * Studio, llama.cpp's llama-server, vLLM, OpenRouter, any `base_url` ending in /v1).
 *
 * Plain `fetch` plus the shared SSE reader (sse-stream.ts): no SDK, so nothing reads
 * environment variables or config files behind our back. The request
 * asks for `stream_options.include_usage`; a server that ignores it just sends no
 * usage. Tolerated besides the reference stream: tool-call quirks (tool-call-
 * assembler.ts), `finish_reason: "stop"` although tool calls came (they are run), a
 * final usage chunk with `choices: []`, a stream without `[DONE]` once a
 * finish_reason came. A stream that ends before any finish_reason is an error: the
 * message was cut. What the stream may grow to is capped (output-limits.ts): an error
 * body is read to 64 KiB, text and tool calls are charged to the run's budget.
 */
import type {
  ChatApi,
  ChatMessage,
  ChatRequest,
  ChatTurn,
  StreamHandlers,
  Usage,
} from './chat-types';
import { emptyUsage } from './chat-types';
import { ProviderError, providerMessage, type ErrorContext } from './provider-errors';
import { withRetry } from './retry';
import { onTurnSignal, openStream } from './open-stream';
import { redactSecrets } from './api-keys';
import { readSseStream, type EventSourceMessage } from './sse-stream';
import { ToolCallAssembler, type ToolCallDelta } from './tool-call-assembler';
import { OutputBudget } from './output-limits';

export interface OpenAiApiOptions {
  providerId: string;
  /** Ends in /v1. */
  baseUrl: string;
  apiKey: string | null;
  onRetry?: (message: string) => void;
  /** Largest single SSE event kept in memory. Default 8 MiB. */
  maxEventBytes?: number;
}

/** The finish reasons of the wire, in the loop's words. */
const STOP_REASONS: Record<string, string> = {
  stop: 'end_turn',
  tool_calls: 'tool_use',
  function_call: 'tool_use',
  length: 'max_tokens',
  content_filter: 'content_filter',
};

export class OpenAiCompatibleApi implements ChatApi {
  constructor(private readonly options: OpenAiApiOptions) {}

  private errorContext(model: string): ErrorContext {
    return {
      providerId: this.options.providerId,
      baseUrl: this.options.baseUrl,
      model,
      secrets: [this.options.apiKey],
    };
  }

  headers(): Record<string, string> {
    const h: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'text/event-stream',
    };
    if (this.options.apiKey) h.authorization = `Bearer ${this.options.apiKey}`;
    return h;
  }

  stream(req: ChatRequest, handlers: StreamHandlers): Promise<ChatTurn> {
    return onTurnSignal(req.signal, (signal) => this.streamTurn({ ...req, signal }, handlers));
  }

  private async streamTurn(req: ChatRequest, handlers: StreamHandlers): Promise<ChatTurn> {
    const ctx = this.errorContext(req.model);
    const body = JSON.stringify({
      model: req.model,
      messages: toWireMessages(req.system, req.messages),
      ...(req.tools.length > 0
        ? {
            tools: req.tools.map((t) => ({
              type: 'function',
              function: { name: t.name, description: t.description, parameters: t.parameters },
            })),
          }
        : {}),
      max_tokens: req.maxTokens,
      stream: true,
      stream_options: { include_usage: true },
    });
    const response = await withRetry(() => this.open(ctx, body, req.signal), {
      signal: req.signal,
      deadline: req.deadline,
      onRetry: (err, wait) =>
        this.options.onRetry?.(`${err.message}; retrying in ${(wait / 1000).toFixed(1)} s`),
    });
    return this.read(ctx, response, req, handlers);
  }

  /** POSTs the request; an error status becomes a ProviderError (retried by the caller). */
  private open(ctx: ErrorContext, body: string, signal: AbortSignal): Promise<Response> {
    return openStream(
      ctx,
      `${this.options.baseUrl}/chat/completions`,
      this.headers(),
      body,
      signal,
    );
  }

  private async read(
    ctx: ErrorContext,
    response: Response,
    req: ChatRequest,
    handlers: StreamHandlers,
  ): Promise<ChatTurn> {
    const who = `provider "${ctx.providerId}"`;
    const budget = req.budget ?? new OutputBudget();
    const calls = new ToolCallAssembler(budget, who);
    let text = '';
    let finish: string | null = null;
    let model = req.model;
    let usage: Usage | null = null;
    // The deltas of one network read go out as one piece (sse-stream.ts).
    let pendingText = '';

    const onEvent = (event: EventSourceMessage): 'end' | void => {
      const data = event.data;
      // `[DONE]`, give or take surrounding blanks; a JSON chunk never starts with "[".
      if (data.charCodeAt(0) !== 123 /* { */ && data.trim() === '[DONE]') return 'end';
      let chunk: unknown;
      try {
        chunk = JSON.parse(data);
      } catch {
        throw new ProviderError(
          'protocol',
          `${who} sent a stream event that is not JSON (${redactSecrets(data, ctx.secrets).slice(0, 80)}); is base_url an OpenAI-compatible /v1 endpoint?`,
        );
      }
      if (typeof chunk !== 'object' || chunk === null) return;
      const c = chunk as {
        model?: unknown;
        error?: unknown;
        usage?: unknown;
        choices?: unknown;
      };
      if (c.error !== undefined && c.error !== null) {
        throw new ProviderError(
          'server',
          `${who} reported an error mid-stream: ${redactSecrets(providerMessage(c, 'unknown error'), ctx.secrets)}`,
        );
      }
      if (typeof c.model === 'string' && c.model) model = c.model;
      if (c.usage && typeof c.usage === 'object')
        usage = readUsage(c.usage as Record<string, unknown>);
      if (!Array.isArray(c.choices)) return;
      for (const choice of c.choices as {
        index?: unknown;
        delta?: unknown;
        finish_reason?: unknown;
      }[]) {
        if (typeof choice !== 'object' || choice === null) continue;
        if (typeof choice.index === 'number' && choice.index !== 0) continue;
        const delta = (choice.delta ?? {}) as { content?: unknown; tool_calls?: unknown };
        if (typeof delta.content === 'string' && delta.content !== '') {
          budget.charge(delta.content.length, who);
          text += delta.content;
          pendingText += delta.content;
        }
        if (Array.isArray(delta.tool_calls)) calls.push(delta.tool_calls as ToolCallDelta[]);
        if (typeof choice.finish_reason === 'string' && choice.finish_reason)
          finish = choice.finish_reason;
      }
    };
    const onRead = (): void => {
      if (pendingText === '') return;
      const piece = pendingText;
      pendingText = '';
      handlers.onText(piece);
    };

    const { ended } = await readSseStream(response, {
      ctx,
      signal: req.signal,
      maxEventBytes: this.options.maxEventBytes ?? 8 * 1024 * 1024,
      onEvent,
      onRead,
    });
    if (finish === null && !ended) {
      throw new ProviderError(
        'protocol',
        `${who} ended the stream mid-message (no finish_reason, no [DONE]); the server may have crashed or a proxy cut it`,
      );
    }
    const toolCalls = calls.finish();
    // Some servers say "stop" although they sent tool calls: the calls are what counts.
    const stopReason =
      toolCalls.length > 0 ? 'tool_use' : (STOP_REASONS[finish ?? 'stop'] ?? finish ?? 'end_turn');
    return { text, toolCalls, stopReason, usage: usage ?? emptyUsage(), model };
  }
}

function readUsage(u: Record<string, unknown>): Usage {
  const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  const details = (u.prompt_tokens_details ?? {}) as Record<string, unknown>;
  const cached = num(details.cached_tokens);
  return {
    input_tokens: num(u.prompt_tokens),
    output_tokens: num(u.completion_tokens),
    cache_read_input_tokens: cached,
    cache_creation_input_tokens: 0,
  };
}

/** The conversation in Chat Completions messages. */
export function toWireMessages(system: string, messages: ChatMessage[]): unknown[] {
  const out: unknown[] = [];
  if (system) out.push({ role: 'system', content: system });
  for (const m of messages) {
    if (m.role === 'user') out.push({ role: 'user', content: m.content });
    else if (m.role === 'assistant') {
      out.push({
        role: 'assistant',
        content: m.text === '' ? null : m.text,
        ...(m.toolCalls.length > 0
          ? {
              tool_calls: m.toolCalls.map((c) => ({
                id: c.id,
                type: 'function',
                function: { name: c.name, arguments: c.argumentsText || '{}' },
              })),
            }
          : {}),
      });
    } else {
      for (const r of m.results) out.push({ role: 'tool', tool_call_id: r.id, content: r.content });
    }
  }
  return out;
}
