/**
 * `serve --token-file F`: the API token lives in F across runs. Anyone who can
 * read F holds the server; anyone who can write it chooses the token. So F must
 * be a regular file of the current user, unreadable and unwritable by group and
 * others, and is opened without following a symlink (checked on the open file, so
 * nothing can be swapped in between the check and the read).
 */
import { constants, promises as fsp } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { errnoCode } from '../host/fs/errors';
import { tokenFileProblem } from '../host/fs/private-file';

export { tokenFileProblem } from '../host/fs/private-file';

export type TokenFileRead = { ok: true; token: string | null } | { ok: false; message: string };

/** A token file is a line of text; anything larger is not one. */
const MAX_TOKEN_FILE_BYTES = 4096;

/**
 * The token in `file` (trimmed), or null when the file does not exist yet.
 * A file that is not safe to hold a secret is refused with a message saying why.
 */
export async function readTokenFile(file: string): Promise<TokenFileRead> {
  let handle: FileHandle;
  try {
    handle = await fsp.open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (err) {
    const code = errnoCode(err);
    if (code === 'ENOENT') return { ok: true, token: null };
    if (code === 'ELOOP') return { ok: false, message: `--token-file ${file} is a symbolic link` };
    return { ok: false, message: `--token-file ${file} cannot be opened (${code ?? String(err)})` };
  }
  try {
    const stat = await handle.stat();
    const problem = tokenFileProblem(stat, process.getuid?.() ?? null);
    if (problem) return { ok: false, message: `--token-file ${file} ${problem}` };
    if (stat.size > MAX_TOKEN_FILE_BYTES)
      return { ok: false, message: `--token-file ${file} is too large to be a token file` };
    return { ok: true, token: (await handle.readFile('utf8')).trim() };
  } finally {
    await handle.close();
  }
}
