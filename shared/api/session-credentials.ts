/**
 * How a browser tab proves it is signed in to `skill-studio serve` (docs/contracts.md, Local
 * server). Cookies are not scoped by port, so another server on 127.0.0.1 would receive
 * one; the tab instead keeps a session token in sessionStorage (per origin, per
 * tab) and sends it as `Authorization: Bearer` on HTTP and as a WebSocket
 * subprotocol (browsers cannot set headers on a WebSocket).
 *
 *   GET  /?token=LINK            the printed one-time link: the page reads LINK…
 *   POST /api/session {link}     …and exchanges it, once, for {token}
 *   POST /api/session/link       (signed in) a fresh one-time link, for another tab
 */
export const SESSION_PATH = '/api/session';
export const SESSION_LINK_PATH = '/api/session/link';
/** The query parameter of the printed link (its value is a single-use link code). */
export const LINK_QUERY = 'token';
/** The subprotocol the server selects; the token rides in a second one it never echoes. */
export const WS_PROTOCOL = 'skill-studio';
export const WS_TOKEN_PROTOCOL_PREFIX = 'skill-studio.token.';
/** Where a tab keeps its session token (sessionStorage: survives a reload, not a new tab). */
export const SESSION_STORAGE_KEY = 'skill-studio.session';

export interface SessionExchangeRequest {
  link: string;
}
export interface SessionExchangeResult {
  token: string;
}
export interface SessionLinkResult {
  url: string;
}

/** The subprotocols a browser offers to carry `token` on a WebSocket upgrade. */
export function webSocketProtocols(token: string | null): string[] {
  return token ? [WS_PROTOCOL, WS_TOKEN_PROTOCOL_PREFIX + token] : [];
}
