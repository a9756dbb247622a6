/**
 * Google's Gemini API (`generateContent`), streamed over SSE: the `gemini` provider kind.
 *
 * Plain `fetch` plus the shared SSE reader (sse-stream.ts), as openai-api.ts: no SDK,
 * so nothing reads GEMINI_* / GOOGLE_* variables or credential files behind our back.
 * `POST {base_url}/v1beta/models/{model}:streamGenerateContent?alt=sse` with the key in
 * `x-goog-api-key`. Each event is a whole GenerateContentResponse: its
 * `candidates[0].content.parts` hold text (a `thought: true` part is the model's
 * reasoning, not its answer) and whole `functionCall`s (`args` an object, never
 * fragments); the last carries `finishReason` and `usageMetadata`. The stream has no end
 * marker: it ends with the body, and one that ends before any finishReason was cut.
 * Tools go as `functionDeclarations` with `parametersJsonSchema` (full JSON Schema, not
 * the OpenAPI subset of `parameters`). A function call's `thoughtSignature` must go back
 * with it on the next turn (Gemini 3 refuses the turn otherwise): the client keeps them
 * by call id for the conversation it serves. What a turn may grow to is capped
 * (output-limits.ts): an error body is read to 64 KiB, text and calls are charged to the
 * run's budget.
 */
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
import { ProviderError, providerMessage, type ErrorContext } from './provider-errors';
import { withRetry } from './retry';
import { onTurnSignal, openStream } from './open-stream';
import { redactSecrets } from './api-keys';
import { readSseStream, type EventSourceMessage } from './sse-stream';
import { checkToolArguments, checkToolCallCount, OutputBudget } from './output-limits';

export interface GeminiApiOptions {
  providerId: string;
  /** The API root, e.g. https://generativelanguage.googleapis.com (the client adds /v1beta). */
  baseUrl: string;
  apiKey: string | null;
  onRetry?: (message: string) => void;
  /** Largest single SSE event kept in memory. Default 8 MiB. */
  maxEventBytes?: number;
}

/** The finish reasons of the wire, in the loop's words. */
const STOP_REASONS: Record<string, string> = {
  STOP: 'end_turn',
  MAX_TOKENS: 'max_tokens',
  SAFETY: 'content_filter',
  RECITATION: 'content_filter',
  PROHIBITED_CONTENT: 'content_filter',
  BLOCKLIST: 'content_filter',
  SPII: 'content_filter',
};

type Json = Record<string, unknown>;

