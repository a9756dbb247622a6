/**
 * What one skill's verdict was read from, recorded while the skill is read (skill-record.ts)
 * and checked again before a kept verdict is used (verdict-cache.ts): every file read to its
 * end (identity, and content hash when racy), every listing, link and real path the read went through,
 * and every answer the validator's file checks got (a path named in the frontmatter, a
 * folder a body link points into). A verdict is a function of these answers, so when all
 * of them are still the same, so is the verdict.
 *
 * A file is known by its metadata first (device, inode, size, modification and change
 * time), as ESLint's and Ruff's caches do: the same metadata, the same file, at the cost
 * of one lstat. Metadata cannot tell apart two writes within one tick of the file system's
 * clock (one second or two on some file systems; a same-size rewrite in the same second
 * keeps every field), so a file whose times fall within RACY_MS of the start of the run
 * that read it is "racy", as git calls it: its content hash decides instead, until a later
 * run sees it old enough to trust its metadata again. Changed metadata is a change, as
 * for ESLint and Ruff: a `touch` reads the skill again.
 */
import {
  closeSync,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readSync,
  realpathSync,
  statSync,
} from 'node:fs';
import type { Dirent, Stats } from 'node:fs';
import type { ListDir } from '../../../shared/skill/links';
import type { PathCheck } from '../../../shared/skill/validate-extensions';
import { nodeCrypto } from '../lazy-crypto';
// Opened as the read opens it: a link swapped in is refused, a FIFO never blocks.
import { OPEN_FLAGS } from './skill-md-file';
import type { FolderIdentity } from './kept-listings';
import type { ScanIO, SyncScanCalls } from './scan-io';

/**
 * How close to the start of a run a file's times make its metadata ambiguous: a write
 * after the read may leave them unchanged within one tick of the file system's clock
 * (up to 2 s on FAT, 1 s on ext3 and HFS+), so the run's start less this is the newest
 * time whose metadata is trusted.
 */
export const RACY_MS = 2000;

/** One answer the read of a skill got. */
export type ReadInput =
  /**
   * A file read to its end: its metadata, whether its metadata is racy, and then its
   * content's hash ('' when not racy: its metadata decides, so nothing hashes it).
   */
  | { kind: 'file'; path: string; id: string; hash: string; racy: boolean }
  /**
   * A folder's entries (names and kinds, in order), or the error listing it gave; `at`,
   * once a later check found them the same, the folder's identity then (kept-run.ts).
   */
  | { kind: 'list'; path: string; sig: string; at?: FolderIdentity }
  /** What a stat, lstat or realpath through the scan's calls answered. */
  | { kind: 'stat' | 'lstat' | 'real'; path: string; sig: string }
  /** The validator's check of a path named in the frontmatter. */
  | { kind: 'path'; rel: string; answer: string }
  /** The validator's listing of a folder a body link points into. */
  | { kind: 'dir'; rel: string; names: string | null };

/** The validator's file checks of one skill folder (skill-record.ts builds them). */
export interface SkillProbes {
  checkPath: PathCheck;
  listDir: ListDir;
}

const kindOf = (e: Dirent | Stats): string =>
  e.isFile() ? 'f' : e.isDirectory() ? 'd' : e.isSymbolicLink() ? 'l' : 'o';

/** A listing's signature: names and kinds, in the order listed. */
export function listingSig(entries: readonly Dirent[]): string {
  let sig = '';
  for (const e of entries) sig += `${kindOf(e)}${e.name}\0`;
  return sig;
}

const fileId = (st: Stats): string => `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`;

/** Whether `input`'s file is still what was read: by its hash when racy, else by its metadata. */
export function fileUnchanged(
  input: Extract<ReadInput, { kind: 'file' }>,
  content: Buffer,
): boolean {
  if (input.racy) return contentHash(content) === input.hash;
  try {
    return fileId(lstatSync(input.path)) === input.id;
  } catch {
    return false;
  }
}
const isRacy = (st: Stats, runStart: number): boolean =>
  Math.max(st.mtimeMs, st.ctimeMs) > runStart - RACY_MS;
