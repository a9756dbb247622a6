/**
 * An A2E connection to a host elsewhere (docs/contracts.md, A2E, "Remote hosts"): the
 * WebSocket `/a2e` of another `skill-studio serve`, usually behind a reverse proxy with
 * TLS. `a2e --connect` bridges stdio to it, and the desktop app and `serve` bridge the
 * playground's A2E stream to it, so the token stays in the host and never reaches a page.
 *
 * The token goes as `Authorization: Bearer` (a WebSocket client that can set headers has
 * no reason to put a secret in the subprotocol list, which proxies log more often), with
 * our plain `skill-studio` subprotocol beside it.
 *
 * Every failure to open says what to fix: the host cannot be reached, it refused the
 * token, TLS failed, or it is no studio host. A frame over 8 MiB either way is refused
 * (the A2E frame limit), never buffered.
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { WS_PROTOCOL } from '../../../shared/api/session-credentials';
import { DEFAULT_MAX_FRAME_BYTES } from '../../../shared/protocol/codec';
import { errorMessage } from '../../../shared/errors';

/** The A2E frame limit, both ways. */
export const REMOTE_MAX_FRAME_BYTES = DEFAULT_MAX_FRAME_BYTES;
/** How long the TCP, TLS and HTTP upgrade may take before the host counts as unreachable. */
const HANDSHAKE_MS = 15_000;

export class RemoteHostError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RemoteHostError';
  }
}

/** Why `url` cannot name an A2E host, or null. The URL never carries the token. */
export function remoteUrlProblem(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return `"${url}" is not a URL: give ws://HOST:PORT/a2e or wss://HOST/a2e`;
  }
  if (u.protocol !== 'ws:' && u.protocol !== 'wss:')
    return `"${url}" is not a WebSocket URL: give ws://HOST:PORT/a2e or wss://HOST/a2e`;
  if (u.username !== '' || u.password !== '')
    return `${u.protocol}//…@${u.host}: a user or password in the URL would be logged and sent in clear; give the token with --token-file`;
  return null;
}

/** The URL as a message may show it: no query (an agent id is fine, but nothing else is needed). */
export function shownUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return url;
  }
}

const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'EPROTO',
]);

/** The message for an error of the socket before it opened. */
function openFailure(url: string, err: unknown): RemoteHostError {
  const where = shownUrl(url);
  const code = (err as { code?: unknown }).code;
  const c = typeof code === 'string' ? code : '';
  if (TLS_CODES.has(c) || c.startsWith('ERR_SSL') || c.startsWith('ERR_TLS'))
    return new RemoteHostError(
      `TLS with ${where} failed (${c}: ${errorMessage(err)}): the host's certificate must be valid for this name; ` +
        'for a private CA, point NODE_EXTRA_CA_CERTS at its certificate',
    );
  if (
    ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT'].includes(
      c,
    )
  )
    return new RemoteHostError(
      `cannot reach ${where} (${c}): check the URL, and that the host (or its proxy) is running and reachable from here`,
    );
  if (/timed out/i.test(errorMessage(err)))
    return new RemoteHostError(
      `cannot reach ${where}: no answer within ${HANDSHAKE_MS / 1000} s; check the URL and that the host is running`,
    );
  return new RemoteHostError(`cannot open ${where}: ${errorMessage(err)}`);
}

/** The message for an HTTP answer instead of the upgrade. */
function refusedUpgrade(url: string, status: number): RemoteHostError {
  const where = shownUrl(url);
  if (status === 401)
    return new RemoteHostError(
      `${where} refused the token (401): give the API token of that host (its serve --token-file), ` +
        'in a file of your own with mode 0600 (--token-file F)',
    );
  if (status === 421)
    return new RemoteHostError(
      `${where} refused the Host name (421): a reverse proxy must send Host as the loopback address it proxies to (127.0.0.1:PORT)`,
    );
  if (status === 403)
    return new RemoteHostError(
      `${where} refused the connection (403): an unknown agent, or an Origin the host does not accept`,
    );
  if (status === 404)
    return new RemoteHostError(
      `${where} has no A2E endpoint (404): the path of a studio host is /a2e`,
    );
  return new RemoteHostError(
    `${where} answered HTTP ${status} instead of a WebSocket: is it a studio host (skill-studio serve) or its proxy?`,
  );
}

/** Why an open connection ended, for the user. */
function closeReason(url: string, code: number, reason: string): string {
  const where = shownUrl(url);
  if (code === 1009)
    return `${where} closed the connection: a frame went over ${REMOTE_MAX_FRAME_BYTES / 1024 / 1024} MiB`;
  if (code === 1013) return `${where} closed the connection: ${reason || 'we read too slowly'}`;
  if (code === 1006) return `the connection to ${where} was lost`;
  return `${where} closed the connection (code ${code}${reason ? `: ${reason}` : ''})`;
}