function isRecord(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export class GeminiApi implements ChatApi {
  constructor(private readonly options: GeminiApiOptions) {}

  /** Each function call's thoughtSignature, by call id, to send back with it. */
  private readonly signatures = new Map<string, string>();
  private calls = 0;

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
    if (this.options.apiKey) h['x-goog-api-key'] = this.options.apiKey;
    return h;
  }

  stream(req: ChatRequest, handlers: StreamHandlers): Promise<ChatTurn> {
    return onTurnSignal(req.signal, (signal) => this.streamTurn({ ...req, signal }, handlers));
  }

  private async streamTurn(req: ChatRequest, handlers: StreamHandlers): Promise<ChatTurn> {
    const ctx = this.errorContext(req.model);
    const body = JSON.stringify({
      contents: toGeminiContents(req.messages, this.signatures),
      ...(req.system ? { systemInstruction: { parts: [{ text: req.system }] } } : {}),
      ...(req.tools.length > 0
        ? {
            tools: [
              {
                functionDeclarations: req.tools.map((t) => ({
                  name: t.name,
                  description: t.description,
                  parametersJsonSchema: t.parameters,
                })),
              },
            ],
          }
        : {}),
      generationConfig: { maxOutputTokens: req.maxTokens },
    });
    const response = await withRetry(() => this.open(ctx, body, req), {
      signal: req.signal,
      deadline: req.deadline,
      onRetry: (err, wait) =>
        this.options.onRetry?.(`${err.message}; retrying in ${(wait / 1000).toFixed(1)} s`),
    });
    return this.read(ctx, response, req, handlers);
  }

  private open(ctx: ErrorContext, body: string, req: ChatRequest): Promise<Response> {
    const url = `${this.options.baseUrl}/v1beta/models/${encodeURIComponent(req.model)}:streamGenerateContent?alt=sse`;
    return openStream(ctx, url, this.headers(), body, req.signal);
  }

  private async read(
    ctx: ErrorContext,
    response: Response,
    req: ChatRequest,
    handlers: StreamHandlers,
  ): Promise<ChatTurn> {
    const who = `provider "${ctx.providerId}"`;
    let text = '';
    let pendingText = '';
    // Set inside the event callback: typed so that narrowing does not assume it stays null.
    let finish = null as string | null;
    let model = req.model;
    let usage: Usage | null = null;
    const toolCalls: ToolCall[] = [];
    const budget = req.budget ?? new OutputBudget();

    const onEvent = (event: EventSourceMessage): void => {
      let chunk: unknown;
      try {
        chunk = JSON.parse(event.data);
      } catch {
        throw new ProviderError(
          'protocol',
          `${who} sent a stream event that is not JSON (${redactSecrets(event.data, ctx.secrets).slice(0, 80)}); is base_url the Gemini API root (https://generativelanguage.googleapis.com)?`,
        );
      }
      if (!isRecord(chunk)) return;
      if (isRecord(chunk.error))
        throw new ProviderError(
          'server',
          `${who} reported an error mid-stream: ${redactSecrets(providerMessage(chunk, 'unknown error'), ctx.secrets)}`,
        );
      if (typeof chunk.modelVersion === 'string' && chunk.modelVersion) model = chunk.modelVersion;
      if (isRecord(chunk.usageMetadata)) usage = readUsage(chunk.usageMetadata);
      const feedback = isRecord(chunk.promptFeedback) ? chunk.promptFeedback : null;
      if (feedback && typeof feedback.blockReason === 'string')
        throw new ProviderError(
          'bad_request',
          `${who} refused the prompt (blockReason ${feedback.blockReason})`,
        );
      const candidate = Array.isArray(chunk.candidates) ? chunk.candidates[0] : undefined;
      if (!isRecord(candidate)) return;
      const content = isRecord(candidate.content) ? candidate.content : {};
      for (const part of Array.isArray(content.parts) ? content.parts : []) {
        if (!isRecord(part)) continue;
        if (typeof part.text === 'string' && part.text !== '' && part.thought !== true) {
          budget.charge(part.text.length, who);
          text += part.text;
          pendingText += part.text;
        }
        if (isRecord(part.functionCall)) {
          const call = part.functionCall;
          const id =
            typeof call.id === 'string' && call.id ? call.id : `gemini_call_${++this.calls}`;
          const name = typeof call.name === 'string' ? call.name : '';
          const argumentsText = JSON.stringify(isRecord(call.args) ? call.args : {});
          checkToolCallCount(toolCalls.length + 1, who);
          checkToolArguments(argumentsText.length, who, name);
          budget.charge(argumentsText.length, who);
          toolCalls.push({ id, name, argumentsText });
          if (typeof part.thoughtSignature === 'string')
            this.signatures.set(id, part.thoughtSignature);
        }
      }
      if (typeof candidate.finishReason === 'string' && candidate.finishReason)
        finish = candidate.finishReason;
    };
    const onRead = (): void => {
      if (pendingText === '') return;
      const piece = pendingText;
      pendingText = '';
      handlers.onText(piece);
    };

    await readSseStream(response, {
      ctx,
      signal: req.signal,
      maxEventBytes: this.options.maxEventBytes ?? 8 * 1024 * 1024,
      onEvent,
      onRead,
    });
    if (finish === null)
      throw new ProviderError(
        'protocol',
        `${who} ended the stream mid-message (no finishReason); the server may have crashed or a proxy cut it`,
      );
    const stopReason =
      toolCalls.length > 0 ? 'tool_use' : (STOP_REASONS[finish] ?? finish.toLowerCase());
    return { text, toolCalls, stopReason, usage: usage ?? emptyUsage(), model };
  }
}

function readUsage(u: Json): Usage {
  const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return {
    input_tokens: num(u.promptTokenCount),
    // Thinking tokens are billed as output.
    output_tokens: num(u.candidatesTokenCount) + num(u.thoughtsTokenCount),
    cache_read_input_tokens: num(u.cachedContentTokenCount),
    cache_creation_input_tokens: 0,
  };
}

function parseArgs(text: string): Json {
  try {
    const v: unknown = JSON.parse(text || '{}');
    return isRecord(v) ? v : {};
  } catch {
    return {};
  }
}

/** The conversation in Gemini `contents` (the system prompt goes in systemInstruction). */
export function toGeminiContents(
  messages: ChatMessage[],
  signatures: ReadonlyMap<string, string> = new Map(),
): unknown[] {
  const out: unknown[] = [];
  for (const m of messages) {
    if (m.role === 'user') out.push({ role: 'user', parts: [{ text: m.content }] });
    else if (m.role === 'assistant') {
      const parts: unknown[] = m.text === '' ? [] : [{ text: m.text }];
      for (const c of m.toolCalls) {
        const signature = signatures.get(c.id);
        parts.push({
          functionCall: { id: c.id, name: c.name, args: parseArgs(c.argumentsText) },
          ...(signature ? { thoughtSignature: signature } : {}),
        });
      }
      // The API refuses a content without parts.
      out.push({ role: 'model', parts: parts.length > 0 ? parts : [{ text: '' }] });
    } else {
      out.push({
        role: 'user',
        parts: m.results.map((r) => ({
          functionResponse: {
            id: r.id,
            name: r.name,
            response: r.isError ? { error: r.content } : { output: r.content },
          },
        })),
      });
    }
  }
  return out;
}
