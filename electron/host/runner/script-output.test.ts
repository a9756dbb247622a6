import { describe, expect, it } from 'vitest';
import { classifyRun, pendingRunFacts, type RunFacts } from './core/exit-classify';
import {
  LineSplitter,
  MAX_STDOUT_PROBLEMS,
  readStdoutLine,
  StdoutReader,
  TextTail,
  type StdoutItem,
} from './script-output';

/** What a line means, when it has no problem. */
function parseStdoutLine(line: string): StdoutItem {
  const { item, problem } = readStdoutLine(line);
  expect(problem, line).toBeNull();
  return item;
}

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
    expect(readStdoutLine('{"type":"progress","pct":"lots"}').item).toMatchObject({
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
    for (const line of ['hello', '{"type": broken', '[1]', '"str"', '  {"no":"type"}', '{x']) {
      expect(parseStdoutLine(line)).toEqual({ kind: 'text', text: line });
    }
  });
});

describe('readStdoutLine problems', () => {
  const problem = (line: string) => readStdoutLine(line).problem;

  it('drops an artifact without chunk, unless the line only closes the artifact', () => {
    expect(readStdoutLine('{"type":"artifact","name":"a","mime":"text/plain"}')).toEqual({
      item: { kind: 'ignored' },
      problem: 'artifact without chunk — ignored',
    });
    expect(readStdoutLine('{"type":"artifact","name":"a","chunk":null}').item.kind).toBe('ignored');
    expect(readStdoutLine('{"type":"artifact","name":"a","final":true}')).toEqual({
      item: {
        kind: 'event',
        event: 'artifact',
        data: { name: 'a', mime: 'text/plain', chunk: '', final: true },
      },
      problem: null,
    });
  });

  it('sends a chunk that is not a string as its JSON text, and says so', () => {
    const r = readStdoutLine('{"type":"artifact","name":"a","chunk":{"x":1}}');
    expect(r.item).toMatchObject({ data: { chunk: '{"x":1}' } });
    expect(r.problem).toBe('artifact chunk is an object, not a string — sent as its JSON text');
  });

  it('tells when a result line is not valid JSON, and why', () => {
    const cut = readStdoutLine('{"type":"result","data":');
    expect(cut.item).toEqual({ kind: 'text', text: '{"type":"result","data":' });
    expect(cut.problem).toBe(
      'a result line that is not valid JSON (the JSON ends too soon: was the line cut short?) — no result was taken from it',
    );
    expect(problem('{"type": "result", "data": {"mean": NaN}}')).toContain(
      'NaN and Infinity are not JSON',
    );
    expect(problem('{"type":"progress","pct":50,}')).toMatch(
      /^a "progress" line that is not valid JSON \(.+\) — shown as text$/,
    );
  });

  it('tells a result without data, an unknown type and a pct that is not a number', () => {
    const noData = readStdoutLine('{"type":"result","summary":"done"}');
    expect(noData.item).toEqual({ kind: 'result', data: null, summary: 'done' });
    expect(noData.problem).toBe('result without data — the result data is null');
    expect(problem('{"type":"result","data":null}')).toBeNull();
    expect(problem('{"type":"Result","data":1}')).toBe(
      'unknown type "Result" — shown as text (the types are progress, log, status, artifact, result, error)',
    );
    expect(problem('{"type":7}')).toContain('unknown type 7');
    expect(problem('{"type":"progress","pct":"lots"}')).toBe(
      'progress pct is a string, not a number from 0 to 100 — read as 0',
    );
    expect(problem('{"type":"progress","pct":"40"}')).toBeNull();
    expect(problem('{"type":"progress","message":"no pct"}')).toBeNull();
  });
});

describe('StdoutReader', () => {
  it('names the line of each problem, counting blank lines too', () => {
    const reader = new StdoutReader();
    const lines = [
      '{"type":"progress","pct":10}',
      '',
      'plain',
      '{"type":"artifact","name":"a"}',
      '{"type":"result","data":1}',
      '{"type":"result","data":',
      '{"type":"result","data":2}',
    ];
    const seen = lines.map((l) => reader.read(l));
    expect(seen[1].item).toBeNull();
    expect(seen.flatMap((s) => s.warnings)).toEqual([
      'stdout line 4: artifact without chunk — ignored',
      'stdout line 6: a result line that is not valid JSON (the JSON ends too soon: was the line cut short?) — no result was taken from it',
      'stdout line 7: a second result replaces the one on line 5',
    ]);
  });

  it('tells at most a bounded number of problems, then says more follow', () => {
    const reader = new StdoutReader();
    const warnings: string[] = [];
    for (let i = 0; i < MAX_STDOUT_PROBLEMS + 10; i++) {
      warnings.push(...reader.read('{"type":"artifact"}').warnings);
    }
    expect(warnings).toHaveLength(MAX_STDOUT_PROBLEMS + 1);
    expect(warnings.at(-1)).toBe(
      `stdout line ${MAX_STDOUT_PROBLEMS + 1}: more output problems follow; not told one by one`,
    );
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
    ...pendingRunFacts(1000, {
      maxOutputBytes: 16 << 20,
      maxLineBytes: 1 << 20,
      maxEvents: 10,
      fileSizeBytes: 1 << 20,
    }),
    code: 0,
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
    // A SIGKILL we did not send is out_of_memory only with evidence from the memory cgroup.
    expect(classifyRun({ ...base, code: null, signal: 'SIGKILL' }).error_code).toBe(
      'sandbox_crash',
    );
    expect(
      classifyRun({
        ...base,
        code: null,
        signal: 'SIGKILL',
        memory: { oomKills: 1, peakBytes: null, capBytes: null },
      }).error_code,
    ).toBe('out_of_memory');
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
