/**
 * What went wrong talking to a provider, in words that say what to fix. Both clients
 * turn every failure into a ProviderError: HTTP statuses (401, 403, 404, 429, 5xx),
 * network failures (refused, unknown host, TLS), broken streams, and aborts. Messages
 * never carry a key or a request header (redactSecrets runs on everything the server
 * sent back).
 */
import { redactSecrets } from './api-keys';
import { errorMessage } from '../../../shared/errors';

export type ProviderErrorKind =
  | 'auth'
  | 'forbidden'
  | 'not_found'
  | 'rate_limit'
  | 'server'
  | 'bad_request'
  | 'unreachable'
  | 'tls'
  | 'protocol'
  | 'aborted';

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    readonly status: number | null = null,
    /** From Retry-After (or retry-after-ms), when the server sent one. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'ProviderError';
  }

  /** 429 and 5xx are worth another try; a broken stream is not (text was already shown). */
  get retryable(): boolean {
    return this.kind === 'rate_limit' || this.kind === 'server';
  }
}

export interface ErrorContext {
  providerId: string;
  baseUrl: string;
  model: string;
  /** Secrets to keep out of messages. */
  secrets: readonly (string | null)[];
}

/** The most of a provider's own words an error message repeats. */
const MAX_WORDS = 500;

/** Retry-After as milliseconds: seconds or an HTTP date; retry-after-ms wins when present. */
export function retryAfterMs(
  headers: { get(name: string): string | null } | undefined,
): number | null {
  if (!headers) return null;
  const ms = headers.get('retry-after-ms');
  if (ms && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const value = headers.get('retry-after');
  if (!value) return null;
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Math.max(0, Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

/** The provider's own words from an error body (`{error:{message}}`, `{message}`, text). */
export function providerMessage(body: unknown, fallback: string): string {
  if (typeof body === 'string') {
    try {
      return providerMessage(JSON.parse(body) as unknown, body.slice(0, 300) || fallback);
    } catch {
      return body.trim().slice(0, 300) || fallback;
    }
  }
  if (typeof body === 'object' && body !== null) {
    const b = body as { error?: unknown; message?: unknown };
    if (typeof b.error === 'object' && b.error !== null) {
      const m = (b.error as { message?: unknown }).message;
      if (typeof m === 'string' && m) return m;
    }
    if (typeof b.error === 'string' && b.error) return b.error;
    if (typeof b.message === 'string' && b.message) return b.message;
  }
  return fallback;
}

/** An HTTP error status as a ProviderError that says what to fix. */
export function httpError(
  ctx: ErrorContext,
  status: number,
  said: string,
  retryAfter: number | null,
): ProviderError {
  const who = `provider "${ctx.providerId}" (${ctx.baseUrl})`;
  // The provider's words, not its whole body: a message is for a person to read. Cut
  // after redacting, so that no cut leaves the start of a key behind.
  const clean = redactSecrets(said, ctx.secrets);
  const words = clean.length > MAX_WORDS ? `${clean.slice(0, MAX_WORDS)}…` : clean;
  if (status === 401)
    return new ProviderError(
      'auth',
      `${who} refused the API key (401: ${words}); check the key in the variable its api_key_env names, or whether it was revoked`,
      status,
    );
  if (status === 403)
    return new ProviderError(
      'forbidden',
      `${who} does not let this key do that (403: ${words}); check the key's permissions, organisation and region`,
      status,
    );
  if (status === 404)
    return new ProviderError(
      'not_found',
      `${who} answered 404 (${words}); check the model name "${ctx.model}" and that base_url is the API root` +
        ' (anthropic: https://api.anthropic.com; openai-compatible: ends in /v1)',
      status,
    );
  if (status === 429)
    return new ProviderError(
      'rate_limit',
      `${who} is rate-limiting (429: ${words}); wait, or lower the request rate`,
      status,
      retryAfter,
    );
  if (status >= 500)
    return new ProviderError(
      'server',
      `${who} failed on its side (${status}: ${words}); try again later`,
      status,
      retryAfter,
    );
  return new ProviderError(
    'bad_request',
    `${who} refused the request (${status}: ${words})`,
    status,
  );
}

/** A failure below HTTP: refused, unknown host, TLS, reset. */
export function networkError(ctx: ErrorContext, err: unknown): ProviderError {
  const who = `provider "${ctx.providerId}"`;
  const code = causeCode(err);
  const text = redactSecrets(causeText(err), ctx.secrets);
  if (code === 'ECONNREFUSED')
    return new ProviderError(
      'unreachable',
      `${who}: nothing is listening at ${ctx.baseUrl} (connection refused); start the server (e.g. \`ollama serve\`) or fix base_url`,
    );
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return new ProviderError(
      'unreachable',
      `${who}: the host of ${ctx.baseUrl} cannot be found (${code}); check base_url and your network`,
    );
  if (code && /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|EPROTO/i.test(code))
    return new ProviderError(
      'tls',
      `${who}: the TLS connection to ${ctx.baseUrl} failed (${code}); check that base_url uses the right scheme ` +
        '(http:// for a local server) and that the certificate is trusted (NODE_EXTRA_CA_CERTS for a private CA)',
    );
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE')
    return new ProviderError(
      'server',
      `${who}: the connection to ${ctx.baseUrl} was reset (${code}); try again`,
    );
  return new ProviderError(
    'unreachable',
    `${who}: cannot reach ${ctx.baseUrl} (${code ?? 'network error'}: ${text}); check base_url and that the server runs`,
  );
}

/** The errno-like code of an error or of its causes (fetch wraps them in `cause`). */
export function causeCode(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && depth < 6; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code) return code;
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.length > 0) {
      const inner = causeCode(errors[0]);
      if (inner) return inner;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

function causeText(err: unknown): string {
  let e: unknown = err;
  let last = errorMessage(err);
  for (let depth = 0; e && depth < 6; depth++) {
    if (e instanceof Error && e.message) last = e.message;
    e = (e as { cause?: unknown }).cause;
  }
  return last;
}

export function abortedError(): ProviderError {
  return new ProviderError('aborted', 'the request was aborted');
}
