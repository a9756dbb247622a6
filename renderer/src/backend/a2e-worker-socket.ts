/**
 * A call's A2E WebSocket in a worker (browser mode): a flood of small frames would cost
 * the page a task per frame, so a2e-socket.worker.ts takes them and hands the page one
 * batch every ~16 ms. The http backend offers this as its `a2eStream`.
 */
import type { A2EStream } from '../../../shared/api/studio-api';
import type { A2EOutbound, A2ERequest } from '../../../shared/protocol/a2e';
import { errorMessage } from '../../../shared/errors';

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

/**
 * Opens the socket once `target` is known (the URL and the session's subprotocols may
 * wait on sign-in); sends before that are queued by the worker, a close before that
 * means the socket is never opened.
 */
export function openWorkerSocket(
  target: Promise<{ url: string; protocols: string[] }>,
  onBatch: (msgs: A2EOutbound[]) => void,
): A2EStream {
  const worker = new Worker(new URL('./a2e-socket.worker.ts', import.meta.url), { type: 'module' });
  let closedByUs = false;
  const conn: A2EStream = {
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
  void target.then(
    ({ url, protocols }) => {
      if (closedByUs) worker.terminate();
      else worker.postMessage({ type: 'open', url, protocols });
    },
    (err: unknown) => {
      worker.terminate();
      if (!closedByUs) conn.onLost?.(errorMessage(err));
    },
  );
  return conn;
}
