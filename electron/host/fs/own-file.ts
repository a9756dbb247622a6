/**
 * Reading back what the CLI keeps in its cache folder (schema verdicts, argument
 * validators): what a cache file holds is trusted, compiled code above all, so it is used
 * only when the user running the CLI owns it (as bin/cache-folder.cjs's isOwnFile says).
 */
import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';

/**
 * The text of `file` when the user running this owns it (always, where there are no uids:
 * Windows), else null. Throws when it cannot be read (none yet, say).
 */
export function readOwnText(file: string): string | null {
  const fd = openSync(file, 'r');
  try {
    const uid = process.getuid?.();
    if (uid !== undefined && fstatSync(fd).uid !== uid) return null;
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}