const errorSig = (err: unknown): string => `!${(err as NodeJS.ErrnoException).code ?? 'error'}`;

interface OpenFile {
  path: string;
  id: string;
  racy: boolean;
  /** Only a racy file's content is hashed: a run over files written long ago loads no hashing. */
  hash: ReturnType<typeof sha1> | null;
  read: number;
  ended: boolean;
}

const sha1 = () => nodeCrypto().createHash('sha1');
/** A file content's hash, as a `file` input records it. */
export const contentHash = (content: Buffer): string => sha1().update(content).digest('base64');

/**
 * Records what the read of one skill saw. `io` wraps the scan's calls; `probes` the
 * validator's checks. `inputs()` is null when something was read in a way that cannot be
 * checked again cheaply (a file not read to its end, a failed open): that skill is read
 * afresh every time.
 */
export class InputLog {
  private readonly seen: ReadInput[] = [];
  /** The answers recorded, to record each once; null records every answer as it comes. */
  private readonly keys: Set<string> | null;
  private readonly open = new Map<number, OpenFile>();
  private checkable = true;

  /**
   * `once`: each answer recorded once (a skill's inputs, kept with every verdict). A whole
   * run's log (run-recorder.ts) records every answer instead: a scan rarely asks twice,
   * and keying 40,000 answers would cost more than checking the few asked twice.
   */
  constructor(
    private readonly runStart: number,
    { once = true }: { once?: boolean } = {},
  ) {
    this.keys = once ? new Set() : null;
  }

  /**
   * Records `input` unless the same answer is recorded already. The key holds the answer:
   * a path that answered two ways within one read is recorded twice, so that no later
   * state can match both and the verdict is never taken for a state it was not read from.
   */
  private add(input: ReadInput): void {
    if (this.keys) {
      const key = inputKey(input);
      if (this.keys.has(key)) return;
      this.keys.add(key);
    }
    this.seen.push(input);
  }

  /** Records what another log recorded (null: it could not be checked, so neither can this). */
  merge(inputs: readonly ReadInput[] | null): void {
    if (inputs === null) this.checkable = false;
    else for (const input of inputs) this.add(input);
  }

  /** The skill folder's own entries, listed by the caller. */
  listed(dir: string, entries: readonly Dirent[]): void {
    this.add({ kind: 'list', path: dir, sig: listingSig(entries) });
  }

  io(inner: ScanIO): ScanIO {
    const answer = <T>(
      kind: 'list' | 'stat' | 'lstat' | 'real',
      p: string,
      call: Promise<T>,
      sig: (v: T) => string,
    ): Promise<T> =>
      call.then(
        (v) => {
          this.add({ kind, path: p, sig: sig(v) } as ReadInput);
          return v;
        },
        (err: unknown) => {
          this.add({ kind, path: p, sig: errorSig(err) } as ReadInput);
          throw err;
        },
      );
    return {
      listDir: (dir) => answer('list', dir, inner.listDir(dir), listingSig),
      realpath: (p) => answer('real', p, inner.realpath(p), (v) => v),
      stat: (p) => answer('stat', p, inner.stat(p), kindOf),
      lstat: (p) => answer('lstat', p, inner.lstat(p), kindOf),
      open: async (file, flags) => {
        let fd: number;
        try {
          fd = await inner.open(file, flags);
        } catch (err) {
          this.checkable = false;
          throw err;
        }
        try {
          this.opened(fd, file, await inner.fstat(fd));
        } catch {
          this.checkable = false;
        }
        return fd;
      },
      read: async (fd, buf, offset, length, position) =>
        this.wasRead(
          fd,
          buf,
          offset,
          position,
          await inner.read(fd, buf, offset, length, position),
          length,
        ),
      fstat: (fd) => inner.fstat(fd),
      close: (fd) => this.closed(fd, inner),
    };
  }

