/**
 * Browser-mode backend: the Studio API over HTTP (POST /api/studio/<method>),
 * host events over a reconnecting WebSocket (/api/events) and A2E over WS /a2e.
 * Every request carries the tab's token (see session.ts) as `Authorization: Bearer`,
 * every WebSocket as a subprotocol: browsers cannot set headers on a WebSocket, and
 * a cookie would also reach other servers on 127.0.0.1 (cookies ignore the port).
 */
import {
  A2E_WS_PATH,
  STUDIO_EVENTS_PATH,
  STUDIO_HTTP_PREFIX,
  type A2EConnection,
  type Backend,
  type ParamsOf,
  type ResultOf,
  type StudioEvent,
  type StudioMethod,
} from '../../../shared/api/studio-api';
import type { A2EOutbound, A2ERequest } from '../../../shared/protocol/a2e';
import { webSocketProtocols } from '../../../shared/api/session-credentials';
import { StudioError, isStudioErrorPayload } from './studio-error';
import { parseStudioEvent } from './event-parse';
import { ReconnectingSocket, type SocketFactory, type MinimalSocket } from './reconnecting-socket';
import { errorMessage } from '../../../shared/errors';
import { openWorkerSocket } from './a2e-worker-socket';
import { exchangeLink, keepSession } from './session';

export interface HttpBackendOptions {
  /** Origin of the server, e.g. "http://127.0.0.1:4321". */
  origin: string;
  /** The tab's session token (or an API token), possibly still being signed in for. */
  token?: string | null | Promise<string | null>;
  fetchImpl?: typeof fetch;
  /** Creates sockets; defaults to the browser's WebSocket. */
  socketFactory?: SocketFactory;
  /** Delay before reconnect attempt n (0-based). */
  backoff?: (attempt: number) => number;
  /** Where a new session is kept for reloads (the tab's sessionStorage). */
  sessionStorage?: Pick<Storage, 'setItem'> | null;
}

export interface ConnectionAware {
  /** Notified when the event stream goes up or down. */
  onConnection(listener: (connected: boolean) => void): () => void;
  /**
   * Notified when the server no longer knows this tab's session (it restarted, or the
   * session was never there): reconnecting cannot help, a new sign-in link can.
   */
  onSignedOut(listener: (signedOut: boolean) => void): () => void;
  /** Signs this tab in again with a fresh one-time link code, without reloading the page. */
  signIn(linkCode: string): Promise<boolean>;
}

export type HttpBackend = Backend & ConnectionAware & { dispose(): void };

export function defaultBackoff(attempt: number): number {
  return Math.min(250 * 2 ** attempt, 5000);
}

