/**
 * A file of the CLI's cache folder (bin/cache-folder.cjs): read back only when the user
 * running the CLI owns it, written atomically and private to the user. The kept schema
 * verdicts (in-process/schema-verdict-file.ts) and the kept skill verdicts
 * (registry/verdict-cache.ts) both go through here, so both trust a file on the same terms.
 */
import { closeSync, fstatSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from './atomic-write';

/**
 * The text of `file`; with `own`, only when the user running this owns it, else null.
 * Throws when it cannot be read (a cache's caller treats that as "nothing kept").
 */
export function readCacheText(file: string, own = true): string | null {
  const fd = openSync(file, 'r');
  try {
    const uid = process.getuid?.();
    if (own && uid !== undefined && fstatSync(fd).uid !== uid) return null;
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

/** Writes `text` to `file` atomically, its folder made private to the user when missing. */
export async function writeCacheText(file: string, text: string): Promise<void> {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFileAtomic(file, text, { mode: 0o600 });
}
