/**
 * The one way the host reads a file that a skill or a workspace supplies (SKILL.md,
 * sidecars, saved cases, skill-studio.json, the history, bundle export). Such a folder
 * may come from a stranger, so a file in it may be a link to a private key, a FIFO that
 * would block a libuv thread forever, or /dev/zero. Every read here therefore:
 *
 * - resolves the path inside the skill root (symlinks followed, the real path must stay
 *   inside: resolveInside);
 * - looks at the type with lstat before opening, and refuses anything but a regular file
 *   (or a link, checked again below);
 * - opens with O_NONBLOCK, so even a FIFO swapped in after the lstat cannot block the
 *   open, and with O_NOFOLLOW when the path is already real, so a link swapped in cannot
 *   lead elsewhere;
 * - checks type and size on the open descriptor (fstat), which is what is read, not a
 *   racy stat of the path before;
 * - reads at most the cap (plus one byte, to notice a file that grew).
 */
import { constants, type Stats } from 'node:fs';
import { lstat, open, type FileHandle } from 'node:fs/promises';
import { errnoCode, InvalidRequestError, TooLargeError, toFileServiceError } from './errors';
import { checkRelativePath, resolveInside } from './safe-path';
import { logSwallowed } from '../log';

// Windows has neither flag; there a FIFO cannot appear in a folder, and links are resolved
// by resolveInside before the open.
const O_NONBLOCK = constants.O_NONBLOCK ?? 0;
const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;

export interface OpenedFile {
  handle: FileHandle;
  /** fstat of the open descriptor: a regular file. */
  st: Stats;
}

export interface OpenOptions {
  /**
   * The path is already real (every link resolved): refuse a link at its last
   * component instead of following it, so nothing swapped in meanwhile is followed.
   */
  real?: boolean;
}

/** What a special file is, for a message a person understands. */
function describeSpecial(st: Stats): string {
  if (st.isDirectory()) return 'is a folder, not a file';
  if (st.isFIFO()) return 'is a named pipe (FIFO), not a regular file';
  if (st.isSocket()) return 'is a socket, not a regular file';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'is a device, not a regular file';
  return 'is not a regular file';
}

/**
 * Opens `abs` for reading when it is a regular file, without ever blocking on a special
 * file. `shown` is the path as the caller knows it; every error names it, never `abs`.
 */
export async function openRegularFile(
  abs: string,
  shown: string,
  opts: OpenOptions = {},
): Promise<OpenedFile> {
  let before: Stats;
  try {
    before = await lstat(abs);
  } catch (err) {
    throw toFileServiceError(err, shown);
  }
  if (!before.isFile() && !before.isSymbolicLink()) {
    throw new InvalidRequestError(`${shown}: ${describeSpecial(before)}`, shown);
  }
  const flags = constants.O_RDONLY | O_NONBLOCK | (opts.real ? O_NOFOLLOW : 0);
  let handle: FileHandle;
  try {
    handle = await open(abs, flags);
  } catch (err) {
    // O_NOFOLLOW met a link: the file was replaced after it was resolved.
    if (opts.real && errnoCode(err) === 'ELOOP') {
      throw new InvalidRequestError(`${shown}: changed while being opened`, shown);
    }
    throw toFileServiceError(err, shown);
  }
  try {
    const st = await handle.stat();
    if (!st.isFile()) throw new InvalidRequestError(`${shown}: ${describeSpecial(st)}`, shown);
    return { handle, st };
  } catch (err) {
    await handle.close().catch(logSwallowed('close a file after reading it'));
    throw toFileServiceError(err, shown);
  }
}

/** Opens `rel` inside the skill at `root` (a regular file whose real path is inside). */
export async function openInsideSkill(
  root: string,
  rel: string,
): Promise<OpenedFile & { clean: string; abs: string }> {
  const clean = checkRelativePath(rel);
  const abs = await resolveInside(root, clean, { mustExist: true });
  const opened = await openRegularFile(abs, clean, { real: true });
  return { ...opened, clean, abs };
}

/** Reads up to `limit` bytes from the start of an open file. */
export async function readPrefix(handle: FileHandle, limit: number): Promise<Buffer> {
  const buf = Buffer.alloc(limit);
  let filled = 0;
  while (filled < limit) {
    const { bytesRead } = await handle.read(buf, filled, limit - filled, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buf.subarray(0, filled);
}

export interface ReadOptions extends OpenOptions {
  /** Largest file read; a bigger one is a TooLargeError and is not read at all. */
  maxBytes: number;
  /** Names what the file should be, for the too-large message ("a case file"). */
  what?: string;
}

/**
 * Reads a whole open regular file of at most `maxBytes`, closing it afterwards. The size
 * comes from the descriptor; a file that grows past the cap while being read is refused.
 */
export async function readOpened(
  opened: OpenedFile,
  shown: string,
  opts: ReadOptions,
): Promise<Buffer> {
  const { handle, st } = opened;
  const tooLarge = (size: string): TooLargeError =>
    new TooLargeError(
      `${shown}: ${size} bytes, over the ${opts.maxBytes}-byte limit${opts.what ? ` for ${opts.what}` : ''}`,
      shown,
    );
  try {
    if (st.size > opts.maxBytes) throw tooLarge(String(st.size));
    const data = await readPrefix(handle, Math.min(st.size, opts.maxBytes) + 1);
    if (data.length > opts.maxBytes) throw tooLarge('more than ' + opts.maxBytes);
    return data;
  } catch (err) {
    throw toFileServiceError(err, shown);
  } finally {
    await handle.close().catch(logSwallowed('close a file after reading it'));
  }
}

/** Reads a regular file at `abs` (see openRegularFile) of at most `maxBytes`. */
export async function readRegularFile(
  abs: string,
  shown: string,
  opts: ReadOptions,
): Promise<{ data: Buffer; st: Stats }> {
  const opened = await openRegularFile(abs, shown, opts);
  return { data: await readOpened(opened, shown, opts), st: opened.st };
}

/** Reads `rel` inside the skill at `root` through the checks above. */
export async function readInsideSkill(
  root: string,
  rel: string,
  opts: ReadOptions,
): Promise<{ data: Buffer; st: Stats; clean: string }> {
  const opened = await openInsideSkill(root, rel);
  return { data: await readOpened(opened, opened.clean, opts), st: opened.st, clean: opened.clean };
}
