/**
 * The relay: a loopback HTTP server started for one agent-client run. The client is pointed
 * at it through its own base-URL setting and sends the run's relay key as its API key; the
 * relay swaps that key for the upstream's real one and forwards the request, body unchanged,
 * to the one upstream chosen, then streams the response back unchanged. Each exchange is
 * recorded (record.ts) for the "Sent to the model" view.
 *
 * The relay key is what keeps another local process from spending the user's key through
 * the relay while it runs: a request without it is answered 401 and never forwarded. With
 * the client's own login (`auth: passthrough`) the client's own auth headers go through as
 * they are, and nothing of ours is added.
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { createLogger } from '../../log';
import type { ModelRequestRecord, ProviderKind } from '../core/types';
import { BoundedBody, isAuthHeader, redactHeaders } from './record';

const log = createLogger('relay');

/** What is kept of each body for the record. */
export const RECORDED_BODY_BYTES = 4 * 1024 * 1024;
/** The largest request body forwarded at all (a client's context is far below this). */
export const FORWARDED_BODY_BYTES = 32 * 1024 * 1024;

export type RelayAuth =
  | { mode: 'key'; key: string | null }
  /** The client's own login: its auth headers are forwarded as they came. */
  | { mode: 'passthrough' };

export interface RelayOptions {
  /** The upstream's API root, e.g. https://api.anthropic.com or http://127.0.0.1:8080/v1. */
  baseUrl: string;
  kind: ProviderKind;
  auth: RelayAuth;
  /** The per-run token the client presents; the relay refuses requests without it (key mode). */
  relayKey: string;
  /** Every other secret to keep out of the records (the upstream key is added). */
  secrets?: readonly string[];
  recordedBodyBytes?: number;
  forwardedBodyBytes?: number;
  /** Told of each upstream status as its headers arrive (the driver stops a run on a refused key). */
  onStatus?: (status: number) => void;
}

export interface Relay {
  /** `http://127.0.0.1:PORT`: the runner appends the path its client expects. */
  url: string;
  /** The exchanges so far, redacted, in the order requests arrived. */
  records(): ModelRequestRecord[];
  close(): Promise<void>;
}

/** Where a request for `clientPath` goes: an OpenAI-compatible root carries its own /v1. */
export function upstreamUrl(baseUrl: string, kind: ProviderKind, clientPath: string): URL {
  const base = baseUrl.replace(/\/+$/, '');
  let rest = clientPath.startsWith('/') ? clientPath : `/${clientPath}`;
  if (kind === 'openai-compatible' && /^\/v1(\/|\?|$)/.test(rest)) rest = rest.slice(3) || '/';
  return new URL(base + rest);
}

function presentedKey(req: http.IncomingMessage): string | null {
  const h = req.headers;
  const bearer = /^Bearer\s+(.+)$/i.exec(h.authorization ?? '')?.[1];
  const header = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined);
  const query = new URL(req.url ?? '/', 'http://relay').searchParams.get('key');
  return bearer ?? header(h['x-api-key']) ?? header(h['x-goog-api-key']) ?? query ?? null;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The upstream's auth headers for its kind. */
function upstreamAuth(kind: ProviderKind, key: string): Record<string, string> {
  if (kind === 'anthropic') return { 'x-api-key': key };
  if (kind === 'gemini') return { 'x-goog-api-key': key };
  return { authorization: `Bearer ${key}` };
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'te',
  'trailer',
  'proxy-connection',
]);

