/**
 * What the relay keeps of one exchange: headers with every auth header redacted, and the
 * body up to a bound with every known secret cut out (providers/api-keys.ts `redactSecrets`,
 * the same redaction the providers' own errors get). A body is parsed as JSON when it is
 * whole JSON; an SSE stream or a cut body stays text.
 */
import { redactSecrets } from '../../providers/api-keys';
import type { RecordedBody } from '../core/types';

/** Headers that carry credentials, in any client's dialect. */
const AUTH_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'x-api-key',
  'x-goog-api-key',
  'api-key',
  'cookie',
  'set-cookie',
]);

export function isAuthHeader(name: string): boolean {
  return AUTH_HEADERS.has(name.toLowerCase());
}

export function redactHeaders(
  headers: Record<string, string | string[] | undefined>,
  secrets: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : value;
    out[name.toLowerCase()] = isAuthHeader(name) ? '[redacted]' : redactSecrets(text, secrets);
  }
  return out;
}

/** Collects up to `limit` bytes of a body that may be much larger. */
export class BoundedBody {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  bytes = 0;
  constructor(private readonly limit: number) {}

  push(chunk: Buffer): void {
    this.bytes += chunk.length;
    if (this.kept >= this.limit) return;
    const part = chunk.subarray(0, this.limit - this.kept);
    this.chunks.push(part);
    this.kept += part.length;
  }

  /** The recorded body: secrets redacted, JSON parsed when whole and JSON. */
  recorded(secrets: readonly string[]): RecordedBody {
    const truncated = this.bytes > this.kept;
    const text = redactSecrets(Buffer.concat(this.chunks).toString('utf8'), secrets);
    let body: unknown = text;
    if (!truncated && text !== '') {
      try {
        body = JSON.parse(text) as unknown;
      } catch {
        body = text;
      }
    }
    return { body, bytes: this.bytes, truncated };
  }
}
