/**
 * Reading a script's output (docs/contracts.md, Script ABI): bytes → lines (bounded), and stdout
 * lines → the JSON-lines protocol (events, result, error) or plain text, with a warning
 * naming the line for each protocol line that was not read as its author meant.
 */
import type { SkillEventKind } from '../../../shared/protocol/a2e';
import { errorMessage } from '../../../shared/errors';

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
  | { kind: 'text'; text: string }
  /** A protocol line too broken to use (an artifact without its chunk): dropped. */
  | { kind: 'ignored' };

/** What one stdout line means, and what is wrong with it (for the author of the skill). */
export interface ReadStdoutLine {
  item: StdoutItem;
  /** Why the line was not read as the author probably meant; null when it was. */
  problem: string | null;
}

/** The `type` values of the output protocol (docs/contracts.md, Script ABI). */
export const STDOUT_TYPES = ['progress', 'log', 'status', 'artifact', 'result', 'error'] as const;

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

/** "a number", "an object", … for problems. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** A `"type":"…"` written in a line, for lines that are not valid JSON. */
const TYPE_IN_TEXT = /"type"\s*:\s*"([^"\\]{1,40})"/;

/** Why a line that looks like a protocol line is not JSON, in words. */
function notJson(line: string, err: unknown): string {
  // As a value (after `:`, `,` or `[`), not inside a string.
  if (/[:,[]\s*-?(?:NaN|Infinity)\s*[,}\]]/.test(line))
    return 'NaN and Infinity are not JSON (in Python, turn them into null or strings)';
  const reason = errorMessage(err);
  return /end of (JSON )?input|Unterminated/i.test(reason)
    ? 'the JSON ends too soon: was the line cut short?'
    : reason;
}

/**
 * One stdout line → what it means, and any problem worth telling the author. Lines
 * that are not a JSON object are plain text (they become `log` info events). Known
 * lines are lenient about their fields: a missing message is '', a pct is rounded
 * into 0..100. Problems: a line that looks like a protocol line (an object with a
 * `"type"`) but is not valid JSON, an unknown `type`, an artifact without `chunk`
 * (dropped), a non-string chunk, a result without `data`, a pct that is not a number.
 */
export function readStdoutLine(line: string): ReadStdoutLine {
  const text: StdoutItem = { kind: 'text', text: line };
  const trimmed = line.trim();
  if (!trimmed.startsWith('{')) return { item: text, problem: null };
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (err) {
    const type = TYPE_IN_TEXT.exec(trimmed)?.[1];
    if (type === undefined) return { item: text, problem: null };
    const what = type === 'result' ? 'a result line' : `a "${type}" line`;
    const consequence = type === 'result' ? 'no result was taken from it' : 'shown as text';
    return {
      item: text,
      problem: `${what} that is not valid JSON (${notJson(trimmed, err)}) — ${consequence}`,
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { item: text, problem: null };
  }
  const o = value as Record<string, unknown>;
  switch (o.type) {
    case 'progress':
      return {
        item: {
          kind: 'event',
          event: 'progress',
          data: { pct: pct(o.pct), message: str(o.message) },
        },
        problem:
          o.pct !== undefined && !Number.isFinite(typeof o.pct === 'number' ? o.pct : Number(o.pct))
            ? `progress pct is ${kindOf(o.pct)}, not a number from 0 to 100 — read as 0`
            : null,
      };
    case 'log':
      return {
        item: {
          kind: 'event',
          event: 'log',
          data: { level: str(o.level, 'info'), message: str(o.message) },
        },
        problem: null,
      };
    case 'status':
      return {
        item: { kind: 'event', event: 'status', data: { message: str(o.message) } },
        problem: null,
      };
    case 'artifact': {
      const hasChunk = o.chunk !== undefined && o.chunk !== null;
      // A chunk-less line that only closes the artifact is fine: final is the whole message.
      if (!hasChunk && o.final !== true) {
        return { item: { kind: 'ignored' }, problem: 'artifact without chunk — ignored' };
      }
      return {
        item: {
          kind: 'event',
          event: 'artifact',
          data: {
            name: str(o.name, 'artifact'),
            mime: str(o.mime, 'text/plain'),
            chunk: str(o.chunk),
            final: o.final === true,
          },
        },
        problem:
          hasChunk && typeof o.chunk !== 'string'
            ? `artifact chunk is ${kindOf(o.chunk)}, not a string — sent as its JSON text`
            : null,
      };
    }
    case 'result':
      return {
        item: { kind: 'result', data: o.data ?? null, summary: o.summary ?? null },
        problem: 'data' in o ? null : 'result without data — the result data is null',
      };
    case 'error':
      return {
        item: {
          kind: 'error',
          message: str(o.message, 'the skill reported an error'),
          code: o.code === undefined || o.code === null ? null : str(o.code),
        },
        problem: null,
      };
    default:
      // An object without a type is ordinary output; one with an unknown type is a slip.
      return {
        item: text,
        problem:
          o.type === undefined
            ? null
            : `unknown type ${JSON.stringify(o.type)} — shown as text (the types are ${STDOUT_TYPES.join(', ')})`,
      };
  }
}

/** Problems told per run at most: a script that gets every line wrong needs one hint, not a flood. */
export const MAX_STDOUT_PROBLEMS = 20;

/**
 * Reads a script's stdout line by line (every line, blank ones too, so the numbers
 * match the script's output) and turns each problem into the text of a `log` warn
 * event that names the line: "stdout line 12: artifact without chunk — ignored".
 * Also tells when a second result replaces the first.
 */
export class StdoutReader {
  private lineNo = 0;
  private problems = 0;
  private resultLine: number | null = null;

  /** The line's meaning (null for a blank line) and the warnings to emit for it. */
  read(line: string): { item: StdoutItem | null; warnings: string[] } {
    this.lineNo++;
    if (line.trim() === '') return { item: null, warnings: [] };
    const { item, problem } = readStdoutLine(line);
    const warnings: string[] = [];
    if (problem !== null) this.warn(problem, warnings);
    if (item.kind === 'result') {
      if (this.resultLine !== null)
        this.warn(`a second result replaces the one on line ${this.resultLine}`, warnings);
      this.resultLine = this.lineNo;
    }
    return { item, warnings };
  }

  private warn(problem: string, into: string[]): void {
    this.problems++;
    if (this.problems <= MAX_STDOUT_PROBLEMS) into.push(`stdout line ${this.lineNo}: ${problem}`);
    else if (this.problems === MAX_STDOUT_PROBLEMS + 1)
      into.push(`stdout line ${this.lineNo}: more output problems follow; not told one by one`);
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
