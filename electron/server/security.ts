/**
 * The local server's gate (docs/contracts.md, Local server): loopback Host names only (DNS
 * rebinding), Origin (when sent) must be our own, and every API request and WebSocket carries
 * a token: `Authorization: Bearer`, or (WebSocket only, since browsers cannot set
 * headers there) a `skill-studio.token.<token>` subprotocol.
 *
 * No cookie: cookies are not scoped by port, so a browser would hand a session
 * cookie to any other server on 127.0.0.1. A tab instead trades the printed
 * one-time link code for a session token it keeps in sessionStorage (per origin).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { WS_TOKEN_PROTOCOL_PREFIX } from '../../shared/api/session-credentials';

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];
/** Unused sign-in links kept at once; the oldest is dropped past this. */
const MAX_PENDING_LINKS = 32;
/** Browser sessions kept at once; the oldest is signed out past this. */
const MAX_SESSIONS = 256;

export function isLoopbackAddress(host: string): boolean {
  return (
    host === 'localhost' || host === '::1' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host)
  );
}

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface GateOptions {
  port: number;
  /** Extra host names accepted in Host (the explicit non-loopback bind address). */
  extraHosts: string[];
}

export type GateResult = { ok: true } | { ok: false; status: number; message: string };

export function allowedHosts(opts: GateOptions): Set<string> {
  const names = [...LOOPBACK_NAMES, ...opts.extraHosts];
  return new Set(names.map((n) => `${n}:${opts.port}`.toLowerCase()));
}

export function checkHostAndOrigin(req: IncomingMessage, hosts: Set<string>): GateResult {
  const host = (req.headers.host ?? '').toLowerCase();
  if (!hosts.has(host)) return { ok: false, status: 421, message: 'Host not allowed' };
  const origin = req.headers.origin;
  // Our own origin under any of our names (127.0.0.1, localhost, …) with our port.
  if (origin !== undefined) {
    const m = /^http:\/\/([^/]+)$/.exec(origin.toLowerCase());
    if (!m || !hosts.has(m[1])) return { ok: false, status: 403, message: 'Origin not allowed' };
  }
  return { ok: true };
}

/** The Bearer token of a request, if any (the scheme is case-insensitive, RFC 9110 §11.1). */
export function bearerToken(req: IncomingMessage): string | null {
  const bearer = /^bearer +(\S+) *$/i.exec(req.headers.authorization ?? '');
  return bearer ? bearer[1] : null;
}

/** The token a WebSocket upgrade offers as a `skill-studio.token.<token>` subprotocol. */
export function subprotocolToken(req: IncomingMessage): string | null {
  const offered = String(req.headers['sec-websocket-protocol'] ?? '').split(',');
  for (const p of offered) {
    const name = p.trim();
    if (name.startsWith(WS_TOKEN_PROTOCOL_PREFIX))
      return name.slice(WS_TOKEN_PROTOCOL_PREFIX.length);
  }
  return null;
}

/** Keeps `set` at most `max` long by dropping its oldest members (insertion order). */
function addBounded(set: Set<string>, value: string, max: number): void {
  set.add(value);
  for (const old of set) {
    if (set.size <= max) break;
    set.delete(old);
  }
}

function hasSecret(set: Set<string>, value: string): boolean {
  let found = false;
  // Compare against every member so the time taken says nothing about which matched.
  for (const s of set) if (safeEqual(s, value)) found = true;
  return found;
}

/**
 * Who may use the server: the long-lived API token (printed or in --token-file,
 * for CLI and outside clients), and the session tokens browser tabs got by
 * redeeming a one-time link code. A link code is never itself a token.
 */
export class Credentials {
  private readonly links = new Set<string>();
  private readonly sessions = new Set<string>();

  constructor(private readonly apiToken: string) {}

  /** A fresh single-use code for a sign-in link. */
  newLink(): string {
    const code = newSecret();
    addBounded(this.links, code, MAX_PENDING_LINKS);
    return code;
  }

  /** Spends a link code: a new session token, or null when it is unknown or already used. */
  redeem(code: string): string | null {
    let match: string | null = null;
    for (const l of this.links) if (safeEqual(l, code)) match = l;
    if (match === null) return null;
    this.links.delete(match);
    const token = newSecret();
    addBounded(this.sessions, token, MAX_SESSIONS);
    return token;
  }

  accepts(token: string | null): boolean {
    if (token === null || token.length === 0) return false;
    const api = safeEqual(token, this.apiToken);
    return hasSecret(this.sessions, token) || api;
  }
}
