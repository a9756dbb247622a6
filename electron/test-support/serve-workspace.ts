/**
 * The local server over an isolated host for one workspace, with a stand-in renderer
 * build (one index.html) in the workspace: what the server tests start again and again.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { StudioHost } from '../host/studio-host';
import { startServer, type RunningServer } from '../server/server';
import { isolatedHost } from './isolated-host';

export async function serveWorkspace(
  root: string,
  token: string,
): Promise<{ host: StudioHost; server: RunningServer }> {
  const renderer = path.join(root, 'renderer-dist');
  mkdirSync(renderer);
  writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><title>studio</title>');
  const host = await isolatedHost(root);
  const server = await startServer({
    host,
    port: 0,
    bindHost: '127.0.0.1',
    token,
    rendererDir: renderer,
  });
  return { host, server };
}
