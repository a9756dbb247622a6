/**
 * The Anthropic Messages API, streamed, with the request the official
 * `@anthropic-ai/sdk` (pinned) makes.
 *
 * The SDK is given everything explicitly — key, base_url, no retries of its own, no
 * telemetry — so it never reads ANTHROPIC_* variables or profile files behind our back,
 * and retries follow our rules (retry.ts). It builds the request once per client: its URL
 * and headers (API version, authentication, its own headers) are the same for every
 * turn, so each turn sends that request with the turn's body by plain `fetch`, as the
 * other clients do (open-stream.ts maps a network failure or an error status, and reads
 * at most 64 KiB of an error body). Sending every turn through the SDK's request
 * machinery cost about a tenth of a 20-turn run on a local server, for the same bytes on
 * the wire. The response stream is read by the shared SSE reader (sse-stream.ts). The
 * raw stream events are folded here: the text deltas of one network read go out as one
 * piece; tool_use blocks are assembled from `input_json_delta` fragments (the first one
 * is `""`); usage comes from `message_start` and the cumulative `message_delta`; an
 * `error` event is the provider's failure. A stream that ends without `message_stop` was
 * cut mid-message. Text and tool input are charged to the run's budget (output-limits.ts).
 */
// Named imports only: the CLI loads the SDK on first use (scripts/cli-lazy-modules.mjs).
import { Anthropic } from '@anthropic-ai/sdk';
import type {
  ChatApi,
  ChatMessage,
  ChatRequest,
  ChatTurn,
  StreamHandlers,
  ToolCall,
  Usage,
} from './chat-types';
import { emptyUsage } from './chat-types';
import { networkError, ProviderError, providerMessage, type ErrorContext } from './provider-errors';
import { withRetry } from './retry';
import { redactSecrets } from './api-keys';
import { onTurnSignal, openStream } from './open-stream';
import { readSseStream } from './sse-stream';
import { checkToolArguments, checkToolCallCount, OutputBudget } from './output-limits';

export interface AnthropicApiOptions {
  providerId: string;
  /** The API root; the SDK adds /v1/messages. */
  baseUrl: string;
  apiKey: string | null;
  onRetry?: (message: string) => void;
  /** Largest single SSE event kept in memory. Default 8 MiB. */
  maxEventBytes?: number;
}

type RawEvent = Anthropic.Messages.RawMessageStreamEvent;

export class AnthropicApi implements ChatApi {
  constructor(private readonly options: AnthropicApiOptions) {}

  private messagesRequest(params: MessagesParams): Promise<MessagesRequest> {
    const { baseUrl, apiKey } = this.options;
    if (lastRequest?.baseUrl !== baseUrl || lastRequest.apiKey !== apiKey) {
      const request = sdkMessagesRequest(anthropicSdk(apiKey, baseUrl, fetch), params);
      lastRequest = { baseUrl, apiKey, request };
      // A request the SDK could not make is not kept for the next turn.
      request.catch(() => {
        if (lastRequest?.request === request) lastRequest = null;
      });
    }
    return lastRequest.request;
  }

  private errorContext(model: string): ErrorContext {
    return {
      providerId: this.options.providerId,
      baseUrl: this.options.baseUrl,
      model,
      secrets: [this.options.apiKey],
    };
  }

  stream(req: ChatRequest, handlers: StreamHandlers): Promise<ChatTurn> {
    return onTurnSignal(req.signal, (signal) => this.streamTurn({ ...req, signal }, handlers));
  }

