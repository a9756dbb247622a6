/**
 * The local server's gate (DESIGN §8): loopback Host names only (DNS rebinding),
 * Origin (when sent) must be our own, and every request carries the session token
 * as a Bearer header or the cookie the one-time `?token=` URL was exchanged for.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const SESSION_COOKIE = 'skill_studio_session';

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

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
  token: string;
  sessionSecret: string;
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

export function readCookie(req: IncomingMessage, name: string): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

export function isAuthenticated(req: IncomingMessage, opts: GateOptions): boolean {
  const auth = req.headers.authorization;
  // The scheme name is case-insensitive (RFC 9110 §11.1).
  const bearer = /^bearer +(.+)$/i.exec(auth ?? '');
  if (bearer && safeEqual(bearer[1].trim(), opts.token)) return true;
  return holdsSession(req, opts.sessionSecret);
}

/** The request carries the session cookie the one-time link was exchanged for. */
export function holdsSession(req: IncomingMessage, sessionSecret: string): boolean {
  const cookie = readCookie(req, SESSION_COOKIE);
  return cookie !== null && safeEqual(cookie, sessionSecret);
}

export function sessionCookie(secret: string): string {
  return `${SESSION_COOKIE}=${secret}; HttpOnly; SameSite=Strict; Path=/`;
}