  /**
   * The same record over synchronous calls (the CLI's): each answer is recorded as it is
   * given, with no promise of its own (a run's log sees every call of a scan).
   */
  syncCalls(inner: SyncScanCalls): SyncScanCalls {
    const answer = <T>(
      kind: 'list' | 'stat' | 'lstat' | 'real',
      p: string,
      call: (p: string) => T,
      sig: (v: T) => string,
    ): T => {
      let v: T;
      try {
        v = call(p);
      } catch (err) {
        this.add({ kind, path: p, sig: errorSig(err) } as ReadInput);
        throw err;
      }
      this.add({ kind, path: p, sig: sig(v) } as ReadInput);
      return v;
    };
    return {
      listDir: (dir) => answer('list', dir, inner.listDir, listingSig),
      realpath: (p) => answer('real', p, inner.realpath, (v) => v),
      stat: (p) => answer('stat', p, inner.stat, kindOf),
      lstat: (p) => answer('lstat', p, inner.lstat, kindOf),
      open: (file, flags) => {
        let fd: number;
        try {
          fd = inner.open(file, flags);
        } catch (err) {
          this.checkable = false;
          throw err;
        }
        try {
          this.opened(fd, file, inner.fstat(fd));
        } catch {
          this.checkable = false;
        }
        return fd;
      },
      read: (fd, buf, offset, length, position) =>
        this.wasRead(
          fd,
          buf,
          offset,
          position,
          inner.read(fd, buf, offset, length, position),
          length,
        ),
      fstat: (fd) => inner.fstat(fd),
      close: (fd) => this.closed(fd, inner),
    };
  }

  /** A file opened for reading, as its descriptor's stat describes it. */
  private opened(fd: number, file: string, st: Stats): void {
    const racy = isRacy(st, this.runStart);
    this.open.set(fd, {
      path: file,
      id: fileId(st),
      racy,
      hash: racy ? sha1() : null,
      read: 0,
      ended: false,
    });
  }

  /** `n` bytes read at `position` into `buf` at `offset`, of `length` asked; returns `n`. */
  private wasRead(
    fd: number,
    buf: Buffer,
    offset: number,
    position: number,
    n: number,
    length: number,
  ): number {
    const f = this.open.get(fd);
    if (!f) return n;
    // Read in order from the start; past the end only the reader's last look, which finds
    // nothing (a SKILL.md of more than one read ends that way).
    if (position !== f.read || (f.ended && n > 0)) {
      this.checkable = false;
      return n;
    }
    f.hash?.update(buf.subarray(offset, offset + n));
    f.read += n;
    // A short read of a regular file is its end (the reader stops there too).
    if (n < length) f.ended = true;
    return n;
  }

  /** `fd` closed through `inner`: its file recorded when it was read to its end. */
  private closed(fd: number, inner: { close(fd: number): void }): void {
    const f = this.open.get(fd);
    this.open.delete(fd);
    if (f?.ended) {
      const { path: p, id, racy } = f;
      const hash = f.hash ? f.hash.digest('base64') : '';
      this.add({ kind: 'file', path: p, id, racy, hash });
    } else {
      this.checkable = false; // not read to its end: its verdict depends on more than we saw
    }
    inner.close(fd);
  }

  probes(p: SkillProbes): SkillProbes {
    return {
      checkPath: (rel) => {
        const answer = p.checkPath(rel);
        this.add({ kind: 'path', rel, answer });
        return answer;
      },
      listDir: (rel) => {
        const names = p.listDir(rel);
        this.add({ kind: 'dir', rel, names: names && names.join('\0') });
        return names;
      },
    };
  }

  /** What was read, or null when it cannot be checked again (read afresh every time). */
  inputs(): ReadInput[] | null {
    return this.checkable && this.open.size === 0 ? this.seen : null;
  }
}

/** An input with its answer, as one string: two answers of one path are two keys. */
function inputKey(input: ReadInput): string {
  switch (input.kind) {
    case 'file':
      return `file\0${input.path}\0${input.id}\0${input.hash}`;
    case 'path':
      return `path\0${input.rel}\0${input.answer}`;
    case 'dir':
      return `dir\0${input.rel}\0${input.names === null ? '!' : `=${input.names}`}`;
    default:
      return `${input.kind}\0${input.path}\0${input.sig}`;
  }
}

