import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { startServer, type RunningServer } from '../../../electron/server/server';
import type { StudioHost } from '../../../electron/host/studio-host';
import { isolatedHost } from '../../../electron/test-support/isolated-host';
import { tempWorkspace, type TempWorkspace } from '../../../electron/test-support/temp-workspace';
import { SESSION_STORAGE_KEY } from '../../../shared/api/session-credentials';
import { createHttpBackend } from './http-backend';
import type { MinimalSocket } from './reconnecting-socket';
import { linkCodeFrom, signInFromAddressBar, type SignInEnvironment } from './session';
import { StudioError } from './studio-error';

/** One browser tab: its address bar and its own sessionStorage. */
function tab(href: string, storage = new Map<string, string>()) {
  const env: SignInEnvironment & { href: string; storage: Map<string, string> } = {
    href,
    storage,
    location: { href, origin: new URL(href).origin },
    history: {
      replaceState: (_d, _u, url) => {
        env.href = url;
      },
    },
    sessionStorage: {
      getItem: (k) => storage.get(k) ?? null,
      setItem: (k, v) => void storage.set(k, v),
    },
    fetch: (input, init) => fetch(input, init),
  };
  return env;
}

/** The browser's WebSocket as ws offers it: protocols are the only credential it can carry. */
const sockets = (url: string, protocols: string[]) =>
  new WebSocket(url, protocols) as unknown as MinimalSocket;

describe('browser sign-in against the real server', () => {
  let ws: TempWorkspace;
  let host: StudioHost;
  let server: RunningServer;

  beforeAll(async () => {
    ws = tempWorkspace();
    ws.addSkill('alpha', 'name: alpha\ndescription: First skill.', '# Alpha\n');
    const renderer = path.join(ws.root, 'renderer-dist');
    mkdirSync(renderer);
    writeFileSync(path.join(renderer, 'index.html'), '<!doctype html>');
    host = await isolatedHost(ws.root);
    server = await startServer({
      host,
      port: 0,
      bindHost: '127.0.0.1',
      token: 'api-token-0123456789abcdef',
      rendererDir: renderer,
    });
  });

  afterAll(async () => {
    await server.close();
    await host.close();
    ws.cleanup();
  });

  it('spends the link once, keeps the token in the tab, and uses it on HTTP and WebSocket', async () => {
    const first = tab(`${server.url}`);
    const token = await signInFromAddressBar(first);
    expect(token).toEqual(expect.any(String));
    expect(first.href).toBe(`http://127.0.0.1:${server.port}/`);
    expect(first.storage.get(SESSION_STORAGE_KEY)).toBe(token);

    const backend = createHttpBackend({
      origin: first.location.origin,
      token: Promise.resolve(token),
      socketFactory: sockets,
    });
    try {
      expect((await backend.call('skills.list', {})).skills.map((s) => s.name)).toEqual(['alpha']);
      const up = new Promise<boolean>((resolve) => backend.onConnection(resolve));
      backend.onEvent(() => undefined);
      expect(await up).toBe(true);
      const replies: unknown[] = [];
      const conn = backend.a2e(null, (m) => replies.push(m));
      conn.send({
        type: 'skill/discover/req',
        id: 'd1',
        version: '1.0',
        ts: 1,
        filter_tags: [],
        filter_categories: [],
      });
      await expect.poll(() => replies.length).toBe(1);
      expect(replies[0]).toMatchObject({ type: 'skill/discover/resp', req_id: 'd1' });
      conn.close();
    } finally {
      backend.dispose();
    }

    // A reload of the tab: no link in the address bar, the stored session is reused.
    expect(await signInFromAddressBar(tab(first.href, first.storage))).toBe(token);
    // The same link in a new tab (its own empty storage) signs nothing in.
    const second = tab(server.url);
    expect(await signInFromAddressBar(second)).toBeNull();
    const stranger = createHttpBackend({
      origin: second.location.origin,
      token: null,
      socketFactory: sockets,
    });
    const err = (await stranger.call('skills.list', {}).catch((e: unknown) => e)) as StudioError;
    stranger.dispose();
    expect(err).toBeInstanceOf(StudioError);
    expect(err.message).toMatch(/not signed in.*new tab needs a new link/);
  });
});

describe('a pasted sign-in link', () => {
  it('gives its code, from the whole printed link or the code alone', () => {
    expect(linkCodeFrom('http://127.0.0.1:4321/?token=abc_DEF-1')).toBe('abc_DEF-1');
    expect(linkCodeFrom('  abc_DEF-1 \n')).toBe('abc_DEF-1');
  });

  it('gives nothing for text that is neither', () => {
    expect(linkCodeFrom('')).toBeNull();
    expect(linkCodeFrom('http://127.0.0.1:4321/')).toBeNull();
    expect(linkCodeFrom('not a link at all!')).toBeNull();
  });
});
