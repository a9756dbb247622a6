/**
 * The local server from the command line (`serve`), over a host of its own that watches the
 * workspace and remembers state like the desktop app. Its token and whether it may bind an
 * address are asked first (serve-setup.ts), without loading any of this.
 */
import { rendererDir } from '../app-paths';
import { StudioHost } from '../studio-host';
import { startServer } from '../../server/server';
import type { ProxyContext } from './context';
import { sourceHome } from './context';

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