export interface SentRequest {
  id: string;
  type: 'skill/call/req' | 'skill/discover/req';
  /** The skill a call names ('' for discovery). */
  name: string;
  /** The frame to send: the one read, or the same message with the id given here. */
  frame: string;
}

/** The request a frame carries (what will wait for a response), or null. */
export function requestOf(frame: string): SentRequest | null {
  let msg: unknown;
  try {
    msg = JSON.parse(frame);
  } catch {
    return null; // the host answers parse_error with req_id "": nothing to wait for
  }
  if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) return null;
  const m = msg as { type?: unknown; id?: unknown; name?: unknown };
  if (m.type !== 'skill/call/req' && m.type !== 'skill/discover/req') return null;
  const name = typeof m.name === 'string' ? m.name : '';
  if (typeof m.id === 'string' && m.id !== '') return { id: m.id, type: m.type, name, frame };
  // The host would give it a fresh id; giving it here lets us know when it is answered.
  const id = randomUUID();
  return { id, type: m.type, name, frame: JSON.stringify({ ...m, id }) };
}

/** The request a host frame answers (its req_id), when it is a response. */
export function answered(frame: string): string | null {
  try {
    const m = JSON.parse(frame) as { type?: unknown; req_id?: unknown };
    if (m.type !== 'skill/call/resp' && m.type !== 'skill/discover/resp' && m.type !== 'error')
      return null;
    return typeof m.req_id === 'string' ? m.req_id : null;
  } catch {
    return null;
  }
}

export interface RemoteA2E {
  /** Sends one A2E message (its text); false when it was over the frame limit and not sent. */
  send(frame: string): boolean;
  /** Closes the connection: the host cancels the calls still running. */
  close(): void;
  /** Resolves once every request sent has its response, or the connection is gone. */
  whenIdle(): Promise<void>;
  /** The ids of requests sent and not answered yet. */
  inFlight(): string[];
  /**
   * Stops reading from the host until resume(): a reader of ours that is not keeping up
   * makes the host wait (TCP backpressure; the host cuts off a client that stops reading
   * for good), instead of making us hold its frames.
   */
  pause(): void;
  resume(): void;
}

export interface RemoteA2EOptions {
  url: string;
  token: string | null;
  /** Each frame the host sends. */
  onFrame: (frame: string) => void;
  /** The connection ended; `byUs` when our close() ended it. Called once. */
  onClose: (reason: string, byUs: boolean) => void;
}

/** Opens the connection; rejects with a RemoteHostError saying what to fix. */
export function connectRemoteA2E(opts: RemoteA2EOptions): Promise<RemoteA2E> {
  const problem = remoteUrlProblem(opts.url);
  if (problem) return Promise.reject(new RemoteHostError(problem));
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(opts.url, [WS_PROTOCOL], {
      headers: opts.token ? { Authorization: `Bearer ${opts.token}` } : {},
      maxPayload: REMOTE_MAX_FRAME_BYTES,
      handshakeTimeout: HANDSHAKE_MS,
      perMessageDeflate: false,
      followRedirects: false,
    });
    const pending = new Set<string>();
    const idleWaiters: (() => void)[] = [];
    let opened = false;
    let closedByUs = false;
    let ended = false;
    let lastError: string | null = null;
    const settleIdle = () => {
      if (pending.size > 0 && !ended) return;
      for (const w of idleWaiters.splice(0)) w();
    };
    ws.on('unexpected-response', (_req, res) => {
      res.resume();
      reject(refusedUpgrade(opts.url, res.statusCode ?? 0));
      ws.terminate();
    });
    ws.on('error', (err) => {
      if (!opened) {
        reject(openFailure(opts.url, err));
        return;
      }
      lastError = errorMessage(err);
    });
    ws.on('open', () => {
      opened = true;
      resolve({
        send(frame) {
          if (Buffer.byteLength(frame) > REMOTE_MAX_FRAME_BYTES) return false;
          const req = requestOf(frame);
          if (req) pending.add(req.id);
          ws.send(req ? req.frame : frame);
          return true;
        },
        close() {
          closedByUs = true;
          if (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING)
            ws.close(1000, 'closed by the client');
        },
        whenIdle: () =>
          new Promise<void>((done) => {
            idleWaiters.push(done);
            settleIdle();
          }),
        inFlight: () => [...pending],
        pause: () => ws.pause(),
        resume: () => ws.resume(),
      });
    });
    ws.on('message', (data, isBinary) => {
      if (isBinary) return; // A2E is text; a binary frame is not ours to pass on
      const frame = data.toString();
      const id = answered(frame);
      opts.onFrame(frame);
      if (id !== null && pending.delete(id)) settleIdle();
    });
    ws.on('close', (code, reason) => {
      ended = true;
      if (opened) {
        const why =
          code === 1009 || lastError?.includes('Max payload size exceeded')
            ? closeReason(opts.url, 1009, '')
            : closeReason(opts.url, code, reason.toString());
        opts.onClose(why, closedByUs);
      }
      settleIdle();
    });
  });
}
