/**
 * `skill-studio serve`: the studio UI and its APIs over HTTP + WebSocket (docs/contracts.md, Local
 * server).
 *   GET  /api/v1/skills, /api/v1/skills/{name}   the skills surface
 *   POST /api/studio/<method>                    the typed Studio API (one router)
 *   POST /api/session, /api/session/link         sign-in links ↔ tab sessions (see security.ts)
 *   WS   /api/events                             StudioEvents
 *   WS   /a2e?agent=ID                           the A2E protocol
 *   GET  /…                                      the built renderer (public: it holds no secret)
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { readFile } from 'node:fs/promises';
import { WebSocketServer, type WebSocket } from 'ws';
import { A2E_WS_PATH, STUDIO_EVENTS_PATH, STUDIO_HTTP_PREFIX } from '../../shared/api/studio-api';
import {
  LINK_QUERY,
  SESSION_LINK_PATH,
  SESSION_PATH,
  WS_PROTOCOL,
  type SessionExchangeResult,
  type SessionLinkResult,
} from '../../shared/api/session-credentials';
import type { StudioHost } from '../host/studio-host';
import { httpSkill, httpSkills } from './http-skills';
import { contentTypeFor, resolveStaticFile } from '../host/web/static-files';
import {
  allowedHosts,
  bearerToken,
  checkHostAndOrigin,
  Credentials,
  isLoopbackAddress,
  subprotocolToken,
} from './security';
import { CONTENT_SECURITY_POLICY } from '../host/web/csp';
import { errorMessage } from '../../shared/errors';

export interface ServerOptions {
  host: StudioHost;
  port: number;
  bindHost: string;
  /** The long-lived API token (Bearer) for CLI and outside clients; never put in a link. */
  token: string;
  /** Required to bind anything but loopback. */
  allowRemote?: boolean;
  rendererDir: string;
  /** Prints a line for the person at the terminal (a fresh link once one is used). */
  announce?: (line: string) => void;
}

export interface RunningServer {
  port: number;
  /** The printed sign-in link: `?token=` holds a single-use link code, not the API token. */
  url: string;
  /** Another single-use sign-in link (each browser tab needs its own). */
  newSignInUrl(): string;
  close(): Promise<void>;
}

const MAX_BODY = 64 * 1024 * 1024;

const NO_SESSION_MESSAGE =
  'this tab is not signed in to the studio: open the sign-in link `skill-studio serve` printed ' +
  '(each link works once, so a new tab needs a new link), or send Authorization: Bearer <token>';
const USED_LINK_MESSAGE =
  'this sign-in link was already used or belongs to another run of `skill-studio serve`: ' +
  'each link works once; reload a tab that is signed in, or get a new link';
const MAX_WS_FRAME = 32 * 1024 * 1024;
/** A client that reads slower than a skill writes is cut off past this backlog. */
const MAX_WS_BACKLOG = 64 * 1024 * 1024;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The error code in the JSON reply (a StudioErrorCode where one fits). */
    readonly code?: string,
  ) {
    super(message);
  }
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(body);
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new HttpError(413, 'request body too large');
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return {};
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpError(400, 'request body is not JSON');
  }
}

/** A skill name in a URL: one path segment, nothing that could walk anywhere. */
function skillNameFromPath(raw: string): string {
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    throw new HttpError(400, 'bad skill name');
  }
  if (!name || name.length > 256 || /[/\\\0]/.test(name) || name === '.' || name === '..') {
    throw new HttpError(400, 'bad skill name');
  }
  return name;
}

const pendingFrames = new WeakMap<WebSocket, string[]>();

/**
 * Writes one tick's text frames as a single buffer: a skill streaming thousands of
 * events would otherwise cost an allocation, a UTF-8 copy and a socket write each.
 * Server frames are unmasked and the studio never compresses, so the frame is a
 * 2-, 4- or 10-byte header and the payload (RFC 6455 §5.2).
 */
function flushFrames(ws: WebSocket, frames: string[]): void {
  const socket = (ws as unknown as { _socket?: Socket })._socket;
  if (!socket || ws.readyState !== ws.OPEN) return;
  let total = 0;
  const lengths = frames.map((f) => {
    const n = Buffer.byteLength(f);
    total += n + (n < 126 ? 2 : n < 65536 ? 4 : 10);
    return n;
  });
  const out = Buffer.allocUnsafe(total);
  let at = 0;
  frames.forEach((f, i) => {
    const n = lengths[i];
    out[at++] = 0x81; // FIN + text
    if (n < 126) out[at++] = n;
    else if (n < 65536) {
      out[at++] = 126;
      out.writeUInt16BE(n, at);
      at += 2;
    } else {
      out[at++] = 127;
      out.writeUInt32BE(Math.floor(n / 2 ** 32), at);
      out.writeUInt32BE(n >>> 0, at + 4);
      at += 8;
    }
    at += out.write(f, at, 'utf8');
  });
  socket.write(out);
}

