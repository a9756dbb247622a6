import { afterEach, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, WebSocket } from 'ws';
import { createHttpBackend, type HttpBackend } from './http-backend';
import { StudioError } from './studio-error';
import type { MinimalSocket } from './reconnecting-socket';
import type { StudioEvent } from '../../../shared/api/studio-api';

/** A small real server speaking the browser-mode transport, to drive the backend over real sockets. */
async function startServer() {
  const calls: { method: string; body: unknown; auth: string | undefined }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const method = (req.url ?? '').replace('/api/studio/', '');
      calls.push({ method, body: JSON.parse(raw || 'null'), auth: req.headers.authorization });
      res.setHeader('content-type', 'application/json');
      if (method === 'workspace.info') {
        res.end(JSON.stringify({ root: '/ws', recent: [], agents: [], configDiagnostics: [] }));
      } else if (method === 'files.write') {
        res.statusCode = 409;
        res.end(
          JSON.stringify({ error: { code: 'conflict', message: 'SKILL.md changed on disk' } }),
        );
      } else if (method === 'broken') {
        res.statusCode = 500;
        res.end('<html>oops</html>');
      } else {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { code: 'not_found', message: `no method ${method}` } }));
      }
    });
  });
  const wss = new WebSocketServer({ noServer: true });
  const eventSockets = new Set<WebSocket>();
  const a2eAgents: (string | null)[] = [];
  server.on('upgrade', (req, socket, head) => {
    wss.handleUpgrade(req, socket, head, (ws) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/api/events') {
        eventSockets.add(ws);
        ws.on('close', () => eventSockets.delete(ws));
      } else if (url.pathname === '/a2e') {
        a2eAgents.push(url.searchParams.get('agent'));
        ws.on('message', (data) => {
          const msg = JSON.parse(String(data)) as { id: string };
          ws.send(
            JSON.stringify({
              type: 'skill/discover/resp',
              req_id: msg.id,
              skills: [],
              id: 'r',
              version: '1.0',
              ts: 1,
            }),
          );
          ws.send('not json');
        });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    calls,
    eventSockets,
    a2eAgents,
    close: async () => {
      for (const ws of wss.clients) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const factory = (url: string) => new WebSocket(url) as unknown as MinimalSocket;

async function waitFor(check: () => boolean, ms = 3000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

describe('http backend', () => {
  it('posts params as JSON to /api/studio/<method> with the bearer token and returns the result', async () => {
    const srv = await startServer();
    cleanup.push(srv.close);
    const backend = createHttpBackend({ origin: srv.origin, token: 'tok', socketFactory: factory });
    cleanup.push(async () => backend.dispose());
    const info = await backend.call('workspace.info', {});
    expect(info.root).toBe('/ws');
    expect(srv.calls[0]).toEqual({ method: 'workspace.info', body: {}, auth: 'Bearer tok' });
  });

  it('turns error replies into StudioError with the host code', async () => {
    const srv = await startServer();
    cleanup.push(srv.close);
    const backend = createHttpBackend({ origin: srv.origin, socketFactory: factory });
    cleanup.push(async () => backend.dispose());
    const err = await backend
      .call('files.write', { skill: 'a', path: 'SKILL.md', text: 'x', expectedVersion: 'v1' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StudioError);
    expect((err as StudioError).code).toBe('conflict');
    expect((err as StudioError).message).toContain('changed on disk');
    const notJson = await (backend as HttpBackend).call('broken' as 'workspace.info', {}).then(
      () => null,
      (e: unknown) => e as StudioError,
    );
    expect(notJson?.code).toBe('internal');
    expect(notJson?.message).toContain('not JSON');
  });

  it('reports an unreachable server as a clear error', async () => {
    const srv = await startServer();
    await srv.close();
    const backend = createHttpBackend({
      origin: srv.origin,
      socketFactory: factory,
      backoff: () => 50,
    });
    cleanup.push(async () => backend.dispose());
    const err = (await backend.call('workspace.info', {}).catch((e: unknown) => e)) as StudioError;
    expect(err.code).toBe('internal');
    expect(err.message).toContain('did not answer');
  });

  it('delivers events, drops malformed frames, and reconnects with a resync event', async () => {
    const srv = await startServer();
    cleanup.push(srv.close);
    const backend = createHttpBackend({
      origin: srv.origin,
      socketFactory: factory,
      backoff: () => 20,
    });
    cleanup.push(async () => backend.dispose());
    const got: StudioEvent[] = [];
    const states: boolean[] = [];
    backend.onConnection((up) => states.push(up));
    backend.onEvent((e) => got.push(e));
    await waitFor(() => srv.eventSockets.size === 1);
    const [ws] = [...srv.eventSockets];
    ws.send('{broken');
    ws.send(
      JSON.stringify({
        type: 'file.changed',
        dir: '/ws/a',
        skill: 'a',
        path: 'SKILL.md',
        version: 'v2',
      }),
    );
    ws.send(JSON.stringify({ type: 'file.changed', skill: 'a' }));
    await waitFor(() => got.length === 1);
    expect(got[0]).toEqual({
      type: 'file.changed',
      dir: '/ws/a',
      skill: 'a',
      path: 'SKILL.md',
      version: 'v2',
    });
    ws.terminate();
    await waitFor(() => got.length === 2 && srv.eventSockets.size === 1);
    expect(got[1]).toEqual({ type: 'skills.changed', added: [], changed: [], removed: [] });
    expect(states).toEqual([true, false, true]);
  });

  it('opens A2E with the agent in the query, queues sends until open, ignores non-JSON frames', async () => {
    const srv = await startServer();
    cleanup.push(srv.close);
    const backend = createHttpBackend({ origin: srv.origin, socketFactory: factory });
    cleanup.push(async () => backend.dispose());
    const received: unknown[] = [];
    const conn = backend.a2e('agent one', (m) => received.push(m));
    conn.send({
      type: 'skill/discover/req',
      id: 'q1',
      version: '1.0',
      ts: 1,
      filter_tags: [],
      filter_categories: [],
    });
    await waitFor(() => received.length === 1);
    expect(srv.a2eAgents).toEqual(['agent one']);
    expect(received[0]).toMatchObject({ type: 'skill/discover/resp', req_id: 'q1' });
    conn.close();
  });
});
