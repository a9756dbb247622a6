/**
 * Everything one call shows, folded from its A2E messages as they arrive. Each
 * message costs O(1): the latest progress replaces the last, logs and statuses
 * are appended, artifact chunks go to the assembler, and the raw message is
 * kept for the raw view. Views read the model after a batch (one animation
 * frame) and re-render; nothing here walks the whole history per event.
 */
import type {
  A2EOutbound,
  A2ERequest,
  SkillCallResponse,
  SkillEvent,
  SkillResult,
  TransportError,
} from '../protocol/a2e';
import { ArtifactAssembler } from './artifacts';

export interface LogLine {
  seq: number;
  ts: number;
  level: string;
  message: string;
}

export interface StatusLine {
  seq: number;
  ts: number;
  message: string;
}

export interface RawEntry {
  /** out: sent by the studio; in: received from the host. */
  dir: 'out' | 'in';
  msg: A2EOutbound | A2ERequest;
}

export type RunPhase = 'running' | 'done' | 'cancelled' | 'failed';

/** How a finished call ended, for history and badges. */
export type RunOutcome = 'success' | 'failed' | 'refused' | 'cancelled';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;

/** Log levels as skills write them ("warning", "ERR", …) folded onto four. */
export function normaliseLevel(level: unknown): string {
  const l = typeof level === 'string' ? level.toLowerCase() : 'info';
  if (l.startsWith('warn')) return 'warn';
  if (l.startsWith('err') || l === 'fatal' || l === 'critical') return 'error';
  if (l === 'debug' || l === 'trace') return 'debug';
  return 'info';
}

export class RunModel {
  readonly raw: RawEntry[] = [];
  readonly logs: LogLine[] = [];
  readonly statuses: StatusLine[] = [];
  readonly artifacts = new ArtifactAssembler();
  readonly counts = { progress: 0, log: 0, status: 0, artifact: 0 };
  readonly levelCounts: Record<string, number> = { debug: 0, info: 0, warn: 0, error: 0 };
  progress: { pct: number; message: string } | null = null;
  response: SkillCallResponse | null = null;
  /** A protocol-level error reply to our request (parse_error, invalid_message). */
  protocolError: TransportError | null = null;
  phase: RunPhase = 'running';
  /** Set when the studio cancelled (closed the connection) before the response. */
  cancelledAt: number | null = null;
  finishedAt: number | null = null;
  /** Events whose seq was not the next expected one (should stay 0). */
  seqGaps = 0;
  private nextSeq = 0;
  /** Bumped on every change, so views can tell a new batch from an old one. */
  version = 0;

  constructor(
    readonly request: A2ERequest & { type: 'skill/call/req' },
    readonly startedAt: number,
  ) {
    this.raw.push({ dir: 'out', msg: request });
  }

  /** The bar's fill: a finished run is whole, whatever its last progress said; otherwise that. */
  get shownPct(): number {
    if (this.phase === 'done') return 100;
    return this.progress?.pct ?? 0;
  }

  get events(): number {
    return this.counts.progress + this.counts.log + this.counts.status + this.counts.artifact;
  }

  /** One message from the host. Messages of other requests are ignored. */
  apply(msg: A2EOutbound, now: number): void {
    if (this.phase !== 'running') return;
    if (msg.type === 'skill/event') {
      if (msg.req_id !== this.request.id) return;
      this.raw.push({ dir: 'in', msg });
      this.applyEvent(msg);
    } else if (msg.type === 'skill/call/resp') {
      if (msg.req_id !== this.request.id) return;
      this.raw.push({ dir: 'in', msg });
      this.finish(msg, now);
    } else if (msg.type === 'error') {
      if (msg.req_id !== '' && msg.req_id !== this.request.id) return;
      this.raw.push({ dir: 'in', msg });
      this.protocolError = msg.error;
      this.phase = 'failed';
      this.finishedAt = now;
    }
    this.version++;
  }

