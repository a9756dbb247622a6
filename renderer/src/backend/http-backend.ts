/**
 * Browser-mode backend: the Studio API over HTTP (POST /api/studio/<method>),
 * host events over a reconnecting WebSocket (/api/events) and A2E over WS /a2e.
 * Auth rides on the same-origin session cookie the server set when the page was
 * opened with ?token= (or an explicit bearer token, used by non-browser clients).
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
import { StudioError, isStudioErrorPayload } from './studio-error';
import { parseStudioEvent } from './event-parse';
import { ReconnectingSocket, type SocketFactory, type MinimalSocket } from './reconnecting-socket';

export interface HttpBackendOptions {
  /** Origin of the server, e.g. "http://127.0.0.1:4321". */
  origin: string;
  /** Bearer token for clients without the session cookie. */
  token?: string | null;
  fetchImpl?: typeof fetch;
  /** Creates sockets; defaults to the browser's WebSocket. */
  socketFactory?: SocketFactory;
  /** Delay before reconnect attempt n (0-based). */
  backoff?: (attempt: number) => number;
}

export interface ConnectionAware {
  /** Notified when the event stream goes up or down. */
  onConnection(listener: (connected: boolean) => void): () => void;
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

function browserSocketFactory(url: string): MinimalSocket {
  return new WebSocket(url) as unknown as MinimalSocket;
}

export function createHttpBackend(options: HttpBackendOptions): HttpBackend {
  const fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));
  const socketFactory = options.socketFactory ?? browserSocketFactory;
  const listeners = new Set<(event: StudioEvent) => void>();
  const connectionListeners = new Set<(connected: boolean) => void>();
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let everConnected = false;

  const events = new ReconnectingSocket({
    url: wsUrl(options.origin, STUDIO_EVENTS_PATH),
    factory: socketFactory,
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
    },
  });

  async function call<M extends StudioMethod>(
    method: M,
    params: ParamsOf<M>,
  ): Promise<ResultOf<M>> {
    let response: Response;
    try {
      response = await fetchImpl(new URL(STUDIO_HTTP_PREFIX + method, options.origin).toString(), {
        method: 'POST',
        headers,
        body: JSON.stringify(params ?? {}),
        credentials: 'same-origin',
      });
    } catch (err) {
      throw new StudioError(
        'internal',
        `The studio server did not answer (${err instanceof Error ? err.message : String(err)}).`,
      );
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
    if (!response.ok) {
      const payload = (body as { error?: unknown } | null)?.error;
      if (isStudioErrorPayload(payload)) throw new StudioError(payload.code, payload.message);
      throw new StudioError('internal', `HTTP ${response.status} from ${method}.`);
    }
    return body as ResultOf<M>;
  }

  function a2e(agent: string | null, onMessage: (msg: A2EOutbound) => void): A2EConnection {
    const path = agent === null ? A2E_WS_PATH : `${A2E_WS_PATH}?agent=${encodeURIComponent(agent)}`;
    const socket = socketFactory(wsUrl(options.origin, path));
    const queue: string[] = [];
    let open = false;
    socket.onopen = () => {
      open = true;
      for (const frame of queue.splice(0)) socket.send(frame);
    };
    socket.onmessage = (ev) => {
      if (typeof ev.data !== 'string') return;
      try {
        onMessage(JSON.parse(ev.data) as A2EOutbound);
      } catch {
        // A frame that is not JSON is the server's bug; dropping it keeps the connection usable.
      }
    };
    return {
      send(msg: A2ERequest) {
        const frame = JSON.stringify(msg);
        if (open) socket.send(frame);
        else queue.push(frame);
      },
      close() {
        socket.close();
      },
    };
  }

  return {
    kind: 'http',
    call,
    a2e,
    onEvent(listener) {
      listeners.add(listener);
      events.start();
      return () => listeners.delete(listener);
    },
    onConnection(listener) {
      connectionListeners.add(listener);
      return () => connectionListeners.delete(listener);
    },
    dispose() {
      events.stop();
      listeners.clear();
      connectionListeners.clear();
    },
  };
}
