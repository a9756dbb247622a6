/**
 * The file-system calls a scan makes, in two kinds behind one promise-shaped face:
 *
 * - `asyncScanIO` (the default): libuv's thread pool, so a long-lived host (the app,
 *   the server) keeps answering while it scans.
 * - `syncScanIO`: the synchronous calls, for one-shot callers (the CLI) that do
 *   nothing else meanwhile. A scan of small files is a long chain of tiny calls;
 *   each thread-pool round trip costs more than the call itself, so the scan would
 *   mostly wait. The promises it returns are already settled: no round trip, no turn
 *   of the event loop, only a microtask per call.
 *
 * Both make exactly the same calls with the same flags, so every guarantee of the
 * scan (lstat/fstat checks, O_NONBLOCK | O_NOFOLLOW opens) holds in either kind.
 */
import {
  close,
  closeSync,
  fstat,
  fstatSync,
  lstat,
  lstatSync,
  open,
  openSync,
  read,
  readSync,
  readdir,
  readdirSync,
  realpath,
  realpathSync,
  stat,
  statSync,
  type Dirent,
  type Stats,
} from 'node:fs';

export interface ScanIO {
  /** Directory entries with their types (no stat per entry). */
  listDir(dir: string): Promise<Dirent[]>;
  realpath(p: string): Promise<string>;
  stat(p: string): Promise<Stats>;
  lstat(p: string): Promise<Stats>;
  open(file: string, flags: number): Promise<number>;
  read(fd: number, buf: Buffer, offset: number, length: number, position: number): Promise<number>;
  fstat(fd: number): Promise<Stats>;
  /** Never fails and is never awaited: nothing depends on a close. */
  close(fd: number): void;
}

/** Callback fs wrapped by hand: measurably cheaper per call than fs/promises' FileHandle. */
function callback<T>(start: (done: (err: Error | null, value: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) =>
    start((err, value) => (err ? reject(err) : resolve(value))),
  );
}

export const asyncScanIO: ScanIO = {
  listDir: (dir) => callback((done) => readdir(dir, { withFileTypes: true }, done)),
  realpath: (p) => callback((done) => realpath(p, done)),
  stat: (p) => callback((done) => stat(p, done)),
  lstat: (p) => callback((done) => lstat(p, done)),
  open: (file, flags) => callback((done) => open(file, flags, done)),
  read: (fd, buf, offset, length, position) =>
    callback((done) => read(fd, buf, offset, length, position, done)),
  fstat: (fd) => callback((done) => fstat(fd, done)),
  close: (fd) => close(fd, () => undefined),
};

/** The synchronous calls of a scan: ScanIO's, answered on the spot. */
export interface SyncScanCalls {
  listDir(dir: string): Dirent[];
  realpath(p: string): string;
  stat(p: string): Stats;
  lstat(p: string): Stats;
  open(file: string, flags: number): number;
  read(fd: number, buf: Buffer, offset: number, length: number, position: number): number;
  fstat(fd: number): Stats;
  close(fd: number): void;
}

export const syncScanCalls: SyncScanCalls = {
  listDir: (dir) => readdirSync(dir, { withFileTypes: true }),
  realpath: (p) => realpathSync(p),
  stat: (p) => statSync(p),
  lstat: (p) => lstatSync(p),
  open: (file, flags) => openSync(file, flags),
  read: (fd, buf, offset, length, position) => readSync(fd, buf, offset, length, position),
  fstat: (fd) => fstatSync(fd),
  close: (fd) => {
    try {
      closeSync(fd);
    } catch {
      // Nothing to do about a failed close of a file only read.
    }
  },
};

/** Runs `fn` now; its result or error as a settled promise. */
function now<T>(fn: () => T): Promise<T> {
  try {
    return Promise.resolve(fn());
  } catch (err) {
    return Promise.reject(err as Error);
  }
}

/** Synchronous calls behind ScanIO's face: each promise is settled when it is returned. */
export function settledIO(calls: SyncScanCalls): ScanIO {
  return {
    listDir: (dir) => now(() => calls.listDir(dir)),
    realpath: (p) => now(() => calls.realpath(p)),
    stat: (p) => now(() => calls.stat(p)),
    lstat: (p) => now(() => calls.lstat(p)),
    open: (file, flags) => now(() => calls.open(file, flags)),
    read: (fd, buf, offset, length, position) =>
      now(() => calls.read(fd, buf, offset, length, position)),
    fstat: (fd) => now(() => calls.fstat(fd)),
    close: (fd) => calls.close(fd),
  };
}

export const syncScanIO: ScanIO = settledIO(syncScanCalls);
