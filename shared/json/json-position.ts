/**
 * A small JSON scanner that knows where things are: the line/column of a syntax
 * error, and of every key and value by path. JSON.parse gives neither reliably
 * (its messages vary by engine and often lack a position), and a config
 * diagnostic without a line is hard to act on.
 */
import { errorMessage } from '../errors';

export type JsonPath = readonly (string | number)[];

export interface TextPosition {
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units. */
  column: number;
}

export type JsonScan =
  | {
      ok: true;
      value: unknown;
      /** Where the value at `path` starts (or its key, for object members), else the closest parent. */
      locate(path: JsonPath, which?: 'key' | 'value'): TextPosition;
    }
  | { ok: false; message: string; line: number; column: number };

/** Deeper nesting than this is refused rather than risking the stack. */
const MAX_DEPTH = 256;

class ScanError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

interface Spot {
  key: number;
  value: number;
}

export function scanJson(text: string): JsonScan {
  const lineStarts = computeLineStarts(text);
  const toPos = (offset: number): TextPosition => offsetToPosition(lineStarts, offset);
  // A BOM is what some editors put first; JSON.parse refuses it, people do not expect that.
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const spots = new Map<string, Spot>();
  let i = start;

  const fail = (message: string, at = i): never => {
    throw new ScanError(message, at);
  };
  const describe = (at: number): string => (at >= text.length ? 'end of file' : `'${text[at]}'`);

  const skipWs = (): void => {
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
      else break;
    }
  };

  const scanString = (): void => {
    // text[i] === '"'
    i++;
    for (;;) {
      if (i >= text.length) fail('unterminated string');
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return;
      }
      if (c < 0x20) fail('control character in string (escape it)');
      if (c === 0x5c) {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail('bad \\u escape in string');
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) {
          i += 2;
        } else {
          fail(`bad escape '\\${e ?? ''}' in string`);
        }
        continue;
      }
      i++;
    }
  };

  const scanNumber = (): void => {
    const m = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
    m.lastIndex = i;
    const found = m.exec(text);
    if (!found || found[0] === '-' || found[0].length === 0) fail(`unexpected ${describe(i)}`);
    i += (found as RegExpExecArray)[0].length;
  };

  /** After a member: true at a ',' (another follows), false at the closing bracket. */
  const moreAfter = (close: '}' | ']', what: string): boolean => {
    skipWs();
    if (text[i] === ',') {
      i++;
      skipWs();
      if (text[i] === close) fail(`trailing comma before '${close}'`);
      return true;
    }
    if (text[i] === close) {
      i++;
      return false;
    }
    return fail(`expected ',' or '${close}' after ${what}, found ${describe(i)}`);
  };

  const scanValue = (path: string, keyAt: number, depth: number): void => {
    skipWs();
    if (depth > MAX_DEPTH) fail('nesting too deep');
    spots.set(path, { key: keyAt, value: i });
    const c = text[i];
    if (c === '{') {
      i++;
      skipWs();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        skipWs();
        if (text[i] !== '"')
          fail(`expected a property name in double quotes, found ${describe(i)}`);
        const keyStart = i;
        scanString();
        const key = JSON.parse(text.slice(keyStart, i)) as string;
        skipWs();
        if (text[i] !== ':') fail(`expected ':' after property name, found ${describe(i)}`);
        i++;
        scanValue(childPath(path, key), keyStart, depth + 1);
        if (!moreAfter('}', 'property value')) return;
      }
    }
    if (c === '[') {
      i++;
      skipWs();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (let index = 0; ; index++) {
        const at = i;
        scanValue(childPath(path, index), at, depth + 1);
        if (!moreAfter(']', 'array element')) return;
      }
    }
    if (c === '"') return scanString();
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return scanNumber();
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return;
      }
    }
    fail(
      i >= text.length ? 'unexpected end of file, expected a value' : `unexpected ${describe(i)}`,
    );
  };

  try {
    scanValue('', start, 0);
    skipWs();
    if (i < text.length) fail(`unexpected ${describe(i)} after the end of the JSON value`);
  } catch (err) {
    if (err instanceof ScanError) {
      const pos = toPos(err.offset);
      return { ok: false, message: err.message, ...pos };
    }
    throw err;
  }

  let value: unknown;
  try {
    value = JSON.parse(text.slice(start));
  } catch (err) {
    // The scanner accepted what the engine refuses: trust the engine, keep a position.
    return { ok: false, message: (err as Error).message, line: 1, column: 1 };
  }

  return {
    ok: true,
    value,
    locate(path, which = 'key') {
      for (let n = path.length; n >= 0; n--) {
        const spot = spots.get(pathKey(path.slice(0, n)));
        if (spot) return toPos(which === 'key' && n === path.length ? spot.key : spot.value);
      }
      return { line: 1, column: 1 };
    },
  };
}

function childPath(parent: string, segment: string | number): string {
  return parent + '\u0000' + String(segment);
}

function pathKey(path: JsonPath): string {
  let key = '';
  for (const seg of path) key = childPath(key, seg);
  return key;
}

function computeLineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) === 0x0a) starts.push(i + 1);
  }
  return starts;
}

/** Where JSON text first goes wrong (engines' JSON.parse messages vary), or null when it is valid. */
export function jsonErrorPosition(text: string): TextPosition | null {
  const scan = scanJson(text);
  return scan.ok ? null : { line: scan.line, column: scan.column };
}

function offsetToPosition(lineStarts: number[], offset: number): TextPosition {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - lineStarts[lo] + 1 };
}

export type ParsedJsonText =
  | { ok: true; value: unknown }
  | { ok: false; message: string; line: number | null; column: number | null };

/** JSON.parse, or the engine's message with where the text first goes wrong. */
export function parseJsonText(text: string): ParsedJsonText {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (err) {
    const message = errorMessage(err);
    const p = jsonErrorPosition(text);
    return { ok: false, message, line: p?.line ?? null, column: p?.column ?? null };
  }
}
