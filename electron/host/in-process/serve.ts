/**
 * The local server from the command line (`serve`): its token (kept in a file, owner-only,
 * or made for this run) and the server itself, over a host of its own that watches the
 * workspace and remembers state like the desktop app.
 */
import { rendererDir } from '../app-paths';
import { writeFileAtomic } from '../fs/atomic-write';
import { InvalidRequestError } from '../fs/errors';
import { StudioHost } from '../studio-host';
import { isLoopbackAddress, newSecret } from '../../server/security';
import { readTokenFile } from '../../server/token-file';
import { startServer } from '../../server/server';
import type { ProxyContext } from './context';
import { sourceHome } from './context';
import type { DomainHandlers } from './domain';

export interface ServeOptions {
  workspace: string;
  /** Absolute folders scanned as the project source (`--root`), as given. */
  roots: string[];
  stateDir: string;
  port: number;
  bindHost: string;
  token: string;
  allowRemote: boolean;
  /** A line for the person at the terminal (a fresh sign-in link once one is used). */
  announce: (line: string) => void;
}

export interface Serving {
  url: string;
  close(): Promise<void>;
}

/** Starts the server; its host is closed with it (or at once when the server fails to start). */
export async function serve(ctx: ProxyContext, opts: ServeOptions): Promise<Serving> {
  const host = await StudioHost.create({
    workspace: opts.workspace,
    home: sourceHome(ctx),
    stateDir: opts.stateDir,
    roots: opts.roots.length ? opts.roots : undefined,
    noUser: ctx.noUser,
    watch: true,
  });
  const server = await startServer({
    host,
    port: opts.port,
    bindHost: opts.bindHost,
    token: opts.token,
    allowRemote: opts.allowRemote,
    rendererDir: rendererDir(),
    announce: opts.announce,
  }).catch(async (err: unknown) => {
    await host.close();
    throw err;
  });
  return {
    url: server.url,
    async close() {
      await server.close();
      await host.close();
    },
  };
}

export const handlers: DomainHandlers<'serve.isLoopback' | 'serve.token'> = {
  async 'serve.isLoopback'({ address }) {
    return isLoopbackAddress(address);
  },

  /**
   * Reuses the token in `file` when there is one, else writes a new one there (owner-only).
   * A file others own or can read or write is refused (see token-file.ts).
   */
  async 'serve.token'({ file }) {
    if (!file) return newSecret();
    const read = await readTokenFile(file);
    if (!read.ok) throw new InvalidRequestError(read.message);
    const existing = read.token ?? '';
    if (existing.length >= 16) return existing;
    const token = newSecret();
    await writeFileAtomic(file, token + '\n', { mode: 0o600 });
    return token;
  },
};
