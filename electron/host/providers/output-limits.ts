/**
 * How much a provider may make the host hold. A provider is a server someone else runs
 * (or a workspace points at): it can stream text forever, send a tool call whose
 * arguments never end, or answer an error with a body of gigabytes. Each of these is
 * cut at a cap, as a script's output is (16 MB in all, 1 MB a line: script-executor.ts),
 * and hitting a cap ends the run with an error that says which one.
 *
 *   error bodies       64 KiB read, the rest never leaves the socket
 *   model lists        4 MiB (`/models`, `/api/tags`), over it a clear error
 *   a run's transcript 4 Mi characters of model text, tool-call arguments and tool
 *                      results together (OutputBudget, one per agent run)
 *   one tool call      1 Mi characters of arguments
 *   one turn           128 tool calls
 *   a run's pieces     150,000 streamed text pieces (a provider that trickles a byte
 *                      per read); the agent loop also batches pieces into events
 *                      (runner/llm/text-batcher.ts)
 */
import { ProviderError } from './provider-errors';

export const MAX_ERROR_BODY_BYTES = 64 * 1024;
export const MAX_MODEL_LIST_BYTES = 4 * 1024 * 1024;
/**
 * Far above any real answer (a turn asks for 4,096 tokens by default). One call's frames
 * carry its text about four times (the streamed chunks, the response's copy of them,
 * `data.answer`, `summary`), and a client is cut off once 32 MiB wait for it: at this cap a
 * whole call stays under that.
 */
export const MAX_RUN_OUTPUT_CHARS = 4 * 1024 * 1024;
export const MAX_TOOL_ARGUMENTS_CHARS = 1024 * 1024;
export const MAX_TOOL_CALLS_PER_TURN = 128;
export const MAX_RUN_TEXT_EVENTS = 150_000;

export type OutputCap = 'transcript' | 'tool_arguments' | 'tool_calls' | 'events' | 'body';

/** A provider sent more than a cap allows; the run ends (never retried). */
export class OutputCapError extends ProviderError {
  constructor(
    readonly cap: OutputCap,
    message: string,
  ) {
    super('protocol', message);
    this.name = 'OutputCapError';
  }
}

const mib = (n: number): string => `${Math.round((n / (1024 * 1024)) * 10) / 10} MiB`;
/** Characters are not bytes: a cap on text is told in Mi characters. */
const miChars = (n: number): string => `${Math.round((n / (1024 * 1024)) * 10) / 10} Mi characters`;

/** What one agent run may still take in: charged as text, arguments and results arrive. */
export class OutputBudget {
  private chars = 0;
  private textEvents = 0;

  constructor(
    readonly maxChars: number = MAX_RUN_OUTPUT_CHARS,
    readonly maxTextEvents: number = MAX_RUN_TEXT_EVENTS,
  ) {}

  get used(): number {
    return this.chars;
  }

  /** Counts `n` more characters of the transcript; throws once over the cap. */
  charge(n: number, who: string): void {
    this.chars += n;
    if (this.chars > this.maxChars)
      throw new OutputCapError(
        'transcript',
        `${who} took the run's transcript (model text, tool-call arguments and tool results) over its cap of ` +
          `${miChars(this.maxChars)}, so the run was stopped; ask for a shorter answer or make the task smaller`,
      );
  }

  /** Counts one streamed piece of text (one event); throws once over the cap. */
  textEvent(who: string): void {
    if (++this.textEvents > this.maxTextEvents)
      throw new OutputCapError(
        'events',
        `${who} streamed its answer in more than ${this.maxTextEvents} pieces, the cap on a run's events, so the run was stopped`,
      );
  }
}

/** One tool call's arguments over their cap: the call is not run, the run ends. */
export function checkToolArguments(length: number, who: string, tool: string): void {
  if (length > MAX_TOOL_ARGUMENTS_CHARS)
    throw new OutputCapError(
      'tool_arguments',
      `${who} sent arguments for the tool "${tool || 'unnamed'}" over their cap of ${miChars(MAX_TOOL_ARGUMENTS_CHARS)}, so the run was stopped`,
    );
}

/** More tool calls in one turn than the cap: the run ends. */
export function checkToolCallCount(count: number, who: string): void {
  if (count > MAX_TOOL_CALLS_PER_TURN)
    throw new OutputCapError(
      'tool_calls',
      `${who} asked for more than ${MAX_TOOL_CALLS_PER_TURN} tool calls in one turn, the cap, so the run was stopped`,
    );
}

/**
 * The start of a response body, at most `maxBytes`, as text; the rest is never read (the
 * body is cancelled, which closes the connection). `over` tells whether there was more.
 */
export async function readCappedText(
  response: Response,
  maxBytes: number,
): Promise<{ text: string; over: boolean }> {
  const reader = response.body?.getReader();
  if (!reader) return { text: '', over: false };
  const parts: Uint8Array[] = [];
  let bytes = 0;
  let over = false;
  try {
    for (;;) {
      const step = await reader.read();
      if (step.done) break;
      const room = maxBytes - bytes;
      if (step.value.byteLength > room) {
        parts.push(step.value.subarray(0, room));
        bytes = maxBytes;
        over = true;
        break;
      }
      parts.push(step.value);
      bytes += step.value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return { text: Buffer.concat(parts, bytes).toString('utf8'), over };
}

/** An error body's start, for the provider's own words (never the whole body). */
export async function readErrorBody(response: Response): Promise<string> {
  try {
    return (await readCappedText(response, MAX_ERROR_BODY_BYTES)).text;
  } catch {
    return '';
  }
}

/**
 * A `fetch` for the Anthropic SDK that caps what the SDK may read: an error response's
 * body is cut to 64 KiB before the SDK reads it whole, and with `maxOkBytes` a
 * successful body too (a model list; over it, the request fails with OutputCapError,
 * which the SDK hands on as the cause of its connection error). A stream's body
 * (`maxOkBytes` undefined) is left as it is: the SSE reader and the budget bound it.
 */
export function cappedFetch(who: string, maxOkBytes?: number): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (response.ok && maxOkBytes === undefined) return response;
    const limit = response.ok ? (maxOkBytes as number) : MAX_ERROR_BODY_BYTES;
    const { text, over } = await readCappedText(response, limit);
    if (response.ok && over)
      throw new OutputCapError(
        'body',
        `${who} answered with a body over ${mib(limit)}; check base_url`,
      );
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    headers.delete('content-encoding');
    return new Response(text, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}

/** The OutputCapError an SDK error carries as its cause, if any. */
export function capCause(err: unknown): OutputCapError | null {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    if (e instanceof OutputCapError) return e;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}
