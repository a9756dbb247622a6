/**
 * A StudioHost stand-in for main-process tests (`vi.mock('../host/studio-host', …)`): the
 * tests are about the wiring between Electron and the host, so the host only records what
 * reaches it and answers with what a test sets.
 */
import type { StudioEvent } from '../../../shared/api/studio-api';

export interface HostCall {
  method: string;
  params: unknown;
}

export interface FakeConnection {
  agent: string | null;
  send: (frame: string) => void;
  received: string[];
  closed: boolean;
  receive(frame: string): void;
  close(): void;
}

/** Set before the main process starts; read by `StudioHost.create` and `call`. */
export const hostSetup: {
  recent: string[];
  failWith: Error | null;
  /** What `call` answers per method (else null; `workspace.info` gives `recent`). */
  results: Record<string, unknown>;
} = {
  recent: [],
  failWith: null,
  results: {},
};

export const createdHosts: StudioHost[] = [];

/** Back to no hosts and the default setup (the mocked module outlives `vi.resetModules()`). */
export function resetFakeHost(): void {
  createdHosts.length = 0;
  hostSetup.recent = [];
  hostSetup.failWith = null;
  hostSetup.results = {};
}

export class StudioHost {
  readonly calls: HostCall[] = [];
  readonly connections: FakeConnection[] = [];
  closed = false;
  private readonly listeners = new Set<(e: StudioEvent) => void>();

  private constructor(readonly options: Record<string, unknown>) {}

  static async create(options: Record<string, unknown>): Promise<StudioHost> {
    if (hostSetup.failWith) throw hostSetup.failWith;
    const host = new StudioHost(options);
    createdHosts.push(host);
    return host;
  }

  async call(method: string, params: unknown): Promise<{ ok: true; result: unknown }> {
    this.calls.push({ method, params });
    if (method in hostSetup.results) return { ok: true, result: hostSetup.results[method] };
    return { ok: true, result: method === 'workspace.info' ? { recent: hostSetup.recent } : null };
  }

  /** The typed door: the same recorded call, its result or a thrown refusal. */
  async invoke(method: string, params: unknown): Promise<unknown> {
    const res = await this.call(method, params);
    return res.result;
  }

  onEvent(listener: (e: StudioEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Plays the host emitting an event. */
  emit(event: StudioEvent): void {
    for (const l of this.listeners) l(event);
  }

  openA2E(agent: string | null, send: (frame: string) => void): FakeConnection {
    const conn: FakeConnection = {
      agent,
      send,
      received: [],
      closed: false,
      receive(frame) {
        this.received.push(frame);
      },
      close() {
        this.closed = true;
      },
    };
    this.connections.push(conn);
    return conn;
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}
