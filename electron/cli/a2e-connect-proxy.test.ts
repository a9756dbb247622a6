/**
 * The README's team recipe, end to end: `serve` on loopback with --token-file, a reverse
 * proxy in front of it that terminates TLS with a certificate of a private CA and rewrites
 * Host to the loopback address it proxies to, and `a2e --connect wss://…` from a real CLI
 * process that trusts that CA (NODE_EXTRA_CA_CERTS). Without the Host rewrite, serve
 * refuses (421) and the CLI says what the proxy must do.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request, type IncomingMessage } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioHost } from '../host/studio-host';
import type { RunningServer } from '../server/server';
import { serveWorkspace } from '../test-support/serve-workspace';
import { tempWorkspace, type TempWorkspace } from '../test-support/temp-workspace';

const ENTRY = fileURLToPath(new URL('../test-support/source-cli.ts', import.meta.url));
const TSX = import.meta.resolve('tsx');
const TOKEN = 'proxied-team-token-0123456789abcdef';

let ws: TempWorkspace;
let remote: { host: StudioHost; server: RunningServer };
let tls: { key: Buffer; cert: Buffer; caFile: string };

beforeAll(async () => {
  ws = tempWorkspace('skill-studio-proxy-');
  ws.addSkill('proxied', 'name: proxied\ndescription: Reached through the proxy.', '# Proxied\n');
  remote = await serveWorkspace(ws.root, TOKEN);
  const dir = path.join(ws.root, 'tls');
  mkdirSync(dir);
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  // A self-signed certificate for 127.0.0.1 stands for the team's private CA.
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  tls = { key: readFileSync(key), cert: readFileSync(cert), caFile: cert };
  writeFileSync(path.join(ws.root, 'team.token'), TOKEN, { mode: 0o600 });
}, 60_000);

afterAll(async () => {
  await remote?.server.close();
  await remote?.host.close();
  ws?.cleanup();
});

/** Forwards WebSocket upgrades of /a2e to serve, as the README's nginx does; nothing else. */
function proxyUpgrade(rewriteHost: boolean) {
  const target = remote.server.port;
  return (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (req.url !== '/a2e') {
      socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const headers = { ...req.headers };
    if (rewriteHost) headers.host = `127.0.0.1:${target}`;
    const up = request({ host: '127.0.0.1', port: target, path: req.url, headers, method: 'GET' });
    up.on('upgrade', (res, upSocket, upHead) => {
      const lines = [`HTTP/1.1 101 ${res.statusMessage ?? 'Switching Protocols'}`];
      for (let i = 0; i < res.rawHeaders.length; i += 2)
        lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
      socket.write(lines.join('\r\n') + '\r\n\r\n');
      if (upHead.length) socket.write(upHead);
      if (head.length) upSocket.write(head);
      upSocket.pipe(socket).pipe(upSocket);
      socket.on('error', () => upSocket.destroy());
      upSocket.on('error', () => socket.destroy());
    });
    up.on('response', (res) => {
      socket.end(`HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\nContent-Length: 0\r\n\r\n`);
    });
    up.on('error', () => socket.destroy());
    up.end();
  };
}

/** The CLI as a real process; resolves with its exit code and output once it ends. */
function connect(
  url: string,
  stdin: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      TSX,
      ENTRY,
      'a2e',
      '--connect',
      url,
      '--token-file',
      path.join(ws.root, 'team.token'),
      '--no-user',
    ],
    { cwd: ws.root, env: { PATH: process.env.PATH, HOME: ws.root, ...env } },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  child.stdin.end(stdin);
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

const DISCOVER = JSON.stringify({ type: 'skill/discover/req', id: 'd', filter_tags: [] }) + '\n';

describe('a2e --connect through a reverse proxy with TLS', () => {
  it('reaches serve on loopback over wss:// when the proxy rewrites Host', async () => {
    const proxy = createHttpsServer({ key: tls.key, cert: tls.cert });
    proxy.on('upgrade', proxyUpgrade(true));
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    try {
      const port = (proxy.address() as { port: number }).port;
      const run = await connect(`wss://127.0.0.1:${port}/a2e`, DISCOVER, {
        NODE_EXTRA_CA_CERTS: tls.caFile,
      });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const resp = JSON.parse(run.stdout.trim()) as { req_id: string; skills: { name: string }[] };
      expect(resp.req_id).toBe('d');
      expect(resp.skills.map((s) => s.name)).toContain('proxied');
    } finally {
      await new Promise<void>((r) => proxy.close(() => r()));
    }
  }, 120_000);

  it('a proxy that passes the outside Host is refused by serve (421), and the CLI says what to set', async () => {
    const proxy = createHttpServer();
    proxy.on('upgrade', proxyUpgrade(false));
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    try {
      const port = (proxy.address() as { port: number }).port;
      // The outside name the proxy is reached by: not one of serve's loopback names with its port.
      const run = await connect(`ws://localhost:${port}/a2e`, DISCOVER);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/refused the Host name \(421\).*127\.0\.0\.1:PORT/);
      expect(run.stdout).toBe('');
    } finally {
      await new Promise<void>((r) => proxy.close(() => r()));
    }
  }, 120_000);
});
