import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import WebSocket from 'ws';
import type { StudioHost } from '../host/studio-host';
import { startServer, type RunningServer } from './server';
import { tempWorkspace, type TempWorkspace } from '../test-support/temp-workspace';
import { isolatedHost } from '../test-support/isolated-host';
import { serveWorkspace } from '../test-support/serve-workspace';

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

/** The single-use code of a printed sign-in link. */
function linkCode(url: string): string {
  const m = /\?token=(\S+)/.exec(url);
  if (!m) throw new Error(`no link code in ${url}`);
  return decodeURIComponent(m[1]);
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

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
    ({ host, server } = await serveWorkspace(ws.root, TOKEN));
    auth = { Authorization: `Bearer ${TOKEN}` };
  });

  const exchange = (link: string, port = server.port) =>
    request(port, {
      path: '/api/session',
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: `http://127.0.0.1:${port}` },
      body: JSON.stringify({ link }),
    });

  afterAll(async () => {
    await server.close();
    await host.close();
    ws.cleanup();
  });

  it('prints the URL in the contract form, with a link code that is not the API token', () => {
    expect(server.url).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${server.port}/\\?token=[\\w-]{20,}$`),
    );
    expect(server.url).not.toContain(TOKEN);
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
  });

  it('trades a one-time link code for a tab session token; no cookie, no redirect', async () => {
    const code = linkCode(server.newSignInUrl());
    // The link code is no credential by itself.
    expect(
      (await request(server.port, { path: '/api/v1/skills', headers: bearer(code) })).status,
    ).toBe(401);
    // Opening the link serves the page (public, no secret in it) and sets nothing.
    const page = await request(server.port, { path: `/?token=${code}` });
    expect(page.status).toBe(200);
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.headers.location).toBeUndefined();
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    const session = await exchange(code);
    expect(session.status).toBe(200);
    expect(session.headers['set-cookie']).toBeUndefined();
    const token = (JSON.parse(session.body) as { token: string }).token;
    expect(token).not.toBe(TOKEN);
    expect(
      (await request(server.port, { path: '/api/v1/skills', headers: bearer(token) })).status,
    ).toBe(200);
    // Once only: a second tab (or anyone who finds the link in a history) is refused.
    const again = await exchange(code);
    expect(again.status).toBe(401);
    expect(again.body).toMatch(/already used/);
    expect((await exchange('made-up')).status).toBe(401);
    // The API token stays valid for outside clients, whatever the scheme's case.
    const lower = await request(server.port, {
      path: '/api/v1/skills',
      headers: { Authorization: `bearer ${TOKEN}` },
    });
    expect(lower.status).toBe(200);
  });

  it('takes no cookie as a credential, and tells the person at the terminal about a fresh link', async () => {
    const lines: string[] = [];
    const other = await startServer({
      host,
      port: 0,
      bindHost: '127.0.0.1',
      token: TOKEN,
      rendererDir: path.join(ws.root, 'renderer-dist'),
      announce: (line) => lines.push(line),
    });
    try {
      const token = (
        JSON.parse((await exchange(linkCode(other.url), other.port)).body) as {
          token: string;
        }
      ).token;
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/another tab.*\?token=/);
      expect(linkCode(lines[0])).not.toBe(linkCode(other.url));
      // A replayed cookie carrying the token (what leaked to other ports before) opens nothing.
      for (const cookie of [`skill_studio_session=${token}`, `token=${TOKEN}`]) {
        const res = await request(other.port, {
          path: '/api/v1/skills',
          headers: { Cookie: cookie },
        });
        expect(res.status).toBe(401);
      }
    } finally {
      await other.close();
    }
  });

  it('never redirects, so no crafted path can send the browser off-site', async () => {
    const code = linkCode(server.newSignInUrl());
    for (const p of [
      `/.//evil.com?token=${code}`,
      `//evil.com/?token=${code}`,
      `/%2F%2Fevil.com?token=x`,
    ]) {
      const res = await request(server.port, { path: p });
      expect(res.status, p).toBeLessThan(500);
      expect([301, 302, 303, 307, 308], p).not.toContain(res.status);
      expect(res.headers.location, p).toBeUndefined();
    }
  });

  it('serves the static renderer without a credential but no API without one', async () => {
    expect((await request(server.port, { path: '/' })).status).toBe(200);
    expect((await request(server.port, { path: '/api/v1/skills' })).status).toBe(401);
    const preflight = await request(server.port, {
      path: '/api/studio/skills.list',
      method: 'OPTIONS',
      headers: { Origin: `http://127.0.0.1:${server.port}` },
    });
    expect(preflight.status).toBe(401);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
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

  it('never writes a bundle to a path a request names; returns the bytes instead', async () => {
    const target = path.join(ws.root, 'planted.skill');
    const refused = await request(server.port, {
      path: '/api/studio/bundles.export',
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ skill: 'alpha', format: 'skill', outPath: target }),
    });
    // No method takes a path to write to: the key is refused like any the API does not name.
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body).error.code).toBe('invalid_params');
    expect(existsSync(target)).toBe(false);
    const bytes = await request(server.port, {
      path: '/api/studio/bundles.export',
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ skill: 'alpha', format: 'skill' }),
    });
    expect(bytes.status).toBe(200);
    const result = JSON.parse(bytes.body) as { path: string | null; base64: string };
    expect(result.path).toBeNull();
    expect(Buffer.from(result.base64, 'base64').subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses a method for the command line, which names a path of this machine', async () => {
    const dir = path.join(ws.root, 'planted-records');
    const refused = await request(server.port, {
      path: '/api/studio/agentClients.writeRecords',
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ dir, records: [] }),
    });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body).error.code).toBe('forbidden_path');
    expect(existsSync(dir)).toBe(false);
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
    expect(await attempt(`${base}/api/events`, { Cookie: `skill_studio_session=${TOKEN}` })).toBe(
      401,
    );
  });

  it('accepts a tab token as a WebSocket subprotocol and never echoes it', async () => {
    const tokenRes = await exchange(linkCode(server.newSignInUrl()));
    const token = (JSON.parse(tokenRes.body) as { token: string }).token;
    const open = (protocols: string[]) =>
      new Promise<{ status: number; protocol: string }>((resolve) => {
        const s = new WebSocket(`ws://127.0.0.1:${server.port}/api/events`, protocols, {
          headers: { Origin: `http://127.0.0.1:${server.port}` },
        });
        s.on('unexpected-response', (_req, res) =>
          resolve({ status: res.statusCode ?? 0, protocol: '' }),
        );
        s.on('upgrade', (res) => {
          expect(JSON.stringify(res.headers)).not.toContain(token);
        });
        s.on('open', () => {
          resolve({ status: 101, protocol: s.protocol });
          s.close();
        });
        s.on('error', () => resolve({ status: -1, protocol: '' }));
      });
    expect(await open(['skill-studio', `skill-studio.token.${token}`])).toEqual({
      status: 101,
      protocol: 'skill-studio',
    });
    expect((await open(['skill-studio', 'skill-studio.token.wrong'])).status).toBe(401);
    expect((await open(['skill-studio'])).status).toBe(401);
  });
});

describe('binding', () => {
  it('prints a link to the loopback address it bound, and answers there', async () => {
    const host = await isolatedHost(null);
    try {
      for (const [bindHost, shown] of [
        ['127.0.0.2', '127.0.0.2'],
        ['::1', '[::1]'],
      ]) {
        const server = await startServer({
          host,
          port: 0,
          bindHost,
          token: TOKEN,
          rendererDir: '/nonexistent',
        }).catch((err: NodeJS.ErrnoException) => {
          // A machine without IPv6 on its loopback cannot bind ::1 at all.
          if (err.code === 'EADDRNOTAVAIL' || err.code === 'EAFNOSUPPORT') return null;
          throw err;
        });
        if (!server) continue;
        try {
          const origin = `http://${shown}:${server.port}`;
          expect(server.url.startsWith(`${origin}/?token=`)).toBe(true);
          const res = await fetch(`${origin}/api/v1/skills`, { headers: bearer(TOKEN) });
          expect(res.status).toBe(200);
        } finally {
          await server.close();
        }
      }
    } finally {
      await host.close();
    }
  });

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
