/**
 * A git server for tests: `git http-backend` (smart HTTP, so shallow clones work) behind a
 * Node HTTP server on 127.0.0.1, serving the bare repositories under `root`. With `auth`
 * set, every request without that Basic user:password gets 401, as a private host would.
 * It counts the requests, so a test can show that a source was never contacted.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GitHttpServer {
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** Every request received, in order (method and path). */
  requests: string[];
  close(): Promise<void>;
}

export async function startGitHttpServer(
  root: string,
  auth?: { user: string; password: string },
): Promise<GitHttpServer> {
  const requests: string[] = [];
  const expected = auth
    ? `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}`
    : null;
  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    if (expected && req.headers.authorization !== expected) {
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="git"' }).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const cgi = spawn('git', ['http-backend'], {
      env: {
        PATH: process.env.PATH,
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: '1',
        REQUEST_METHOD: req.method ?? 'GET',
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        CONTENT_TYPE: req.headers['content-type'] ?? '',
        REMOTE_ADDR: '127.0.0.1',
        ...(req.headers['git-protocol']
          ? { GIT_PROTOCOL: String(req.headers['git-protocol']) }
          : {}),
      },
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    req.pipe(cgi.stdin);
    const chunks: Buffer[] = [];
    cgi.stdout.on('data', (c: Buffer) => chunks.push(c));
    cgi.on('close', () => {
      const out = Buffer.concat(chunks);
      const split = out.indexOf('\r\n\r\n');
      const head = out.subarray(0, split).toString('latin1').split('\r\n');
      let status = 200;
      const headers: Record<string, string> = {};
      for (const line of head) {
        const colon = line.indexOf(':');
        if (colon < 0) continue;
        const name = line.slice(0, colon).trim();
        const value = line.slice(colon + 1).trim();
        if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
        else headers[name] = value;
      }
      res.writeHead(status, headers).end(out.subarray(split + 4));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