  private applyEvent(ev: SkillEvent): void {
    if (ev.seq !== this.nextSeq) this.seqGaps++;
    this.nextSeq = ev.seq + 1;
    const d = ev.data ?? {};
    switch (ev.kind) {
      case 'progress': {
        this.counts.progress++;
        const pct =
          typeof d.pct === 'number' && Number.isFinite(d.pct)
            ? Math.max(0, Math.min(100, d.pct))
            : (this.progress?.pct ?? 0);
        this.progress = { pct, message: typeof d.message === 'string' ? d.message : '' };
        break;
      }
      case 'log': {
        this.counts.log++;
        const level = normaliseLevel(d.level);
        this.levelCounts[level] = (this.levelCounts[level] ?? 0) + 1;
        this.logs.push({
          seq: ev.seq,
          ts: ev.ts,
          level,
          message: typeof d.message === 'string' ? d.message : JSON.stringify(d.message ?? ''),
        });
        break;
      }
      case 'status':
        this.counts.status++;
        this.statuses.push({
          seq: ev.seq,
          ts: ev.ts,
          message: typeof d.message === 'string' ? d.message : JSON.stringify(d.message ?? ''),
        });
        break;
      case 'artifact':
        this.counts.artifact++;
        this.artifacts.add(ev.seq, d);
        break;
    }
  }

  private finish(resp: SkillCallResponse, now: number): void {
    this.response = resp;
    this.finishedAt = now;
    // streaming:false pushes nothing, but the result still holds every event.
    if (this.events === 0 && resp.data?.events && resp.data.events.length > 0) {
      for (const ev of resp.data.events) this.applyEvent(ev);
    }
    if (resp.data?.cancelled) this.phase = 'cancelled';
    else if (resp.error || !resp.data?.success) this.phase = 'failed';
    else this.phase = 'done';
  }

  /**
   * The studio closed the connection: the host cancels the call and sends nothing
   * more, so the result is made here, saying so.
   */
  cancel(now: number): void {
    if (this.phase !== 'running') return;
    this.cancelledAt = now;
    this.finishedAt = now;
    this.phase = 'cancelled';
    this.version++;
  }

  /** The result to show: the host's, or the one made at cancel time. */
  result(): SkillResult | null {
    if (this.response?.data) return this.response.data;
    if (this.cancelledAt !== null) {
      return {
        success: false,
        error: 'Cancelled: the studio closed the call’s connection, so the host stopped the skill.',
        error_code: 'cancelled',
        cancelled: true,
        duration_ms: Math.max(0, this.cancelledAt - this.startedAt),
        truncated: false,
      };
    }
    return null;
  }

  /** The transport error of a refused call (unauthorized, schema_violation, …). */
  transportError(): TransportError | null {
    return this.response?.error ?? this.protocolError;
  }

  outcome(): RunOutcome | null {
    if (this.phase === 'running') return null;
    if (this.phase === 'cancelled') return 'cancelled';
    if (this.transportError()) return 'refused';
    return this.response?.data?.success ? 'success' : 'failed';
  }

  /** Every event of the call so far (received, or held in the result). */
  allEvents(): SkillEvent[] {
    const out: SkillEvent[] = [];
    for (const r of this.raw) if (r.msg.type === 'skill/event') out.push(r.msg);
    if (out.length === 0 && this.response?.data?.events) return this.response.data.events;
    return out;
  }
}

/**
 * A filtered view of a growing log (level set + search text) kept up to date
 * incrementally: each refresh scans only the lines added since the last one;
 * changing the filter rescans once.
 */
export class LogIndex {
  private indices: number[] = [];
  private scanned = 0;
  private key = '';

  constructor(private source: readonly LogLine[]) {}

  /** Indices into the source of the lines that pass the filter. */
  update(
    source: readonly LogLine[],
    levels: ReadonlySet<string>,
    search: string,
  ): readonly number[] {
    const key = [...levels].sort().join(',') + '\u0000' + search.toLowerCase();
    if (source !== this.source || key !== this.key) {
      this.source = source;
      this.key = key;
      this.indices = [];
      this.scanned = 0;
    }
    const needle = search.toLowerCase();
    for (let i = this.scanned; i < source.length; i++) {
      const line = source[i];
      if (!levels.has(line.level)) continue;
      if (needle !== '' && !line.message.toLowerCase().includes(needle)) continue;
      this.indices.push(i);
    }
    this.scanned = source.length;
    return this.indices;
  }
}
