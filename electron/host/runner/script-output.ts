/**
 * Reading a script's output (DESIGN §7): bytes → lines (bounded), and stdout lines
 * → the JSON-lines protocol (events, result, error) or plain text.
 */
import type { SkillEventKind } from '../../../shared/protocol/a2e';

/**
 * Splits a byte stream into UTF-8 lines without ever holding more than one line
 * (at most `maxLineBytes`) in memory. A line over the limit calls `onOverflow`;
 * then, by default, the splitter stops (the caller kills the producer), or with
 * `onLong: 'skip'` it drops that line up to its newline and goes on (a protocol
 * reader that answers the bad line and keeps the connection).
 */
export class LineSplitter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private stopped = false;
  /** Inside a line already refused: bytes are dropped up to its newline. */
  private skipping = false;

  constructor(
    private readonly maxLineBytes: number,
    private readonly onLine: (line: string) => void,
    private readonly onOverflow: () => void,
    private readonly onLong: 'stop' | 'skip' = 'stop',
  ) {}

  push(chunk: Buffer): void {
    if (this.stopped) return;
    if (this.skipping) {
      const nl = chunk.indexOf(10);
      if (nl === -1) return;
      this.skipping = false;
      chunk = chunk.subarray(nl + 1);
    }
    const lastNl = chunk.lastIndexOf(10);
    if (lastNl === -1) {
      this.hold(chunk);
      return;
    }
    let start = 0;
    if (this.pending.length > 0) {
      // The first newline completes the line held from earlier chunks.
      const nl = chunk.indexOf(10);
      const refused = this.refuses(this.pendingBytes + nl);
      if (this.stopped) return;
      if (refused) this.dropPending();
      else this.emit(chunk.subarray(0, nl));
      start = nl + 1;
    }
    if (start < lastNl) this.split(chunk.toString('utf8', start, lastNl));
    else if (start === lastNl) this.deliver('');
    if (!this.stopped && lastNl + 1 < chunk.length) this.hold(chunk.subarray(lastNl + 1));
  }

  /**
   * Delivers the lines of text decoded in one go (a newline byte never sits inside
   * a multi-byte character, so decoding up to one is safe): one decode per chunk
   * instead of one per line. A UTF-8 line has at least as many bytes as UTF-16 units
   * and at most three per unit, so only long lines need their bytes counted.
   */
  private split(text: string): void {
    let from = 0;
    while (!this.stopped) {
      const nl = text.indexOf('\n', from);
      const line = nl === -1 ? text.slice(from) : text.slice(from, nl);
      const long = line.length * 3 > this.maxLineBytes;
      if (!(long && this.refuses(Buffer.byteLength(line)))) this.deliver(line);
      if (nl === -1) return;
      from = nl + 1;
    }
  }

  /** Keeps the start of a line that has no newline yet. */
  private hold(part: Buffer): void {
    if (this.refuses(this.pendingBytes + part.length)) {
      if (!this.stopped) {
        this.dropPending();
        this.skipping = true;
      }
      return;
    }
    this.pending.push(part);
    this.pendingBytes += part.length;
  }

  /** True for a line over the limit: reported, then the splitter stops or skips it. */
  private refuses(lineBytes: number): boolean {
    if (lineBytes <= this.maxLineBytes) return false;
    if (this.onLong === 'stop') this.stop();
    this.onOverflow();
    return true;
  }

  private dropPending(): void {
    this.pending = [];
    this.pendingBytes = 0;
  }

  /** Flushes a last line that had no newline. */
  end(): void {
    if (!this.stopped && this.pendingBytes > 0) this.emit(Buffer.alloc(0));
    this.stop();
  }

  private emit(tail: Buffer): void {
    const bytes = this.pending.length === 0 ? tail : Buffer.concat([...this.pending, tail]);
    this.pending = [];
    this.pendingBytes = 0;
    this.deliver(bytes.toString('utf8'));
  }

  private deliver(line: string): void {
    this.onLine(line.endsWith('\r') ? line.slice(0, -1) : line);
  }

  private stop(): void {
    this.stopped = true;
    this.pending = [];
    this.pendingBytes = 0;
  }
}

export type StdoutItem =
  | { kind: 'event'; event: SkillEventKind; data: Record<string, unknown> }
  | { kind: 'result'; data: unknown; summary: unknown }
  | { kind: 'error'; message: string; code: string | null }
  | { kind: 'text'; text: string };

function str(value: unknown, fallback = ''): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return fallback;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function pct(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return 0;
  return Math.min(100, Math.max(0, Math.round(n)));
}

/**
 * One stdout line → what it means. Lines that are not a JSON object with a known
 * `type` are plain text (they become `log` info events). Known lines are lenient
 * about their fields: a missing message is '', a pct is rounded into 0..100.
 */
export function parseStdoutLine(line: string): StdoutItem {
  const trimmed = line.trim();
  if (!trimmed.startsWith('{')) return { kind: 'text', text: line };
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return { kind: 'text', text: line };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { kind: 'text', text: line };
  }
  const o = value as Record<string, unknown>;
  switch (o.type) {
    case 'progress':
      return {
        kind: 'event',
        event: 'progress',
        data: { pct: pct(o.pct), message: str(o.message) },
      };
    case 'log':
      return {
        kind: 'event',
        event: 'log',
        data: { level: str(o.level, 'info'), message: str(o.message) },
      };
    case 'status':
      return { kind: 'event', event: 'status', data: { message: str(o.message) } };
    case 'artifact':
      return {
        kind: 'event',
        event: 'artifact',
        data: {
          name: str(o.name, 'artifact'),
          mime: str(o.mime, 'text/plain'),
          chunk: str(o.chunk),
          final: o.final === true,
        },
      };
    case 'result':
      return { kind: 'result', data: o.data ?? null, summary: o.summary ?? null };
    case 'error':
      return {
        kind: 'error',
        message: str(o.message, 'the skill reported an error'),
        code: o.code === undefined || o.code === null ? null : str(o.code),
      };
    default:
      return { kind: 'text', text: line };
  }
}

/** Keeps about the last `maxChars` characters of the appended lines. */
export class TextTail {
  private lines: string[] = [];
  private size = 0;

  constructor(private readonly maxChars: number) {}

  push(line: string): void {
    const clipped = line.length > this.maxChars ? line.slice(-this.maxChars) : line;
    this.lines.push(clipped);
    this.size += clipped.length + 1;
    while (this.size > this.maxChars && this.lines.length > 1) {
      this.size -= (this.lines.shift() as string).length + 1;
    }
  }

  get text(): string {
    return this.lines.join('\n');
  }

  get empty(): boolean {
    return this.lines.length === 0;
  }
}
