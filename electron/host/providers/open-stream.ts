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
  headers: Record<string, string>,
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
