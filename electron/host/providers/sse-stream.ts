/**
 * Reads one streamed model response (Server-Sent Events) for both chat clients, with
 * `eventsource-parser` (maintained, engines node >= 18) fed once per network read.
 *
 * Why not the Anthropic SDK's own stream iterator: it walks every event through a chain
 * of async generators and its own line decoder, which cost more CPU than everything else
 * of a model run together (the benchmark's 20-turn conversation). Here an event is a
 * synchronous callback, and the text of one network read is handed on as one piece
 * (`onRead`), so a burst of deltas becomes one streamed event, the same text either way.
 *
 * The caller's `onEvent` throws a ProviderError to stop (bad JSON, an error event) and
 * returns 'end' at the protocol's end marker (`[DONE]`, `message_stop`); then the rest
 * of the response is read briefly so the connection can be reused (keep-alive), and a
 * server that holds it open is cut. A read that fails mid-stream is a cut message.
 * Whatever ends the read, the response body is cancelled, which closes the connection
 * at once when we stop early (error, abort).
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { abortedError, networkError, ProviderError, type ErrorContext } from './provider-errors';
import { logSwallowed } from '../log';

export type { EventSourceMessage };

export interface SseReadOptions {
  ctx: ErrorContext;
  signal: AbortSignal;
  /** Largest single event kept in memory. */
  maxEventBytes: number;
  /** One event; throws a ProviderError to stop, returns 'end' at the end marker. */
  onEvent(event: EventSourceMessage): 'end' | void;
  /** After the events of one network read: hand on what they batched. */
  onRead(): void;
}

/** How long to wait for the end of a response after its end marker. */
const DRAIN_MS = 50;

/** Reads the body to its end (or end marker); tells whether the end marker came. */
export async function readSseStream(
  response: Response,
  opts: SseReadOptions,
): Promise<{ ended: boolean }> {
  const who = `provider "${opts.ctx.providerId}"`;
  let ended = false;
  let failure: ProviderError | null = null;
  const parser = createParser({
    onEvent: (event) => {
      if (ended || failure) return;
      try {
        if (opts.onEvent(event) === 'end') ended = true;
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err;
        failure = err;
      }
    },
    onError: (err) => {
      if (err.type === 'max-buffer-size-exceeded')
        failure ??= new ProviderError(
          'protocol',
          `${who} sent one stream event over the size limit`,
        );
      // Unknown fields and bad retry values are ignored, as EventSource does.
    },
    maxBufferSize: opts.maxEventBytes,
  });

  const reader = response.body?.getReader();
  if (!reader) throw new ProviderError('protocol', `${who} sent no response body`);
  const decoder = new TextDecoder();
  try {
    for (;;) {
      let step: Awaited<ReturnType<typeof reader.read>>;
      try {
        step = await reader.read();
      } catch (err) {
        if (opts.signal.aborted) throw abortedError();
        throw new ProviderError(
          'protocol',
          `${who} cut the stream mid-message (${networkError(opts.ctx, err).message})`,
        );
      }
      if (step.done) break;
      parser.feed(decoder.decode(step.value, { stream: true }));
      if (failure) throw failure as ProviderError;
      opts.onRead();
      if (ended) {
        await drain(reader, DRAIN_MS);
        break;
      }
    }
    if (!ended) {
      parser.feed(decoder.decode());
      if (failure) throw failure as ProviderError;
      opts.onRead();
    }
  } finally {
    await reader.cancel().catch(logSwallowed('cancel the response stream'));
  }
  if (opts.signal.aborted) throw abortedError();
  return { ended };
}

async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)));
  try {
    for (let i = 0; i < 64; i++) {
      const step = await Promise.race([reader.read(), late]);
      if (step === 'late' || step.done) return;
    }
  } finally {
    clearTimeout(timer);
  }
}
