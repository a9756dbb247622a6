/**
 * Where JSON text goes wrong. Engines differ in what their JSON.parse errors say
 * (newer V8 gives a snippet, not a position), so on a parse failure this small
 * scanner walks the text by the JSON grammar and returns the offset of the first
 * character that cannot be part of valid JSON (the end of text when it stops early).
 */

const WS = new Set([' ', '\t', '\n', '\r']);

export function jsonErrorOffset(text: string): number | null {
  let i = 0;
  const n = text.length;
  const skip = () => {
    while (i < n && WS.has(text[i])) i++;
  };
  class Stop extends Error {
    constructor(readonly at: number) {
      super('stop');
    }
  }
  const fail = (at = i): never => {
    throw new Stop(at);
  };
  const literal = (word: string) => {
    for (let k = 0; k < word.length; k++) if (text[i + k] !== word[k]) fail(i + k);
    i += word.length;
  };
  const string = () => {
    i++; // opening quote
    while (i < n) {
      const c = text[i];
      if (c === '"') {
        i++;
        return;
      }
      if (c === '\\') {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail(i);
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else fail(i);
        continue;
      }
      if (c.charCodeAt(0) < 0x20) fail(i);
      i++;
    }
    fail(n);
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m || m[0] === '' || m[0] === '-') fail(i);
    i += (m as RegExpExecArray)[0].length;
  };
  const value = (depth: number): void => {
    if (depth > 512) fail(i);
    skip();
    const c = text[i];
    if (c === '{') {
      i++;
      skip();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        skip();
        if (text[i] !== '"') fail();
        string();
        skip();
        if (text[i] !== ':') fail();
        i++;
        value(depth + 1);
        skip();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return;
        }
        fail();
      }
    }
    if (c === '[') {
      i++;
      skip();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value(depth + 1);
        skip();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return;
        }
        fail();
      }
    }
    if (c === '"') return string();
    if (c === 't') return literal('true');
    if (c === 'f') return literal('false');
    if (c === 'n') return literal('null');
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return number();
    fail();
  };
  try {
    value(0);
    skip();
    if (i < n) fail();
    return null;
  } catch (err) {
    if (err instanceof Stop) return Math.min(err.at, n);
    return null;
  }
}