export async function startRelay(opts: RelayOptions): Promise<Relay> {
  const recordLimit = opts.recordedBodyBytes ?? RECORDED_BODY_BYTES;
  const forwardLimit = opts.forwardedBodyBytes ?? FORWARDED_BODY_BYTES;
  const secrets = [
    opts.relayKey,
    ...(opts.auth.mode === 'key' && opts.auth.key ? [opts.auth.key] : []),
    ...(opts.secrets ?? []),
  ].filter((s) => s.length > 0);
  const records: ModelRequestRecord[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const upstreams = new Set<http.ClientRequest>();

  const server = http.createServer((req, res) => {
    const started = Date.now();
    const record: ModelRequestRecord = {
      index: records.length,
      method: req.method ?? 'GET',
      path: redactSecretsInPath(req.url ?? '/', secrets),
      started_at: new Date(started).toISOString(),
      duration_ms: 0,
      request: {
        headers: redactHeaders(req.headers, secrets),
        body: '',
        bytes: 0,
        truncated: false,
      },
      response: null,
      error: null,
    };
    records.push(record);
    const reqBody = new BoundedBody(recordLimit);
    const forwarded: Buffer[] = [];
    let tooLarge = false;
    const finish = () => {
      record.duration_ms = Date.now() - started;
      Object.assign(record.request, reqBody.recorded(secrets));
    };
    const fail = (status: number, message: string) => {
      record.error = message;
      finish();
      if (!res.headersSent)
        res
          .writeHead(status, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { type: 'relay_error', message } }));
      else res.destroy();
    };

    if (opts.auth.mode === 'key') {
      const presented = presentedKey(req);
      if (!presented || !sameSecret(presented, opts.relayKey)) {
        req.resume();
        fail(401, 'the relay refuses requests without this run’s relay key');
        return;
      }
    }
    req.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      reqBody.push(chunk);
      if (reqBody.bytes > forwardLimit) {
        tooLarge = true;
        fail(413, `the request body is over the relay's ${forwardLimit} byte limit`);
        return;
      }
      forwarded.push(chunk);
    });
    req.on('error', () => fail(400, 'the client closed the request'));
    req.on('end', () => {
      if (tooLarge) return;
      let target: URL;
      try {
        target = upstreamUrl(opts.baseUrl, opts.kind, req.url ?? '/');
      } catch {
        fail(502, 'the upstream URL is not valid');
        return;
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        const lower = name.toLowerCase();
        if (value === undefined || HOP_BY_HOP.has(lower)) continue;
        if (opts.auth.mode === 'key' && isAuthHeader(lower)) continue;
        headers[lower] = Array.isArray(value) ? value.join(', ') : value;
      }
      if (opts.auth.mode === 'key') {
        // The relay key never goes upstream, not even as `?key=`.
        target.searchParams.delete('key');
        if (opts.auth.key) Object.assign(headers, upstreamAuth(opts.kind, opts.auth.key));
      }
      const body = Buffer.concat(forwarded);
      headers['content-length'] = String(body.length);
      const send = target.protocol === 'https:' ? https.request : http.request;
      const up = send(target, { method: req.method, headers }, (upRes) => {
        const resBody = new BoundedBody(recordLimit);
        record.response = {
          status: upRes.statusCode ?? 0,
          headers: redactHeaders(upRes.headers, secrets),
          body: '',
          bytes: 0,
          truncated: false,
        };
        const out: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(upRes.headers))
          if (value !== undefined && !HOP_BY_HOP.has(name.toLowerCase())) out[name] = value;
        res.writeHead(upRes.statusCode ?? 502, out);
        opts.onStatus?.(upRes.statusCode ?? 0);
        res.flushHeaders();
        upRes.on('data', (chunk: Buffer) => {
          resBody.push(chunk);
          res.write(chunk);
        });
        const done = () => {
          if (record.response) Object.assign(record.response, resBody.recorded(secrets));
          finish();
          upstreams.delete(up);
        };
        upRes.on('end', () => {
          done();
          res.end();
        });
        upRes.on('error', () => {
          record.error = 'the upstream closed the response early';
          done();
          res.destroy();
        });
      });
      upstreams.add(up);
      up.on('error', (err) => {
        upstreams.delete(up);
        fail(502, `the upstream could not be reached: ${err.message}`);
      });
      // A client that goes away takes its upstream request with it.
      res.on('close', () => {
        if (!res.writableFinished) up.destroy();
      });
      up.end(body);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  log.debug(`relay on 127.0.0.1:${port} to ${opts.baseUrl}`);
  return {
    url: `http://127.0.0.1:${port}`,
    records: () => records.map((r) => structuredClone(r)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const u of upstreams) u.destroy();
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function redactSecretsInPath(p: string, secrets: readonly string[]): string {
  let out = p;
  for (const s of secrets) out = out.split(s).join('[redacted]');
  return out.replace(/([?&]key=)[^&]*/g, '$1[redacted]');
}