function wsUrl(origin: string, path: string): string {
  const url = new URL(path, origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

function browserSocketFactory(url: string, protocols: string[]): MinimalSocket {
  return new WebSocket(url, protocols) as unknown as MinimalSocket;
}

export function createHttpBackend(options: HttpBackendOptions): HttpBackend {
  const fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));
  const socketFactory = options.socketFactory ?? browserSocketFactory;
  const listeners = new Set<(event: StudioEvent) => void>();
  const connectionListeners = new Set<(connected: boolean) => void>();
  const signedOutListeners = new Set<(signedOut: boolean) => void>();
  let signedOut = false;
  const credential = Promise.resolve(options.token ?? null);
  let everConnected = false;
  let disposed = false;
  let resolvedToken: string | null = null;
  const ready = credential.then(
    (token) => {
      resolvedToken = token;
    },
    () => undefined,
  );

  const events = new ReconnectingSocket({
    url: wsUrl(options.origin, STUDIO_EVENTS_PATH),
    // Only started once the credential is known (see onEvent).
    factory: (url) => socketFactory(url, webSocketProtocols(resolvedToken)),
    backoff: options.backoff ?? defaultBackoff,
    onMessage(data) {
      const event = parseStudioEvent(data);
      if (event) for (const l of [...listeners]) l(event);
    },
    onOpen() {
      for (const l of [...connectionListeners]) l(true);
      // Events may have been missed while the stream was down: ask everyone to re-read.
      if (everConnected) {
        const resync: StudioEvent = { type: 'skills.changed', added: [], changed: [], removed: [] };
        for (const l of [...listeners]) l(resync);
      }
      everConnected = true;
    },
    onClose() {
      for (const l of [...connectionListeners]) l(false);
      // A closed stream is a server that is gone or one that no longer knows this tab.
      // A WebSocket cannot tell which; one API call can (401 marks the tab signed out).
      if (!signedOut) void call('workspace.info', {}).catch(() => undefined);
    },
  });

  function setSignedOut(value: boolean): void {
    if (signedOut === value) return;
    signedOut = value;
    // Signed out, retrying the stream only knocks on a locked door: wait for a new link.
    if (value) events.stop();
    else if (!disposed && listeners.size > 0) events.start();
    for (const l of [...signedOutListeners]) l(value);
  }

  async function signIn(linkCode: string): Promise<boolean> {
    const token = await exchangeLink(fetchImpl, options.origin, linkCode);
    if (token === null) return false;
    resolvedToken = token;
    if (options.sessionStorage) keepSession(options.sessionStorage, token);
    setSignedOut(false);
    return true;
  }

  async function call<M extends StudioMethod>(
    method: M,
    params: ParamsOf<M>,
  ): Promise<ResultOf<M>> {
    await ready;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (resolvedToken) headers.authorization = `Bearer ${resolvedToken}`;
    let response: Response;
    try {
      response = await fetchImpl(new URL(STUDIO_HTTP_PREFIX + method, options.origin).toString(), {
        method: 'POST',
        headers,
        body: JSON.stringify(params ?? {}),
        credentials: 'omit',
      });
    } catch (err) {
      throw new StudioError('internal', `The studio server did not answer (${errorMessage(err)}).`);
    }
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      throw new StudioError(
        'internal',
        `The studio server sent a reply that is not JSON (HTTP ${response.status}).`,
      );
    }
    if (response.status === 401) setSignedOut(true);
    if (!response.ok) {
      const payload = (body as { error?: unknown } | null)?.error;
      if (isStudioErrorPayload(payload)) throw new StudioError(payload.code, payload.message);
      // Not signed in: the server's message says how to sign in.
      const message = (payload as { message?: unknown } | undefined)?.message;
      if (response.status === 401 && typeof message === 'string')
        throw new StudioError('internal', message);
      throw new StudioError('internal', `HTTP ${response.status} from ${method}.`);
    }
    return body as ResultOf<M>;
  }

  /** `/a2e` for an agent, or for a remote host the server opens for us (`?host=ID`). */
  function a2ePath(agent: string | null, host: string | null): string {
    if (host !== null) return `${A2E_WS_PATH}?host=${encodeURIComponent(host)}`;
    return agent === null ? A2E_WS_PATH : `${A2E_WS_PATH}?agent=${encodeURIComponent(agent)}`;
  }

  function a2e(
    agent: string | null,
    onMessage: (msg: A2EOutbound) => void,
    host: string | null = null,
  ): A2EConnection {
    const url = wsUrl(options.origin, a2ePath(agent, host));
    const queue: string[] = [];
    let socket: MinimalSocket | null = null;
    let open = false;
    let closed = false;
    void ready.then(() => {
      if (closed) return;
      const s = socketFactory(url, webSocketProtocols(resolvedToken));
      socket = s;
      s.onopen = () => {
        open = true;
        for (const frame of queue.splice(0)) s.send(frame);
      };
      s.onmessage = (ev) => {
        if (typeof ev.data !== 'string') return;
        try {
          onMessage(JSON.parse(ev.data) as A2EOutbound);
        } catch {
          // A frame that is not JSON is the server's bug; dropping it keeps the connection usable.
        }
      };
    });
    return {
      send(msg: A2ERequest) {
        const frame = JSON.stringify(msg);
        if (open && socket) socket.send(frame);
        else queue.push(frame);
      },
      close() {
        closed = true;
        socket?.close();
      },
    };
  }

  /** The /a2e URL for an agent, and the session's subprotocols once signed in. */
  async function a2eTarget(
    agent: string | null,
    host: string | null,
  ): Promise<{ url: string; protocols: string[] }> {
    await ready;
    return {
      url: wsUrl(options.origin, a2ePath(agent, host)),
      protocols: webSocketProtocols(resolvedToken),
    };
  }

  return {
    call,
    a2e,
    a2eStream: (agent, onBatch, host = null) =>
      typeof Worker === 'undefined'
        ? a2e(agent, (msg) => onBatch([msg]), host)
        : openWorkerSocket(a2eTarget(agent, host), onBatch),
    onEvent(listener) {
      listeners.add(listener);
      void ready.then(() => {
        if (!disposed) events.start();
      });
      return () => listeners.delete(listener);
    },
    onConnection(listener) {
      connectionListeners.add(listener);
      return () => connectionListeners.delete(listener);
    },
    onSignedOut(listener) {
      signedOutListeners.add(listener);
      return () => signedOutListeners.delete(listener);
    },
    signIn,
    dispose() {
      disposed = true;
      events.stop();
      listeners.clear();
      connectionListeners.clear();
      signedOutListeners.clear();
    },
  };
}
