/**
 * A WebSocket that comes back: the events stream must survive a server restart or
 * a laptop sleep, so a closed socket is reopened after a growing delay.
 */
export interface MinimalSocket {
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  send(data: string): void;
  close(): void;
}

/** Opens a socket; `protocols` carry the tab's credential (see http-backend.ts). */
export type SocketFactory = (url: string, protocols: string[]) => MinimalSocket;

export interface ReconnectingSocketOptions {
  url: string;
  factory: (url: string) => MinimalSocket;
  backoff: (attempt: number) => number;
  onMessage: (data: string) => void;
  onOpen?: () => void;
  onClose?: () => void;
}

export class ReconnectingSocket {
  private socket: MinimalSocket | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running = false;

  constructor(private readonly options: ReconnectingSocketOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.connect();
  }

  stop(): void {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close();
    }
  }

  private connect(): void {
    let socket: MinimalSocket;
    try {
      socket = this.options.factory(this.options.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.options.onOpen?.();
    };
    socket.onmessage = (ev) => {
      if (typeof ev.data === 'string') this.options.onMessage(ev.data);
    };
    // Errors are always followed by close; reconnecting there handles both.
    socket.onerror = () => undefined;
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.options.onClose?.();
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (!this.running) return;
    const delay = this.options.backoff(this.attempt++);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.running) this.connect();
    }, delay);
  }
}
