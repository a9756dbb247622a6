/**
 * Reading a skill folder's SKILL.md from disk, safely and cheaply, for the scan (scan.ts)
 * and the name lookup (find-skill.ts). Kept apart from the validator so that a command
 * that only needs a skill's name (`read`, `files`) loads none of the checks.
 *
 * Never throws for what is on disk: unreadable, huge or binary files are a `problem`
 * (the diagnostic the skill gets); a file that vanished mid-read is `gone`.
 */
// Node's own check (one native pass): the JavaScript byte loop it replaces cost more than the read.
import { isUtf8 } from 'node:buffer';
import { constants, type Dirent } from 'node:fs';
import type { Diagnostic } from '../../../shared/check/diagnostics';
import { errorMessage } from '../../../shared/errors';
import { isInsideOrEqual } from '../fs/safe-path';
import { nodeCrypto } from '../lazy-crypto';
import type { ScanIO } from './scan-io';

export const errCode = (err: unknown): string | undefined =>
  (err as NodeJS.ErrnoException | null)?.code;
/** The thing is not there (any more): not a problem, just absent. */
export const isGone = (err: unknown): boolean =>
  errCode(err) === 'ENOENT' || errCode(err) === 'ENOTDIR';

/** A file-system error in words for a diagnostic. */
export function messageOf(err: unknown): string {
  const code = errCode(err);
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ELOOP') return 'symbolic link loop';
  if (code === 'EISDIR') return 'is a folder';
  return errorMessage(err);
}

/**
 * `SKILL.md`, else any other casing (`skill.md`). A folder of that name doesn't count; a
 * FIFO or device does, so that it is reported (FILE_UNREADABLE) instead of silently missed.
 */
export function findSkillMd(entries: readonly Dirent[]): Dirent | null {
  let other: Dirent | null = null;
  for (const e of entries) {
    if (e.isDirectory()) continue;
    if (e.name === 'SKILL.md') return e;
    if (other === null && e.name.length === 8 && e.name.toLowerCase() === 'skill.md') other = e;
  }
  return other;
}

export type SkillMdContent =
  | { kind: 'text'; text: string; notUtf8: boolean }
  | { kind: 'problem'; diagnostic: Diagnostic; stamp: string }
  | { kind: 'gone' };

export async function readSkillMdFile(
  file: string,
  entry: Dirent,
  maxBytes: number,
  realDir: string,
  io: ScanIO,
): Promise<SkillMdContent> {
  const name = entry.name;
  const problem = (code: Diagnostic['code'], message: string, stamp: string): SkillMdContent => ({
    kind: 'problem',
    diagnostic: {
      severity: 'error',
      code,
      message: `${name}: ${message}`,
      line: 1,
      column: 1,
      field: null,
    },
    stamp,
  });
  // A file that vanished is gone, not a problem; any other failure to read it is one.
  const failed = (err: unknown): SkillMdContent =>
    isGone(err)
      ? { kind: 'gone' }
      : problem(
          'FILE_UNREADABLE',
          `cannot be read: ${messageOf(err)}`,
          `unreadable:${errCode(err)}`,
        );
  // Only a regular file is opened: opening a FIFO named SKILL.md would block forever.
  let target = file;
  if (!entry.isFile()) {
    try {
      const st = await io.stat(file);
      if (!st.isFile()) return problem('FILE_UNREADABLE', 'is not a regular file', 'not-a-file');
      // A link may point anywhere: the skill's instructions must travel with the skill
      // (export, read and the sandbox all stop at its folder).
      const real = await io.realpath(file);
      if (!isInsideOrEqual(realDir, real))
        return problem(
          'FILE_UNREADABLE',
          `is a link to ${real}, outside the skill folder; put the file itself in the skill`,
          `outside:${real}`,
        );
      target = real;
    } catch (err) {
      return failed(err);
    }
  }
  let fd: number;
  try {
    fd = await io.open(target, OPEN_FLAGS);
  } catch (err) {
    return failed(err);
  }
  const first = bufferPool.pop() ?? Buffer.allocUnsafeSlow(FIRST_READ_BYTES);
  try {
    let data: Buffer;
    const n = await io.read(fd, first, 0, FIRST_READ_BYTES, 0);
    if (n < FIRST_READ_BYTES) {
      // A short read of a regular file is its end: a small SKILL.md costs one read, no stat.
      data = first.subarray(0, n);
    } else {
      const st = await io.fstat(fd);
      if (!st.isFile()) return problem('FILE_UNREADABLE', 'is not a regular file', 'not-a-file');
      if (st.size > maxBytes) {
        return problem(
          'FILE_TOO_LARGE',
          `is ${st.size} bytes; files over ${maxBytes} bytes are not read (a SKILL.md is instructions, keep it short and move material to references/)`,
          `large:${st.size}:${st.mtimeMs}`,
        );
      }
      const rest = await readRest(io, fd, first, n, st.size, maxBytes);
      if (rest === null) {
        return problem(
          'FILE_TOO_LARGE',
          `grew past ${maxBytes} bytes while being read`,
          `large:grew:${st.mtimeMs}`,
        );
      }
      data = rest;
    }
    if (data.length > maxBytes) {
      return problem(
        'FILE_TOO_LARGE',
        `is ${data.length} bytes; files over ${maxBytes} bytes are not read`,
        `large:${data.length}`,
      );
    }
    if (data.includes(0)) {
      return problem(
        'FILE_BINARY',
        'holds binary data (a NUL byte), not text',
        `binary:${nodeCrypto().createHash('sha1').update(data).digest('base64')}`,
      );
    }
    // toString copies, so the pooled buffer can be reused right after.
    return { kind: 'text', text: data.toString('utf8'), notUtf8: !isUtf8(data) };
  } catch (err) {
    return failed(err);
  } finally {
    if (bufferPool.length < MAX_POOLED_BUFFERS) bufferPool.push(first);
    // Not awaited: nothing depends on the close, and the job's slot frees sooner.
    io.close(fd);
  }
}

/** Bytes of the first read of a SKILL.md; nearly every file fits, so most need no stat. */
const FIRST_READ_BYTES = 64 * 1024;
const MAX_POOLED_BUFFERS = 128;
/** First-read buffers, reused: allocating 64 KB per file would keep the GC busy on big scans. */
const bufferPool: Buffer[] = [];

/**
 * Flags of every SKILL.md open. The path opened is a regular file or the real path of a
 * link's target, so O_NOFOLLOW refuses a link swapped in since (it could lead out of the
 * skill), and O_NONBLOCK keeps a FIFO swapped in since from blocking the open (its read
 * then ends at once, empty): no race can hold a libuv thread. Windows has neither flag.
 */
export const OPEN_FLAGS =
  constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);

/**
 * Reads the rest of a file whose first `filled` bytes are in `head`, expecting about
 * `expected` bytes in all; null past `max` (the file grew meanwhile).
 */
async function readRest(
  io: ScanIO,
  fd: number,
  head: Buffer,
  filled: number,
  expected: number,
  max: number,
): Promise<Buffer | null> {
  let buf = Buffer.allocUnsafe(Math.min(Math.max(expected, filled), max) + 1);
  head.copy(buf, 0, 0, filled);
  for (;;) {
    if (filled === buf.length) {
      if (filled > max) return null;
      const bigger = Buffer.allocUnsafe(Math.min(buf.length * 2, max + 1));
      buf.copy(bigger, 0, 0, filled);
      buf = bigger;
    }
    const n = await io.read(fd, buf, filled, buf.length - filled, filled);
    if (n === 0) break;
    filled += n;
  }
  return filled > max ? null : buf.subarray(0, filled);
}
