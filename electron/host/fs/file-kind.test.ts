import { describe, expect, it } from 'vitest';
import { imageMimeFromMagic, isText, sniffFileKind, utf8Boundary } from './file-kind';

const bytes = (...b: number[]) => Uint8Array.from(b);
const text = (s: string) => new TextEncoder().encode(s);

describe('sniffFileKind', () => {
  it('recognises text, including an empty file and non-ASCII UTF-8', () => {
    expect(sniffFileKind(text('# Title\n'), 'README.md')).toEqual({ kind: 'text' });
    expect(sniffFileKind(new Uint8Array(0), 'empty')).toEqual({ kind: 'text' });
    expect(sniffFileKind(text('naïve — 日本語 🎉'), 'x.txt')).toEqual({ kind: 'text' });
  });

  it('calls a NUL in the first 8 KB or invalid UTF-8 binary', () => {
    expect(sniffFileKind(bytes(0x61, 0x00, 0x62))).toEqual({ kind: 'binary' });
    expect(sniffFileKind(bytes(0xff, 0xfe, 0x41, 0x00))).toEqual({ kind: 'binary' });
    expect(sniffFileKind(bytes(0x61, 0xc3, 0x28))).toEqual({ kind: 'binary' });
    const lateNul = new Uint8Array(9000).fill(0x61);
    lateNul[8500] = 0;
    // NUL is only looked for in the first 8 KB; beyond, it is valid (if odd) UTF-8.
    expect(sniffFileKind(lateNul)).toEqual({ kind: 'text' });
  });

  it('recognises images by their magic bytes, whatever the name', () => {
    expect(
      sniffFileKind(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0), 'x.bin'),
    ).toEqual({
      kind: 'image',
      mime: 'image/png',
    });
    expect(imageMimeFromMagic(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(imageMimeFromMagic(text('GIF89a....'))).toBe('image/gif');
    expect(imageMimeFromMagic(text('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp');
    expect(imageMimeFromMagic(text('RIFF\u0000\u0000\u0000\u0000WAVE'))).toBeNull();
    // A .png that is really text is text.
    expect(sniffFileKind(text('not an image'), 'fake.png')).toEqual({ kind: 'text' });
  });

  it('recognises SVG by its extension and content', () => {
    const svg = text('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    expect(sniffFileKind(svg, 'assets/icon.svg')).toEqual({ kind: 'image', mime: 'image/svg+xml' });
    expect(sniffFileKind(svg, 'icon.xml')).toEqual({ kind: 'text' });
    expect(sniffFileKind(text('plain'), 'icon.svg')).toEqual({ kind: 'text' });
  });

  it('accepts a prefix cut inside a character only when told it is partial', () => {
    const whole = text('aé'); // 61 c3 a9
    const cut = whole.subarray(0, 2);
    expect(isText(cut)).toBe(false);
    expect(isText(cut, { partial: true })).toBe(true);
    expect(sniffFileKind(cut, 'x', { partial: true })).toEqual({ kind: 'text' });
    const emoji = text('🎉🎉');
    for (let n = 1; n < emoji.length; n++)
      expect(isText(emoji.subarray(0, n), { partial: true })).toBe(true);
  });
});

describe('utf8Boundary', () => {
  it('never splits a character', () => {
    const buf = text('aé🎉b'); // 1 + 2 + 4 + 1 bytes
    expect(utf8Boundary(buf, 0)).toBe(0);
    expect(utf8Boundary(buf, 1)).toBe(1);
    expect(utf8Boundary(buf, 2)).toBe(1);
    expect(utf8Boundary(buf, 3)).toBe(3);
    expect(utf8Boundary(buf, 5)).toBe(3);
    expect(utf8Boundary(buf, 7)).toBe(7);
    expect(utf8Boundary(buf, 100)).toBe(buf.length);
    for (let n = 0; n <= buf.length; n++) {
      expect(() =>
        new TextDecoder('utf-8', { fatal: true }).decode(buf.subarray(0, utf8Boundary(buf, n))),
      ).not.toThrow();
    }
  });
});
