/**
 * Retries a provider request on 429 and 5xx, with exponential backoff and jitter,
 * honouring Retry-After, and never waiting past the run's deadline: when the next wait
 * would end after it, the last error is thrown at once. An abort ends any wait at once.
 * Only the opening of a stream is retried; once text has streamed, a failure is final.
 */
import { abortedError, ProviderError } from './provider-errors';

export interface RetryOptions {
  signal: AbortSignal;
  deadline: number;
  /** Attempts in all, the first included. Default 4. */
  attempts?: number;
  /** First backoff; doubles each time. Default 500 ms. */
  baseDelayMs?: number;
  /** Longest single wait. Default 20 s. */
  maxDelayMs?: number;
  /** Told before each wait (a log line for the run). */
  onRetry?: (err: ProviderError, waitMs: number, attempt: number) => void;
}

export async function withRetry<T>(fn: () => Promise<T>, opts: RetryOptions): Promise<T> {
  const attempts = opts.attempts ?? 4;
  const base = opts.baseDelayMs ?? 500;
  const cap = opts.maxDelayMs ?? 20_000;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (!(err instanceof ProviderError) || !err.retryable || attempt >= attempts) throw err;
      const backoff = Math.min(cap, base * 2 ** (attempt - 1)) * (0.8 + Math.random() * 0.4);
      const wait = err.retryAfterMs ?? backoff;
      if (Date.now() + wait >= opts.deadline) throw err;
      opts.onRetry?.(err, wait, attempt);
      await sleep(wait, opts.signal);
    }
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(abortedError());
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortedError());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
