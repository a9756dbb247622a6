import { describe, expect, it } from 'vitest';
import {
  ArtifactAssembler,
  artifactBytes,
  artifactKind,
  downloadName,
  imageSource,
} from './artifacts';
import { parseCsv } from './csv';

describe('artifact reassembly', () => {
  it('joins chunks by name in seq order and is complete at final', () => {
    const a = new ArtifactAssembler();
    a.add(3, { name: 'report.md', mime: 'text/markdown', chunk: '# Ti', final: false });
    a.add(4, { name: 'data.csv', mime: 'text/csv', chunk: 'a,b\n', final: false });
    a.add(5, { name: 'report.md', mime: 'text/markdown', chunk: 'tle\n', final: false });
    expect(a.text('report.md')).toBe('# Title\n');
    expect(a.info('report.md')).toMatchObject({
      complete: false,
      chunks: 2,
      chars: 8,
      kind: 'markdown',
    });
    a.add(7, { name: 'report.md', chunk: 'end', final: true });
    a.add(8, { name: 'data.csv', chunk: '1,2\n', final: true });
    expect(a.text('report.md')).toBe('# Title\nend');
    expect(a.info('report.md')?.complete).toBe(true);
    expect(a.names()).toEqual(['report.md', 'data.csv']);
    expect(a.list().map((x) => [x.name, x.kind, x.complete])).toEqual([
      ['report.md', 'markdown', true],
      ['data.csv', 'csv', true],
    ]);
    // Chunks after final are ignored and counted.
    expect(a.add(9, { name: 'report.md', chunk: 'more', final: false })).toBe(false);
    expect(a.text('report.md')).toBe('# Title\nend');
    expect(a.info('report.md')?.late).toBe(1);
  });

  it('puts out-of-order chunks in seq order, even after the text was read', () => {
    const a = new ArtifactAssembler();
    a.add(1, { name: 'x', chunk: 'A' });
    a.add(5, { name: 'x', chunk: 'C' });
    expect(a.text('x')).toBe('AC');
    a.add(3, { name: 'x', chunk: 'B' });
    expect(a.text('x')).toBe('ABC');
    a.add(6, { name: 'x', chunk: 'D', final: true });
    expect(a.text('x')).toBe('ABCD');
  });

  it('tolerates missing fields and keeps large streams linear', () => {
    const a = new ArtifactAssembler();
    a.add(0, {});
    expect(a.info('artifact')).toMatchObject({ mime: 'text/plain', kind: 'text' });
    const started = Date.now();
    for (let i = 0; i < 100_000; i++)
      a.add(i + 1, { name: 'big.txt', mime: 'text/plain', chunk: 'x', final: i === 99_999 });
    expect(a.text('big.txt').length).toBe(100_000);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('shows each mime type the right way and builds image sources from base64 or data URLs', () => {
    expect(artifactKind('text/markdown')).toBe('markdown');
    expect(artifactKind('application/vnd.api+json')).toBe('json');
    expect(artifactKind('text/csv; charset=utf-8')).toBe('csv');
    expect(artifactKind('text/html')).toBe('html');
    expect(artifactKind('image/png')).toBe('image');
    expect(artifactKind('application/octet-stream', 'notes.md')).toBe('markdown');
    expect(artifactKind('text/plain')).toBe('text');
    expect(imageSource('image/png', 'iVBO\nRw0=')).toBe('data:image/png;base64,iVBORw0=');
    expect(imageSource('image/png', 'data:image/gif;base64,R0lG')).toBe(
      'data:image/gif;base64,R0lG',
    );
    expect(artifactBytes('image', 'image/png', 'data:image/gif;base64,R0lG')).toEqual({
      mime: 'image/gif',
      base64: 'R0lG',
      text: null,
    });
    expect(artifactBytes('image', 'image/svg+xml', 'data:image/svg+xml,%3Csvg%2F%3E')).toEqual({
      mime: 'image/svg+xml',
      base64: null,
      text: '<svg/>',
    });
    expect(artifactBytes('text', 'text/plain', 'hi')).toEqual({
      mime: 'text/plain',
      base64: null,
      text: 'hi',
    });
    expect(downloadName('../../etc/passwd')).toBe('passwd');
    expect(downloadName('a:b?.txt')).toBe('a_b_.txt');
    expect(downloadName('...')).toBe('artifact');
  });
});

describe('CSV', () => {
  it('reads quoted fields, doubled quotes, CRLF and a trailing newline', () => {
    expect(parseCsv('term,count\r\n"a, b",2\n"say ""hi""",3\n').rows).toEqual([
      ['term', 'count'],
      ['a, b', '2'],
      ['say "hi"', '3'],
    ]);
    expect(parseCsv('x\n"multi\nline"').rows).toEqual([['x'], ['multi\nline']]);
    expect(parseCsv('').rows).toEqual([]);
  });

  it('stops at the row cap and says so', () => {
    const big = Array.from({ length: 50 }, (_, i) => `${i},x`).join('\n');
    const t = parseCsv(big, 10);
    expect(t.rows).toHaveLength(10);
    expect(t.truncated).toBe(true);
  });
});
