/**
 * The one POST that opens a provider's streamed answer, for the clients that speak plain
 * HTTP (OpenAI-compatible, Gemini): a network failure or an error status becomes a
 * ProviderError the caller's retry loop understands, and an error body is read only up
 * to its cap (a hostile server's may never end).
 */
import {
  abortedError,
  httpError,
  networkError,
  providerMessage,
  retryAfterMs,
  type ErrorContext,
} from './provider-errors';
import { readErrorBody } from './output-limits';

export async function openStream(
  ctx: ErrorContext,
  url: string,
  headers: Record<string, string> | Headers,
  body: string,
  signal: AbortSignal,
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers, body, signal });
  } catch (err) {
    if (signal.aborted) throw abortedError();
    throw networkError(ctx, err);
  }
  if (!response.ok) {
    const text = await readErrorBody(response);
    throw httpError(
      ctx,
      response.status,
      providerMessage(text, response.statusText),
      retryAfterMs(response.headers),
    );
  }
  return response;
}

/**
 * One turn on an abort signal of its own that follows the run's. `fetch` leaves its abort
 * listener on the signal it is given until the request is garbage-collected: given the
 * run's signal, one listener per turn would pile up over a long run (Node warns past ten).
 * The turn's own signal goes with the turn, and its one listener on the run's signal is
 * removed when the turn ends.
 */
export async function onTurnSignal<T>(
  run: AbortSignal,
  turn: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const own = new AbortController();
  const forward = (): void => own.abort(run.reason);
  if (run.aborted) forward();
  else run.addEventListener('abort', forward, { once: true });
  try {
    return await turn(own.signal);
  } finally {
    run.removeEventListener('abort', forward);
  }
}
