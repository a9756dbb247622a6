import { describe, expect, it } from 'vitest';
import { classifyRun, type RunFacts } from './exit-classify';
import { LineSplitter, parseStdoutLine, TextTail } from './script-output';

/** A splitter that collects its lines and fails the test on any overflow. */
function splitterWithoutOverflow(): { lines: string[]; s: LineSplitter } {
  const lines: string[] = [];
  const s = new LineSplitter(
    1024,
    (l) => lines.push(l),
    () => {
      throw new Error('no overflow expected');
    },
  );
  return { lines, s };
}

describe('LineSplitter', () => {
  it('reassembles lines across chunks, including split UTF-8 characters and CRLF', () => {
    const { lines, s } = splitterWithoutOverflow();
    const bytes = Buffer.from('héllo\r\nwörld\n€ tail', 'utf8');
    for (let i = 0; i < bytes.length; i++) s.push(bytes.subarray(i, i + 1));
    s.end();
    expect(lines).toEqual(['héllo', 'wörld', '€ tail']);
  });

  it('stops at the first line over the limit and reports it once', () => {
    const lines: string[] = [];
    let overflows = 0;
    const s = new LineSplitter(
      8,
      (l) => lines.push(l),
      () => overflows++,
    );
    s.push(Buffer.from('short\n12345678\n123456789'));
    s.push(Buffer.from('more\nafter\n'));
    s.end();
    expect(lines).toEqual(['short', '12345678']);
    expect(overflows).toBe(1);
  });
});

describe('LineSplitter on arbitrary chunkings', () => {
  it('gives the same lines as splitting the whole text, wherever the chunks break', () => {
    const text = ['plain', '', 'héllo wörld', '€€€ ✓', '𝄞 clef', '{"type":"log"}', '', 'end'].join(
      '\n',
    );
    const bytes = Buffer.from(text + '\n', 'utf8');
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (let round = 0; round < 200; round++) {
      const { lines, s } = splitterWithoutOverflow();
      for (let at = 0; at < bytes.length;) {
        const size = 1 + (next() % 12);
        s.push(bytes.subarray(at, at + size));
        at += size;
      }
      s.end();
      expect(lines).toEqual(text.split('\n'));
    }
  });

  it('counts bytes, not characters: a short line of wide characters can be over the limit', () => {
    const lines: string[] = [];
    let overflows = 0;
    const s = new LineSplitter(
      12,
      (l) => lines.push(l),
      () => overflows++,
    );
    // 'ok' fits; five euro signs are 5 characters but 15 bytes.
    s.push(Buffer.from('ok\n€€€€€\nlater\n', 'utf8'));
    expect(lines).toEqual(['ok']);
    expect(overflows).toBe(1);
  });
});

describe('parseStdoutLine', () => {
  it('reads every protocol line', () => {
    expect(parseStdoutLine('{"type":"progress","pct":42.6,"message":"m"}')).toEqual({
      kind: 'event',
      event: 'progress',
      data: { pct: 43, message: 'm' },
    });
    expect(parseStdoutLine('{"type":"progress","pct":"lots"}')).toMatchObject({
      data: { pct: 0, message: '' },
    });
    expect(parseStdoutLine('{"type":"log","message":"x"}')).toMatchObject({
      data: { level: 'info', message: 'x' },
    });
    expect(parseStdoutLine('{"type":"status","message":"s"}')).toMatchObject({ event: 'status' });
    expect(
      parseStdoutLine('{"type":"artifact","name":"n","chunk":"c","final":true}'),
    ).toMatchObject({
      data: { name: 'n', mime: 'text/plain', chunk: 'c', final: true },
    });
    expect(parseStdoutLine('{"type":"result","data":[1],"summary":"s"}')).toEqual({
      kind: 'result',
      data: [1],
      summary: 's',
    });
    expect(parseStdoutLine('{"type":"error","message":"bad","code":"E1"}')).toEqual({
      kind: 'error',
      message: 'bad',
      code: 'E1',
    });
  });

  it('treats everything else as plain text', () => {
    for (const line of [
      'hello',
      '{"type": broken',
      '[1]',
      '{"type":"other"}',
      '"str"',
      '  {"no":"type"}',
    ]) {
      expect(parseStdoutLine(line)).toEqual({ kind: 'text', text: line });
    }
  });
});

describe('TextTail', () => {
  it('keeps only the last characters', () => {
    const t = new TextTail(10);
    for (const l of ['aaaa', 'bbbb', 'cccc', 'dddd']) t.push(l);
    expect(t.text).toBe('cccc\ndddd');
  });
});

describe('classifyRun', () => {
  const base: RunFacts = {
    spawnError: null,
    code: 0,
    signal: null,
    killedBy: null,
    stderrTail: '',
    errorLine: null,
    result: null,
    plainText: '',
    timeoutMs: 1000,
    limits: {
      maxOutputBytes: 16 << 20,
      maxLineBytes: 1 << 20,
      maxEvents: 10,
      fileSizeBytes: 1 << 20,
    },
  };

  it('maps exits to the specification codes', () => {
    expect(classifyRun({ ...base, result: { data: 1, summary: 's' } })).toEqual({
      success: true,
      data: 1,
      summary: 's',
    });
    expect(classifyRun({ ...base, plainText: 'hi' })).toEqual({
      success: true,
      data: null,
      summary: 'hi',
    });
    expect(classifyRun({ ...base, code: 2, stderrTail: 'why' }).error_code).toBe('skill_error');
    expect(classifyRun({ ...base, errorLine: { message: 'm', code: null } }).error).toBe('m');
    expect(classifyRun({ ...base, code: 1, stderrTail: 'MemoryError' }).error_code).toBe(
      'out_of_memory',
    );
    expect(classifyRun({ ...base, code: null, signal: 'SIGKILL' }).error_code).toBe(
      'out_of_memory',
    );
    expect(classifyRun({ ...base, code: null, signal: 'SIGSEGV' }).error_code).toBe(
      'sandbox_crash',
    );
    expect(classifyRun({ ...base, code: null, signal: 'SIGXCPU' }).error_code).toBe('timeout');
    expect(classifyRun({ ...base, killedBy: 'output' })).toMatchObject({
      truncated: true,
      error_code: 'skill_error',
    });
    expect(classifyRun({ ...base, killedBy: 'cancelled' }).error_code).toBe('cancelled');
    // The memory heuristic only applies to failed runs.
    expect(
      classifyRun({ ...base, stderrTail: 'out of memory', result: { data: 1, summary: null } })
        .success,
    ).toBe(true);
  });
});
