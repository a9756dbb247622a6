/**
 * Test support: a local HTTP server, started by a test, that answers each request with
 * the next scripted reply — a status with a body, or an SSE stream written chunk by
 * chunk in a provider's exact wire format (anthropic-wire.ts, openai-wire.ts), cut
 * mid-way, or never answered. It records every request (headers and body) and tells
 * when a client closed its connection before the reply ended (cancel, timeout).
 * A `stream` reply is a hostile one: chunks made one at a time (never held whole, so a
 * body of gigabytes costs the test nothing), written as fast as the client reads them,
 * until the maker says stop or the client goes; `streamedBytes` tells how much it took.
 * Binds 127.0.0.1 only.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Reply =
  | { kind: 'json'; status: number; body: unknown; headers?: Record<string, string> }
  | { kind: 'text'; status: number; body: string; headers?: Record<string, string> }
  /** SSE chunks written one after the other; `cut` destroys the socket after them. */
  | { kind: 'sse'; chunks: string[]; cut?: boolean; gapMs?: number; holdOpen?: boolean }
  /** Headers never come. */
  | { kind: 'hang' }
  /**
   * A body made chunk by chunk, `next(i)` giving the i-th (null: the end), each written
   * when the client has taken the one before. Not recorded in `sent`.
   */
  | {
      kind: 'stream';
      status?: number;
      contentType?: string;
      next: (i: number) => string | null;
    };

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: unknown;
}

export interface WireServer {
  url: string;
  requests: RecordedRequest[];
  /** Resolves when a client has closed a connection whose reply had not ended. */
  clientClosedEarly: Promise<void>;
  earlyCloses: number;
  /** Every byte the server sent, for secret checks (`stream` replies excepted). */
  sent: string[];
  /** Bytes written by `stream` replies so far. */
  streamedBytes: number;
  close(): Promise<void>;
}

export interface WireServerOptions {
  /**
   * Keep every request and every byte sent (default true). A benchmark turns it off so
   * that what the server keeps is not counted as the host's memory.
   */
  record?: boolean;
}

export async function startWireServer(
  script: Reply[] | ((req: RecordedRequest, n: number) => Reply),
  options: WireServerOptions = {},
): Promise<WireServer> {
  const record = options.record ?? true;
  const requests: RecordedRequest[] = [];
  const sent: string[] = [];
  let earlyCloses = 0;
  let served = 0;
  const streamed = { bytes: 0 };
  let markClosed!: () => void;
  const clientClosedEarly = new Promise<void>((r) => (markClosed = r));
  const sockets = new Set<import('node:net').Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (body += d));
    req.on('end', () => {
      let json: unknown = null;
      try {
        json = body && record ? (JSON.parse(body) as unknown) : null;
      } catch {
        json = null;
      }
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: record ? body : '',
        json,
      };
      const n = served++;
      if (record) requests.push(recorded);
      const reply =
        typeof script === 'function'
          ? script(recorded, n)
          : (script[n] ?? script[script.length - 1]);
      let ended = false;
      res.on('finish', () => (ended = true));
      res.on('close', () => {
        if (!ended) {
          earlyCloses++;
          markClosed();
        }
      });
      if (reply.kind === 'stream') streamBody(reply, res, streamed);
      else answer(reply, res, record ? sent : null, timers);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    clientClosedEarly,
    get earlyCloses() {
      return earlyCloses;
    },
    get streamedBytes() {
      return streamed.bytes;
    },
    sent,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function answer(
  reply: Exclude<Reply, { kind: 'stream' }>,
  res: http.ServerResponse,
  sent: string[] | null,
  timers: Set<NodeJS.Timeout>,
): void {
  if (reply.kind === 'hang') return;
  if (reply.kind === 'json' || reply.kind === 'text') {
    const text = reply.kind === 'json' ? JSON.stringify(reply.body) : reply.body;
    sent?.push(text);
    res.writeHead(reply.status, {
      'content-type': reply.kind === 'json' ? 'application/json' : 'text/plain',
      ...reply.headers,
    });
    res.end(text);
    return;
  }
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  res.flushHeaders();
  const chunks = [...reply.chunks];
  const next = (): void => {
    const chunk = chunks.shift();
    if (chunk === undefined) {
      if (reply.cut) res.socket?.destroy();
      else if (!reply.holdOpen) res.end();
      return;
    }
    sent?.push(chunk);
    res.write(chunk);
    if (reply.gapMs) {
      const t = setTimeout(() => {
        timers.delete(t);
        next();
      }, reply.gapMs);
      timers.add(t);
    } else setImmediate(next);
  };
  next();
}

function streamBody(
  reply: Extract<Reply, { kind: 'stream' }>,
  res: http.ServerResponse,
  streamed: { bytes: number },
): void {
  res.writeHead(reply.status ?? 200, {
    'content-type': reply.contentType ?? 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
  });
  let i = 0;
  let gone = false;
  res.on('close', () => (gone = true));
  const pump = (): void => {
    while (!gone) {
      const chunk = reply.next(i++);
      if (chunk === null) {
        res.end();
        return;
      }
      streamed.bytes += Buffer.byteLength(chunk);
      if (!res.write(chunk)) {
        res.once('drain', pump);
        return;
      }
    }
  };
  pump();
}