  private async streamTurn(req: ChatRequest, handlers: StreamHandlers): Promise<ChatTurn> {
    const ctx = this.errorContext(req.model);
    const params: MessagesParams = {
      model: req.model,
      max_tokens: req.maxTokens,
      system: req.system || undefined,
      messages: toWireMessages(req.messages),
      tools: req.tools.map((t) => ({
        name: t.name,
        description: t.description,
        input_schema: t.parameters as Anthropic.Messages.Tool.InputSchema,
      })),
      stream: true,
    };
    if (params.tools?.length === 0) delete params.tools;
    // A base_url the SDK cannot make a URL of fails as the request would.
    const sent = await this.messagesRequest(params).catch((err: unknown) => {
      throw networkError(ctx, err);
    });
    // As the SDK serializes it: JSON.stringify of the params.
    const body = JSON.stringify(params);
    const response = await withRetry(
      () => openStream(ctx, sent.url, sent.headers, body, req.signal),
      {
        signal: req.signal,
        deadline: req.deadline,
        onRetry: (err, wait) =>
          this.options.onRetry?.(`${err.message}; retrying in ${(wait / 1000).toFixed(1)} s`),
      },
    );
    const who = `provider "${ctx.providerId}"`;
    const turn = new TurnBuilder(req.model, handlers, req.budget ?? new OutputBudget(), who);
    await readSseStream(response, {
      ctx,
      signal: req.signal,
      maxEventBytes: this.options.maxEventBytes ?? 8 * 1024 * 1024,
      onEvent: (sse) => {
        // As the SDK's own iterator does: pings and unnamed events carry nothing.
        if (sse.event === 'ping' || sse.event === undefined || sse.data === '') return;
        if (sse.event === 'error')
          throw new ProviderError(
            'server',
            `${who} reported an error mid-stream: ${redactSecrets(providerMessage(sse.data, 'unknown error'), ctx.secrets)}`,
          );
        let event: RawEvent;
        try {
          event = JSON.parse(sse.data) as RawEvent;
        } catch {
          throw new ProviderError(
            'protocol',
            `${who} sent a stream event that is not JSON; is base_url the Anthropic API root?`,
          );
        }
        turn.add(event);
        return event.type === 'message_stop' ? 'end' : undefined;
      },
      onRead: () => turn.flushText(),
    });
    return turn.finish(ctx.providerId);
  }
}

type MessagesParams = Anthropic.Messages.MessageCreateParamsStreaming;

/** The Messages request as the SDK makes it: its URL and headers. */
interface MessagesRequest {
  url: string;
  headers: Headers;
}

/**
 * The SDK's request for the last provider a turn went to. Every run makes its client
 * afresh, and the next run mostly goes to the same provider: its request is made once.
 * It holds no more than the run's provider already does (its URL and key).
 */
let lastRequest: {
  baseUrl: string;
  apiKey: string | null;
  request: Promise<MessagesRequest>;
} | null = null;

/**
 * The SDK's own request for these params. Its headers do not depend on the body but for
 * its content type, which is JSON for every turn. The SDK's `x-stainless-*` headers are
 * left out: they tell the provider the machine's OS, CPU, runtime and its version, and
 * the SDK's retry count and timeout, none of which the API needs for a turn. A copy of
 * the SDK's `Headers` keeps their order.
 */
async function sdkMessagesRequest(
  sdk: Anthropic,
  params: MessagesParams,
): Promise<MessagesRequest> {
  const { url, req } = await sdk.buildRequest({
    method: 'post',
    path: '/v1/messages',
    body: params,
    stream: true,
  });
  const headers = new Headers(req.headers);
  for (const name of [...headers.keys()])
    if (name.startsWith(SDK_TELEMETRY_PREFIX)) headers.delete(name);
  return { url, headers };
}

const SDK_TELEMETRY_PREFIX = 'x-stainless-';

/**
 * An SDK client told everything it would otherwise look up: the key, the base URL, no
 * retries of its own (retry.ts decides), no logs (they could show request details), and
 * no OpenTelemetry. Left unset, that one is read from ANTHROPIC_OPEN_TELEMETRY* variables,
 * and every request then works out span attributes for the process's tracer, which in
 * the studio is the no-op one: nothing is recorded and no trace header is sent either way,
 * so the request on the wire is the same, without that work on every turn.
 */
export function anthropicSdk(
  apiKey: string | null,
  baseUrl: string,
  fetch: typeof globalThis.fetch,
): Anthropic {
  return new Anthropic({
    // Never null: with no key the SDK would look for credentials on its own.
    apiKey: apiKey ?? 'no-key-configured',
    baseURL: baseUrl,
    maxRetries: 0,
    logLevel: 'off',
    openTelemetry: false,
    fetch,
  });
}