/** Where a kept verdict's inputs are checked: the skill folder as this run listed it. */
export interface CheckAt {
  dir: string;
  entries: readonly Dirent[];
  probes: () => SkillProbes;
  /** The start of this run (see RACY_MS). */
  runStart: number;
  /**
   * How another folder is listed now (as the scan lists it: kept-listings.ts answers an
   * unchanged folder by a stat); readdir by default. Throws what listing it throws.
   */
  listNow?: (dir: string) => readonly Dirent[];
}

const readdirNow = (dir: string): readonly Dirent[] => readdirSync(dir, { withFileTypes: true });

/**
 * Whether every input still answers the same: 'same', 'refreshed' (the same, but a file's
 * metadata was updated in `inputs`, so the kept entry should be written again), or
 * 'changed'.
 */
export function checkInputs(inputs: ReadInput[], at: CheckAt): 'same' | 'refreshed' | 'changed' {
  let refreshed = false;
  let probes: SkillProbes | null = null;
  for (const input of inputs) {
    switch (input.kind) {
      case 'file': {
        const now = fileNow(input, at.runStart);
        if (now === 'changed') return 'changed';
        if (now === 'refreshed') refreshed = true;
        break;
      }
      case 'list': {
        if (input.path === at.dir) {
          if (listingSig(at.entries) !== input.sig) return 'changed';
        } else {
          const listNow = at.listNow ?? readdirNow;
          if (answerNow(() => listingSig(listNow(input.path))) !== input.sig) return 'changed';
        }
        break;
      }
      case 'stat':
      case 'lstat':
      case 'real':
        if (answerNow(() => statAnswer(input.kind, input.path)) !== input.sig) return 'changed';
        break;
      case 'path':
        probes ??= at.probes();
        if (probes.checkPath(input.rel) !== input.answer) return 'changed';
        break;
      case 'dir': {
        probes ??= at.probes();
        const names = probes.listDir(input.rel);
        if ((names && names.join('\0')) !== input.names) return 'changed';
        break;
      }
      default:
        return 'changed'; // not an input this build records
    }
  }
  return refreshed ? 'refreshed' : 'same';
}

function answerNow(fn: () => string): string {
  try {
    return fn();
  } catch (err) {
    return errorSig(err);
  }
}

function statAnswer(kind: 'stat' | 'lstat' | 'real', p: string): string {
  // The calls scan-io.ts's synchronous kind makes.
  if (kind === 'real') return realpathSync(p);
  return kindOf(kind === 'stat' ? statSync(p) : lstatSync(p));
}

/**
 * A recorded file now: other metadata is a change; the same metadata is the same file
 * unless it was racy, when the content's hash decides, and an unchanged file gets
 * recorded as racy or not by this run's start.
 */
function fileNow(
  input: Extract<ReadInput, { kind: 'file' }>,
  runStart: number,
): 'same' | 'refreshed' | 'changed' {
  let st: Stats;
  try {
    st = lstatSync(input.path);
  } catch {
    return 'changed';
  }
  if (fileId(st) !== input.id) return 'changed';
  if (!input.racy) return 'same';
  const hash = hashOf(input.path, st.size);
  if (hash === null || hash.digest !== input.hash || hash.id !== input.id) return 'changed';
  input.racy = hash.racy(runStart);
  return 'refreshed';
}

/** The content hash of a regular file expected to be `size` bytes, with the metadata of what was read. */
function hashOf(
  file: string,
  size: number,
): { digest: string; id: string; racy: (t: number) => boolean } | null {
  let fd: number;
  try {
    fd = openSync(file, OPEN_FLAGS);
  } catch {
    return null;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || st.size !== size) return null;
    const buf = Buffer.allocUnsafe(size + 1);
    let filled = 0;
    for (;;) {
      const n = readSync(fd, buf, filled, buf.length - filled, filled);
      if (n === 0) break;
      filled += n;
      if (filled > size) return null; // grew meanwhile
    }
    const digest = contentHash(buf.subarray(0, filled));
    return { digest, id: fileId(st), racy: (t) => isRacy(st, t) };
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}
