/**
 * What a file holds, from its first bytes: text the editor can open, an image it can show,
 * or binary it can only list. Content decides; the extension only names SVG (which is text).
 */

export type FileKind = { kind: 'text' } | { kind: 'image'; mime: string } | { kind: 'binary' };

/** Bytes looked at for NUL when deciding text vs binary (the convention of git and grep). */
export const SNIFF_BYTES = 8 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true });

function startsWith(buf: Uint8Array, magic: readonly number[], at = 0): boolean {
  if (buf.length < at + magic.length) return false;
  for (let i = 0; i < magic.length; i++) if (buf[at + i] !== magic[i]) return false;
  return true;
}

const ascii = (s: string): number[] => Array.from(s, (c) => c.charCodeAt(0));

/** Image type from the magic bytes, or null. */
export function imageMimeFromMagic(buf: Uint8Array): string | null {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/**
 * Index (≤ end) where a UTF-8 sequence starts, so cutting there never splits a character.
 * Backs off over at most three continuation bytes.
 */
export function utf8Boundary(buf: Uint8Array, end: number): number {
  if (end >= buf.length) return buf.length;
  let i = end;
  while (i > 0 && end - i < 4 && (buf[i] & 0xc0) === 0x80) i--;
  return i;
}

/**
 * True when `buf` is text: no NUL in the first 8 KB and valid UTF-8. With `partial`, the
 * buffer is a prefix of a longer file, so a character cut at its end is not an error.
 */
export function isText(buf: Uint8Array, opts: { partial?: boolean } = {}): boolean {
  if (buf.subarray(0, SNIFF_BYTES).includes(0)) return false;
  return isValidUtf8(opts.partial ? trimIncompleteTail(buf) : buf);
}

/** Drops an incomplete multi-byte sequence at the very end of a prefix. */
function trimIncompleteTail(buf: Uint8Array): Uint8Array {
  if (buf.length === 0) return buf;
  const start = utf8Boundary(buf, buf.length - 1);
  if (start >= buf.length) return buf;
  const lead = buf[start];
  const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return buf.length - start < need ? buf.subarray(0, start) : buf;
}

export function isValidUtf8(buf: Uint8Array): boolean {
  try {
    utf8.decode(buf);
    return true;
  } catch {
    return false;
  }
}

function looksLikeSvg(buf: Uint8Array): boolean {
  const head = new TextDecoder('utf-8').decode(buf.subarray(0, 4096)).toLowerCase();
  return head.includes('<svg');
}

/**
 * Classifies `buf` (the whole file, or its first bytes with `partial: true`). `name` is the
 * file name, used only to recognise SVG.
 */
export function sniffFileKind(
  buf: Uint8Array,
  name = '',
  opts: { partial?: boolean } = {},
): FileKind {
  const magic = imageMimeFromMagic(buf);
  if (magic) return { kind: 'image', mime: magic };
  if (!isText(buf, opts)) return { kind: 'binary' };
  if (/\.svg$/i.test(name) && looksLikeSvg(buf)) {
    return { kind: 'image', mime: 'image/svg+xml' };
  }
  return { kind: 'text' };
}
