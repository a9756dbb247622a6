/**
 * What `serve` asks before the server starts: whether it may bind an address without
 * `--allow-remote` (loopback only), and its API token, kept in `--token-file` or made for
 * this run. Anyone who reads the token file holds the server and anyone who writes it
 * chooses the token, so a file that is not the user's own, owner-only regular file is
 * refused (token-file.ts), and a new token is written owner-only, atomically.
 * Local-process methods (shared/api/local-tools.ts).
 */
import type { Handlers } from '../host/handler-table';
import { writeFileAtomic } from '../host/fs/atomic-write';
import { InvalidRequestError } from '../host/fs/errors';
import { isLoopbackAddress, newSecret } from './security';
import { readTokenFile } from './token-file';

/** The shortest token kept from a file; a shorter one is replaced. */
const MIN_TOKEN_CHARS = 16;

type ServeSetupMethods = 'serve.isLoopback' | 'serve.token';

export function serveHandlers(): Pick<Handlers, ServeSetupMethods> {
  return {
    async 'serve.isLoopback'({ address }) {
      return isLoopbackAddress(address);
    },

    async 'serve.token'({ file }) {
      if (!file) return newSecret();
      const read = await readTokenFile(file);
      if (!read.ok) throw new InvalidRequestError(read.message);
      const existing = read.token ?? '';
      if (existing.length >= MIN_TOKEN_CHARS) return existing;
      const token = newSecret();
      await writeFileAtomic(file, token + '\n', { mode: 0o600 });
      return token;
    },
  };
}
