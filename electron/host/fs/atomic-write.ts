/**
 * Atomic file replacement: readers (the editor, the registry, an agent) see either the old
 * content or the new one, never a half-written file, and a crash or a full disk leaves the
 * original untouched. Temp file in the same folder (so the rename stays on one filesystem),
 * write, fsync, rename over the target, fsync the folder.
 */
import { open, rename, rm, stat } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { errnoCode } from './errors';
import { logSwallowed } from '../log';
import { nodeCrypto } from '../lazy-crypto';

export interface AtomicWriteOptions {
  /** Permission bits of the written file. Default: the original's, else 0o666 less the umask. */
  mode?: number;
}

// `.name.<12 hex>.tmp`: hidden, recognisable, and unique per write.
const TEMP_NAME = /^\..*\.[0-9a-f]{12}\.tmp$/;
// Keeps the temp name within the 255-byte limit of common filesystems.
const MAX_BASE_IN_TEMP = 100;

/** True for the temp files this module creates, so listings and watchers can skip leftovers. */
export function isAtomicTempName(name: string): boolean {
  // Asked of every listed name: most fail the first test, without running the pattern.
  return name.charCodeAt(0) === 46 /* . */ && name.endsWith('.tmp') && TEMP_NAME.test(name);
}

export function tempNameFor(file: string): string {
  const base = path.basename(file).slice(0, MAX_BASE_IN_TEMP);
  return path.join(
    path.dirname(file),
    `.${base}.${nodeCrypto().randomBytes(6).toString('hex')}.tmp`,
  );
}

/**
 * Writes `data` to `file` atomically. The path is written as given: a symlink at `file` is
 * replaced by a regular file (callers resolve links first when they mean the target).
 */
export async function writeFileAtomic(
  file: string,
  data: string | Uint8Array,
  opts: AtomicWriteOptions = {},
): Promise<void> {
  let mode = opts.mode;
  if (mode === undefined) {
    try {
      const st = await stat(file);
      if (st.isFile()) mode = st.mode & 0o7777;
    } catch (err) {
      if (errnoCode(err) !== 'ENOENT') throw err;
    }
  }

  const tmp = tempNameFor(file);
  let handle: FileHandle | undefined;
  try {
    // 'wx': never reuse (or follow a link planted at) an existing name.
    handle = await open(tmp, 'wx', mode ?? 0o666);
    await handle.writeFile(data);
    // open() applies the umask; an explicit or inherited mode is restored exactly.
    if (mode !== undefined) await handle.chmod(mode);
    await handle.sync();
    await handle.close();
    handle = undefined;
    await rename(tmp, file);
  } catch (err) {
    if (handle) await handle.close().catch(logSwallowed('close the temp file of a failed write'));
    await rm(tmp, { force: true }).catch(logSwallowed('remove the temp file of a failed write'));
    throw err;
  }
  await syncFolder(path.dirname(file));
}

/** Makes the rename durable. Not every platform can open a folder (Windows): best effort. */
async function syncFolder(dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // Durability of the folder entry is a bonus; the content itself was already synced.
  } finally {
    await handle?.close().catch(logSwallowed('close a folder after syncing it'));
  }
}