/** Folds raw stream events into one turn. */
class TurnBuilder {
  private text = '';
  private pendingText = '';
  private readonly blocks = new Map<number, { id: string; name: string; json: string }>();
  private readonly order: number[] = [];
  private stopReason: string | null = null;
  private stopped = false;
  private readonly usage: Usage = emptyUsage();
  private model: string;

  constructor(
    model: string,
    private readonly handlers: StreamHandlers,
    private readonly budget: OutputBudget,
    private readonly who: string,
  ) {
    this.model = model;
  }

  add(event: RawEvent): void {
    switch (event.type) {
      case 'message_start': {
        const m = event.message;
        if (m.model) this.model = m.model;
        this.readUsage(m.usage);
        break;
      }
      case 'content_block_start': {
        const block = event.content_block;
        if (block.type === 'tool_use') {
          this.blocks.set(event.index, { id: block.id, name: block.name, json: '' });
          this.order.push(event.index);
          checkToolCallCount(this.order.length, this.who);
        } else if (block.type === 'text' && block.text) {
          this.emitText(block.text);
        }
        break;
      }
      case 'content_block_delta': {
        const d = event.delta;
        if (d.type === 'text_delta') this.emitText(d.text);
        else if (d.type === 'input_json_delta') {
          const block = this.blocks.get(event.index);
          if (block) {
            checkToolArguments(block.json.length + d.partial_json.length, this.who, block.name);
            this.budget.charge(d.partial_json.length, this.who);
            block.json += d.partial_json;
          }
        }
        break;
      }
      case 'message_delta':
        if (event.delta.stop_reason) this.stopReason = event.delta.stop_reason;
        this.readUsage(event.usage);
        break;
      case 'message_stop':
        this.stopped = true;
        break;
      default:
        break;
    }
  }

  private emitText(t: string): void {
    this.budget.charge(t.length, this.who);
    this.text += t;
    this.pendingText += t;
  }

  /** The text of one network read goes out as one piece. */
  flushText(): void {
    if (this.pendingText === '') return;
    const piece = this.pendingText;
    this.pendingText = '';
    this.handlers.onText(piece);
  }

  /** message_start has the input; message_delta's counts are cumulative and win. */
  private readUsage(u: Partial<Record<keyof Usage, number | null>> | null | undefined): void {
    if (!u) return;
    for (const key of Object.keys(this.usage) as (keyof Usage)[]) {
      const v = u[key];
      if (typeof v === 'number') this.usage[key] = v;
    }
  }

  finish(providerId: string): ChatTurn {
    if (!this.stopped) {
      throw new ProviderError(
        'protocol',
        `provider "${providerId}" ended the stream mid-message (no message_stop); the server may have crashed or a proxy cut it`,
      );
    }
    const toolCalls: ToolCall[] = this.order.map((i) => {
      const b = this.blocks.get(i) as { id: string; name: string; json: string };
      return { id: b.id, name: b.name, argumentsText: b.json };
    });
    return {
      text: this.text,
      toolCalls,
      stopReason: toolCalls.length > 0 ? 'tool_use' : (this.stopReason ?? 'end_turn'),
      usage: this.usage,
      model: this.model,
    };
  }
}

/** The conversation in Messages API terms: tool results travel in a user turn. */
export function toWireMessages(messages: ChatMessage[]): Anthropic.Messages.MessageParam[] {
  const out: Anthropic.Messages.MessageParam[] = [];
  for (const m of messages) {
    if (m.role === 'user') out.push({ role: 'user', content: m.content });
    else if (m.role === 'assistant') {
      const content: Anthropic.Messages.ContentBlockParam[] = [];
      if (m.text) content.push({ type: 'text', text: m.text });
      for (const c of m.toolCalls) {
        content.push({
          type: 'tool_use',
          id: c.id,
          name: c.name,
          input: parseInput(c.argumentsText),
        });
      }
      out.push({ role: 'assistant', content });
    } else {
      out.push({
        role: 'user',
        content: m.results.map((r) => ({
          type: 'tool_result' as const,
          tool_use_id: r.id,
          content: r.content,
          ...(r.isError ? { is_error: true } : {}),
        })),
      });
    }
  }
  return out;
}

function parseInput(text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  try {
    const v = JSON.parse(text) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