function wsSend(ws: WebSocket, frame: string): void {
  if (ws.readyState !== ws.OPEN) return;
  if (ws.bufferedAmount > MAX_WS_BACKLOG) {
    ws.close(1013, 'client too slow');
    return;
  }
  let frames = pendingFrames.get(ws);
  if (!frames) {
    frames = [];
    pendingFrames.set(ws, frames);
    const batch = frames;
    process.nextTick(() => {
      pendingFrames.delete(ws);
      flushFrames(ws, batch);
    });
  }
  frames.push(frame);
}

export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  if (!isLoopbackAddress(opts.bindHost) && !opts.allowRemote) {
    throw new Error(
      `refusing to bind ${opts.bindHost}: the studio serves your files; pass --allow-remote to bind a non-loopback address`,
    );
  }
  const { host } = opts;
  const credentials = new Credentials(opts.token);
  const extraHosts = isLoopbackAddress(opts.bindHost) ? [] : [opts.bindHost];
  // The address actually bound, as a URL names it (set once listening): the printed link
  // must reach it (`--host ::1` is [::1], `--host 127.0.0.2` is not 127.0.0.1).
  let shownHost = '127.0.0.1';
  let hosts = new Set<string>();
  let port = 0;
  const signInUrl = () =>
    `http://${shownHost}:${port}/?${LINK_QUERY}=${encodeURIComponent(credentials.newLink())}`;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const pathname = url.pathname;

    // A tab spends the one-time link code it was opened with for its own session token.
    if (pathname === SESSION_PATH) {
      if (req.method !== 'POST') throw new HttpError(405, 'use POST');
      const body = await readBody(req);
      const link = (body as { link?: unknown } | null)?.link;
      const token = typeof link === 'string' ? credentials.redeem(link) : null;
      if (token === null) throw new HttpError(401, USED_LINK_MESSAGE);
      opts.announce?.(`Skill Studio (sign-in link for another tab): ${signInUrl()}`);
      sendJson(res, 200, { token } satisfies SessionExchangeResult);
      return;
    }
    const isApi = pathname.startsWith('/api/');
    if (isApi && !credentials.accepts(bearerToken(req)))
      throw new HttpError(401, NO_SESSION_MESSAGE);

    if (pathname === SESSION_LINK_PATH) {
      if (req.method !== 'POST') throw new HttpError(405, 'use POST');
      sendJson(res, 200, { url: signInUrl() } satisfies SessionLinkResult);
      return;
    }
    if (pathname === '/api/v1/skills' && req.method === 'GET') {
      sendJson(res, 200, await httpSkills(host));
      return;
    }
    if (pathname.startsWith('/api/v1/skills/') && req.method === 'GET') {
      const rest = pathname.slice('/api/v1/skills/'.length);
      const name = skillNameFromPath(rest);
      const skill = await httpSkill(host, name);
      if (!skill) throw new HttpError(404, `no skill named '${name}'`);
      sendJson(res, 200, skill);
      return;
    }
    if (pathname.startsWith(STUDIO_HTTP_PREFIX)) {
      if (req.method !== 'POST') throw new HttpError(405, 'use POST');
      const method = pathname.slice(STUDIO_HTTP_PREFIX.length);
      const params = await readBody(req);
      const out = await host.call(method, params, 'network');
      if (out.ok) sendJson(res, 200, out.result);
      else
        sendJson(
          res,
          out.error.code === 'internal' ? 500 : out.error.code === 'not_found' ? 404 : 400,
          out,
        );
      return;
    }
    if (isApi) throw new HttpError(404, 'no such API');
    // The built renderer is public code with no secret and no workspace data in it,
    // so it is served without a credential: a browser could not attach the tab's
    // header to a navigation or a <script> load anyway. Every byte of data comes
    // from the API and the WebSockets, which all require the token.
    if (req.method !== 'GET' && req.method !== 'HEAD')
      throw new HttpError(405, 'method not allowed');
    const file = await resolveStaticFile(opts.rendererDir, pathname);
    if (!file && pathname === '/favicon.ico') {
      // Browsers ask for it on their own; "nothing here" is an answer, not an error.
      res.writeHead(204, { 'Cache-Control': 'max-age=3600' });
      res.end();
      return;
    }
    if (!file) {
      if (pathname === '/' || pathname === '/index.html') {
        throw new HttpError(503, 'the studio UI is not built: run `npm run build`');
      }
      throw new HttpError(404, 'not found');
    }
    const body = await readFile(file);
    res.writeHead(200, {
      'Content-Type': contentTypeFor(file),
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': file.endsWith('.html') ? 'no-store' : 'max-age=3600',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  const server = createServer((req, res) => {
    const hostCheck = checkHostAndOrigin(req, hosts);
    if (!hostCheck.ok) {
      sendJson(res, hostCheck.status, { error: { code: 'forbidden', message: hostCheck.message } });
      return;
    }
    handle(req, res).catch((err: unknown) => {
      const status = err instanceof HttpError ? err.status : 500;
      const message = errorMessage(err);
      if (!res.headersSent)
        sendJson(res, status, {
          error: {
            code:
              err instanceof HttpError && err.code
                ? err.code
                : status === 401
                  ? 'unauthorized'
                  : 'error',
            message,
          },
        });
      else res.destroy();
    });
  });
  server.headersTimeout = 30_000;
  server.requestTimeout = 120_000;

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_WS_FRAME,
    // Select our plain protocol name, never echo the one carrying the token.
    handleProtocols: (offered) => (offered.has(WS_PROTOCOL) ? WS_PROTOCOL : false),
  });
  /** Whether an A2E connection may bind `agent` (null: none): one skill-studio.json names. */
  const agentKnown = async (agent: string | null): Promise<boolean> =>
    agent === null || (await host.invoke('workspace.info', {})).agents.some((a) => a.id === agent);
  server.on('upgrade', (req, socket, head) => {
    const refuse = (status: number, message: string) => {
      socket.end(`HTTP/1.1 ${status} ${message}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    const hostCheck = checkHostAndOrigin(req, hosts);
    if (!hostCheck.ok) return refuse(hostCheck.status, hostCheck.message);
    if (!credentials.accepts(bearerToken(req) ?? subprotocolToken(req)))
      return refuse(401, 'Unauthorized');
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === STUDIO_EVENTS_PATH) {
      wss.handleUpgrade(req, socket, head, (ws) => {
        const off = host.onEvent((e) => wsSend(ws, JSON.stringify(e)));
        ws.on('close', off);
        ws.on('error', off);
      });
      return;
    }
    if (url.pathname === A2E_WS_PATH && url.searchParams.has('host')) {
      // The playground driving an A2E host elsewhere: we open it, with the kept token.
      const remote = url.searchParams.get('host') ?? '';
      wss.handleUpgrade(req, socket, head, (ws) => {
        const conn = host.openRemoteA2E(remote, (frame) => wsSend(ws, frame));
        ws.on('message', (data, isBinary) => {
          if (!isBinary) conn.receive(data.toString());
        });
        ws.on('close', () => conn.close());
        ws.on('error', () => conn.close());
      });
      return;
    }
    if (url.pathname === A2E_WS_PATH) {
      const agent = url.searchParams.get('agent') || null;
      void agentKnown(agent).then(
        (known) => {
          if (!known) return refuse(403, 'Unknown agent');
          wss.handleUpgrade(req, socket, head, (ws) => {
            const conn = host.openA2E(agent, (frame) => wsSend(ws, frame), {
              bufferedAmount: () => ws.bufferedAmount,
              onOverflow: () => ws.close(1013, 'client too slow'),
            });
            ws.on('message', (data, isBinary) => {
              conn.receive(isBinary ? '\u0000binary' : data.toString());
            });
            ws.on('close', () => conn.close());
            ws.on('error', () => conn.close());
          });
        },
        () => refuse(500, 'Internal Server Error'),
      );
      return;
    }
    refuse(404, 'Not Found');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.bindHost, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = server.address() as AddressInfo;
  port = bound.port;
  shownHost = bound.address.includes(':') ? `[${bound.address}]` : bound.address;
  hosts = allowedHosts({ port, extraHosts: [...extraHosts, shownHost] });
  return {
    port,
    url: signInUrl(),
    newSignInUrl: signInUrl,
    async close() {
      for (const ws of wss.clients) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
