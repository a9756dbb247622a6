/**
 * A call's A2E WebSocket, off the main thread (browser mode). A flood of small
 * frames costs the page a task per frame; here the worker takes them, parses
 * them, and hands the page one batch every ~16 ms, so the page's main thread
 * stays free to paint while 100,000 events stream in.
 *
 * Page → worker: {type:'open', url, protocols} · {type:'send', frame} · {type:'close'}
 * (`protocols` carry the tab's session token: see shared/api/session-credentials.ts)
 * Worker → page: {type:'batch', messages} · {type:'response', message, wire, events}
 *                · {type:'closed', code, reason}
 */

type Inbound =
  | { type: 'open'; url: string; protocols: string[] }
  | { type: 'send'; frame: string }
  | { type: 'close' };

const scope = self as unknown as {
  postMessage(msg: unknown): void;
  onmessage: ((e: MessageEvent<Inbound>) => void) | null;
  close(): void;
};

let socket: WebSocket | null = null;
const outbox: string[] = [];
let batch: unknown[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
const BATCH_MS = 16;
/** Responses longer than this (characters) travel slim, with their wire text beside. */
const BIG_RESPONSE = 256 * 1024;
let streamed = 0;

function flush(): void {
  timer = null;
  if (batch.length === 0) return;
  const messages = batch;
  batch = [];
  scope.postMessage({ type: 'batch', messages });
}

scope.onmessage = (e) => {
  const msg = e.data;
  if (msg.type === 'open') {
    socket = new WebSocket(msg.url, msg.protocols);
    socket.onopen = () => {
      for (const f of outbox.splice(0)) socket?.send(f);
    };
    socket.onmessage = (ev) => {
      if (typeof ev.data !== 'string') return;
      let msg: { type?: string; data?: { events?: unknown[] } | null };
      try {
        msg = JSON.parse(ev.data) as typeof msg;
      } catch {
        // Not JSON: the server's bug; dropping it keeps the call usable.
        return;
      }
      if (msg.type === 'skill/event') streamed++;
      const events = msg.type === 'skill/call/resp' ? msg.data?.events : undefined;
      if (events && events.length > 0 && streamed > 0 && ev.data.length > BIG_RESPONSE) {
        // The response repeats every streamed event: cloning them all to the page would
        // stall it once at the end. The page gets the response without them, plus the
        // exact wire text (one string copy) for the raw view.
        const slim = { ...msg, data: { ...msg.data } };
        delete slim.data.events;
        flush();
        scope.postMessage({
          type: 'response',
          message: slim,
          wire: ev.data,
          events: events.length,
        });
        return;
      }
      batch.push(msg);
      timer ??= setTimeout(flush, BATCH_MS);
    };
    socket.onclose = (ev) => {
      if (timer) clearTimeout(timer);
      flush();
      scope.postMessage({ type: 'closed', code: ev.code, reason: ev.reason });
      scope.close();
    };
  } else if (msg.type === 'send') {
    if (socket?.readyState === WebSocket.OPEN) socket.send(msg.frame);
    else outbox.push(msg.frame);
  } else if (msg.type === 'close') {
    socket?.close();
  }
};
