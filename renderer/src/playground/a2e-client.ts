/**
 * The playground's A2E client over the window's Backend: discovery on a short-lived
 * connection bound to the chosen agent (so its allowlist applies exactly as for an
 * outside agent), and calls on a connection of their own each — closing it is
 * how a call is cancelled.
 */
import { A2E_WS_PATH, type A2EConnection } from '../../../shared/api/studio-api';
import type {
  A2EOutbound,
  A2ERequest,
  SkillCallRequest,
  SkillDefinition,
} from '../../../shared/protocol/a2e';
import { makeDiscoverRequest } from '../../../shared/protocol/messages';
import { backend } from '../backend/current';
import { storedSessionToken } from '../backend/session';
import { webSocketProtocols } from '../../../shared/api/session-credentials';

class DiscoverError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** skill/discover/req as `agent`, answered with the skills it may use. */
export function discover(
  agent: string | null,
  filter: { tags?: string[]; categories?: string[] } = {},
  timeoutMs = 15_000,
): Promise<SkillDefinition[]> {
  return new Promise((resolve, reject) => {
    const req = makeDiscoverRequest({
      filter_tags: filter.tags ?? [],
      filter_categories: filter.categories ?? [],
    });
    let conn: A2EConnection | null = null;
    const timer = setTimeout(() => {
      conn?.close();
      reject(
        new DiscoverError('timeout', 'The studio did not answer the discovery request in time.'),
      );
    }, timeoutMs);
    conn = backend().a2e(agent, (msg: A2EOutbound) => {
      if (msg.type === 'skill/discover/resp' && msg.req_id === req.id) {
        clearTimeout(timer);
        conn?.close();
        if (msg.error) reject(new DiscoverError(msg.error.code, msg.error.message));
        else resolve(msg.skills);
      } else if (msg.type === 'error') {
        clearTimeout(timer);
        conn?.close();
        reject(new DiscoverError(msg.error.code, msg.error.message));
      }
    });
    conn.send(req);
  });
}

export interface CallConnection extends A2EConnection {
  /** Set once the transport is gone without our close (refused agent, server stopped). */
  onLost?: (why: string) => void;
}

/**
 * Opens a connection for one call; `onBatch` receives its events and response,
 * several at a time. In browser mode the WebSocket lives in a worker (see
 * a2e-socket.worker.ts) so a flood of frames never queues a task per frame on
 * the page; the desktop app's IPC bridge delivers them one by one.
 */
export function openCall(
  agent: string | null,
  req: SkillCallRequest,
  onBatch: (msgs: A2EOutbound[]) => void,
): CallConnection {
  const b = backend();
  const conn: CallConnection =
    b.kind === 'http' && typeof Worker !== 'undefined'
      ? openWorkerSocket(agent, onBatch)
      : b.a2e(agent, (msg) => onBatch([msg]));
  conn.send(req);
  return conn;
}

function a2eUrl(agent: string | null): string {
  const url = new URL(A2E_WS_PATH, window.location.origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  if (agent !== null) url.searchParams.set('agent', agent);
  return url.toString();
}

type WorkerReply =
  | { type: 'batch'; messages: A2EOutbound[] }
  | { type: 'response'; message: A2EOutbound; wire: string; events: number }
  | { type: 'closed'; code: number; reason: string };

/**
 * The exact text a message arrived as, for messages the page holds in a slimmer
 * form (a large final response without the events it repeats). The raw view
 * shows and copies this text.
 */
export const wireText = new WeakMap<object, string>();

function openWorkerSocket(
  agent: string | null,
  onBatch: (msgs: A2EOutbound[]) => void,
): CallConnection {
  const worker = new Worker(new URL('./a2e-socket.worker.ts', import.meta.url), { type: 'module' });
  let closedByUs = false;
  const conn: CallConnection = {
    send(msg: A2ERequest) {
      worker.postMessage({ type: 'send', frame: JSON.stringify(msg) });
    },
    close() {
      closedByUs = true;
      worker.postMessage({ type: 'close' });
    },
  };
  worker.onmessage = (e: MessageEvent<WorkerReply>) => {
    const m = e.data;
    if (m.type === 'batch') {
      onBatch(m.messages);
      return;
    }
    if (m.type === 'response') {
      wireText.set(m.message, m.wire);
      onBatch([m.message]);
      return;
    }
    worker.terminate();
    if (!closedByUs) conn.onLost?.(m.reason || `the connection closed (code ${m.code})`);
  };
  worker.onerror = (e) => {
    worker.terminate();
    if (!closedByUs) conn.onLost?.(e.message || 'the connection worker failed');
  };
  worker.postMessage({
    type: 'open',
    url: a2eUrl(agent),
    protocols: webSocketProtocols(storedSessionToken()),
  });
  return conn;
}
