import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import WebSocket from 'ws';
import type { StudioHost } from '../host/studio-host';
import { startServer, type RunningServer } from './server';
import { tempWorkspace, type TempWorkspace } from '../test-support/temp-workspace';
import { isolatedHost } from '../test-support/isolated-host';

const TOKEN = 'test-token-0123456789abcdef';

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Raw requests, so the test controls Host, Origin and the path bytes exactly. */
function request(
  port: number,
  opts: { path: string; method?: string; headers?: Record<string, string>; body?: string },
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: opts.path,
        method: opts.method ?? 'GET',
        headers: opts.headers,
        setHost: !opts.headers?.Host,
      },
      (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    if (opts.body) req.write(opts.body);
    req.end();
  });
}

describe('local server', () => {
  let ws: TempWorkspace;
  let host: StudioHost;
  let server: RunningServer;
  let auth: Record<string, string>;

  beforeAll(async () => {
    ws = tempWorkspace();
    ws.addSkill('alpha', 'name: alpha\ndescription: First skill.', '# Alpha\n', {
      'notes.md': 'hello',
    });
    ws.write('secret.txt', 'do not serve');
    ws.write(
      'skill-studio.json',
      JSON.stringify({ agents: [{ id: 'bot', name: 'Bot', allowed_skills: ['alpha'] }] }),
    );
    const renderer = path.join(ws.root, 'renderer-dist');
    mkdirSync(renderer);
    writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><title>studio</title>');
    host = await isolatedHost(ws.root);
    server = await startServer({
      host,
      port: 0,
      bindHost: '127.0.0.1',
      token: TOKEN,
      rendererDir: renderer,
    });
    auth = { Authorization: `Bearer ${TOKEN}` };
  });

  afterAll(async () => {
    await server.close();
    await host.close();
    ws.cleanup();
  });

  it('prints the URL in the contract form', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=${TOKEN}`);
  });

  it('lists skills and one skill with its files and raw SKILL.md', async () => {
    const list = await request(server.port, { path: '/api/v1/skills', headers: auth });
    expect(list.status).toBe(200);
    expect(JSON.parse(list.body)).toEqual([
      {
        name: 'alpha',
        description: 'First skill.',
        source: 'project',
        license: null,
        files_count: 2,
        has_warnings: false,
      },
    ]);
    const one = JSON.parse(
      (await request(server.port, { path: '/api/v1/skills/alpha', headers: auth })).body,
    );
    expect(one.files.map((f: { path: string }) => f.path)).toEqual(['SKILL.md', 'notes.md']);
    expect(one.skill_md).toContain('name: alpha');
  });

  it('refuses requests without the token or with a wrong one', async () => {
    expect((await request(server.port, { path: '/api/v1/skills' })).status).toBe(401);
    expect(
      (
        await request(server.port, {
          path: '/api/v1/skills',
          headers: { Authorization: 'Bearer nope' },
        })
      ).status,
    ).toBe(401);
    expect((await request(server.port, { path: '/?token=nope' })).status).toBe(401);
  });

  it('exchanges the one-time ?token= for an HttpOnly SameSite=Strict cookie and drops it from the URL', async () => {
    const res = await request(server.port, { path: `/?token=${TOKEN}` });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).not.toContain(TOKEN);
    const page = await request(server.port, {
      path: '/',
      headers: { Cookie: cookie.split(';')[0] },
    });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    // The link works once: another browser (no cookie) is refused; the one that used it
    // may load it again and keeps its session.
    const again = await request(server.port, { path: `/?token=${TOKEN}` });
    expect(again.status).toBe(401);
    expect(again.body).toMatch(/already used/);
    const reload = await request(server.port, {
      path: `/?token=${TOKEN}`,
      headers: { Cookie: cookie.split(';')[0] },
    });
    expect(reload.status).toBe(303);
    expect(reload.headers['set-cookie']).toBeUndefined();
    // The Bearer token itself stays valid for API clients, whatever the scheme's case.
    const lower = await request(server.port, {
      path: '/api/v1/skills',
      headers: { Authorization: `bearer ${TOKEN}` },
    });
    expect(lower.status).toBe(200);
  });

  it('refuses a foreign Host (DNS rebinding) and a foreign Origin', async () => {
    const rebinding = await request(server.port, {
      path: '/api/v1/skills',
      headers: { ...auth, Host: `evil.example:${server.port}` },
    });
    expect(rebinding.status).toBe(421);
    const wrongPort = await request(server.port, {
      path: '/api/v1/skills',
      headers: { ...auth, Host: `127.0.0.1:1` },
    });
    expect(wrongPort.status).toBe(421);
    const origin = await request(server.port, {
      path: '/api/v1/skills',
      headers: { ...auth, Origin: 'http://evil.example' },
    });
    expect(origin.status).toBe(403);
    const own = await request(server.port, {
      path: '/api/v1/skills',
      headers: { ...auth, Origin: `http://127.0.0.1:${server.port}` },
    });
    expect(own.status).toBe(200);
    const ownByName = await request(server.port, {
      path: '/api/v1/skills',
      headers: { ...auth, Origin: `http://localhost:${server.port}` },
    });
    expect(ownByName.status).toBe(200);
    const otherPort = await request(server.port, {
      path: '/api/v1/skills',
      headers: { ...auth, Origin: `http://localhost:1` },
    });
    expect(otherPort.status).toBe(403);
  });

  it('answers hostile paths with 400/404 and reads nothing', async () => {
    const hostile = [
      '/api/v1/skills/..%2F..%2Fsecret.txt',
      '/api/v1/skills/%2e%2e',
      '/api/v1/skills/alpha%00',
      '/api/v1/skills/a%5c..%5csecret.txt',
      '/api/v1/skills/%E0%A4%A',
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%5csecret.txt',
      '/renderer-dist/../secret.txt',
    ];
    for (const p of hostile) {
      const res = await request(server.port, { path: p, headers: auth });
      expect([400, 404], p).toContain(res.status);
      expect(res.body).not.toContain('do not serve');
    }
    const files = await request(server.port, {
      path: '/api/studio/files.read',
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ skill: 'alpha', path: '../../secret.txt' }),
    });
    expect(files.status).toBe(400);
    expect(JSON.parse(files.body).error.code).toBe('forbidden_path');
  });

  it('validates Studio API params at the boundary', async () => {
    const bad = await request(server.port, {
      path: '/api/studio/files.read',
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ skill: 'alpha', path: 42 }),
    });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).error.code).toBe('invalid_params');
    const notJson = await request(server.port, {
      path: '/api/studio/skills.list',
      method: 'POST',
      headers: auth,
      body: '{',
    });
    expect(notJson.status).toBe(400);
    const unknown = await request(server.port, {
      path: '/api/studio/nope',
      method: 'POST',
      headers: auth,
      body: '{}',
    });
    expect(unknown.status).toBe(400);
  });

  it('speaks A2E over the WebSocket, bound to the agent of the connection', async () => {
    const url = `ws://127.0.0.1:${server.port}/a2e?agent=bot`;
    const sock = new WebSocket(url, { headers: auth });
    await new Promise((r, j) => (sock.once('open', r), sock.once('error', j)));
    const replies: Record<string, unknown>[] = [];
    sock.on('message', (d) => replies.push(JSON.parse(String(d))));
    sock.send('not json');
    sock.send(
      JSON.stringify({
        type: 'skill/discover/req',
        id: 'd1',
        filter_tags: [],
        filter_categories: [],
      }),
    );
    await expect.poll(() => replies.length).toBe(2);
    expect(replies[0]).toMatchObject({ type: 'error', error: { code: 'parse_error' } });
    expect(replies[1]).toMatchObject({ type: 'skill/discover/resp', req_id: 'd1' });
    expect((replies[1].skills as { name: string }[]).map((s) => s.name)).toEqual(['alpha']);
    sock.close();
  });

  it('refuses WebSocket upgrades without the token, from a foreign Origin, or for an unknown agent', async () => {
    const attempt = (url: string, headers: Record<string, string>) =>
      new Promise<number>((resolve) => {
        const s = new WebSocket(url, { headers });
        s.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        s.on('open', () => {
          s.close();
          resolve(101);
        });
        s.on('error', () => resolve(-1));
      });
    const base = `ws://127.0.0.1:${server.port}`;
    expect(await attempt(`${base}/a2e`, {})).toBe(401);
    expect(await attempt(`${base}/a2e`, { ...auth, Origin: 'http://evil.example' })).toBe(403);
    expect(await attempt(`${base}/a2e?agent=ghost`, auth)).toBe(403);
    expect(await attempt(`${base}/api/events`, {})).toBe(401);
  });
});

describe('binding', () => {
  it('refuses a non-loopback address without the explicit flag', async () => {
    const host = await isolatedHost(null);
    await expect(
      startServer({
        host,
        port: 0,
        bindHost: '0.0.0.0',
        token: TOKEN,
        rendererDir: '/nonexistent',
      }),
    ).rejects.toThrow(/--allow-remote/);
    await host.close();
  });
});
