/**
 * Two kept calls side by side: which arguments differ (leaf by leaf), how their
 * events compare (counts, levels, artifacts, last progress), and how their
 * results compare (success, summary, error, duration, data; for model runs the model,
 * turns, tokens and time to first token).
 */
import type { HistoryEntry } from './history';
import { formatTokens, runStats, type RunStats } from './transcript';
import { escapeSegment, isPlainObject } from './json-path';
import { AGENT_CLIENT_NAMES } from '../skill/client-ids';

export interface ArgChange {
  pointer: string;
  change: 'added' | 'removed' | 'changed';
  a?: unknown;
  b?: unknown;
}

export interface DiffRow {
  label: string;
  a: string;
  b: string;
  same: boolean;
}

export interface RunDiff {
  arguments: ArgChange[];
  events: DiffRow[];
  result: DiffRow[];
  /** Where each ran (the studio or an agent client) and which skills the client activated. */
  client: DiffRow[];
  /** Each run's final text (the answer), for reading side by side; null when it gave none. */
  answers: { a: string | null; b: string | null };
}

/** "Claude Code 2.1.332", or "the studio" for a call the studio ran itself. */
export function ranIn(e: HistoryEntry): string {
  const c = e.agent_client;
  if (!c) return 'the studio';
  return c.version ? `${AGENT_CLIENT_NAMES[c.id]} ${c.version}` : AGENT_CLIENT_NAMES[c.id];
}

/** The skills the client activated, in order (a client run's metadata.activated_skills). */
export function activatedSkills(e: HistoryEntry): string[] | null {
  const list = e.result?.metadata?.activated_skills;
  return Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string') : null;
}

/** The run's final text: its `data.answer` (model and client runs), else its summary. */
export function finalText(e: HistoryEntry): string | null {
  const data = e.result?.data;
  const answer = isPlainObject(data) && typeof data.answer === 'string' ? data.answer : null;
  if (answer !== null) return answer;
  const summary = e.result?.summary;
  return summary === undefined || summary === null ? null : text(summary);
}

/** Leaves of a JSON value by pointer (empty objects and arrays count as leaves). */
export function flattenJson(
  value: unknown,
  at = '',
  out = new Map<string, unknown>(),
): Map<string, unknown> {
  if (isPlainObject(value) && Object.keys(value).length > 0) {
    for (const [k, v] of Object.entries(value)) flattenJson(v, `${at}/${escapeSegment(k)}`, out);
  } else if (Array.isArray(value) && value.length > 0) {
    value.forEach((v, i) => flattenJson(v, `${at}/${i}`, out));
  } else {
    out.set(at, value);
  }
  return out;
}

export function diffArguments(a: unknown, b: unknown): ArgChange[] {
  const fa = flattenJson(a);
  const fb = flattenJson(b);
  const out: ArgChange[] = [];
  for (const [p, va] of fa) {
    if (!fb.has(p)) out.push({ pointer: p, change: 'removed', a: va });
    else if (JSON.stringify(va) !== JSON.stringify(fb.get(p)))
      out.push({ pointer: p, change: 'changed', a: va, b: fb.get(p) });
  }
  for (const [p, vb] of fb) if (!fa.has(p)) out.push({ pointer: p, change: 'added', b: vb });
  return out.sort((x, y) => (x.pointer < y.pointer ? -1 : x.pointer > y.pointer ? 1 : 0));
}

function text(v: unknown): string {
  if (v === undefined || v === null) return '—';
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}

function row(label: string, a: unknown, b: unknown): DiffRow {
  const ta = text(a);
  const tb = text(b);
  return { label, a: ta, b: tb, same: ta === tb };
}

function levels(l: Record<string, number>): string {
  const parts = Object.entries(l)
    .filter(([, n]) => n > 0)
    .sort(([x], [y]) => (x < y ? -1 : 1))
    .map(([k, n]) => `${k} ${n}`);
  return parts.length ? parts.join(', ') : '—';
}

function artifacts(list: HistoryEntry['summary']['artifacts']): string {
  return list.length
    ? list.map((x) => `${x.name} (${x.chars} chars${x.complete ? '' : ', incomplete'})`).join(', ')
    : '—';
}

/** A model run's figures side by side (model, turns, tokens, time to first token). */
function modelRows(a: HistoryEntry, b: HistoryEntry): DiffRow[] {
  const sa = runStats(a.result?.metadata);
  const sb = runStats(b.result?.metadata);
  if (!sa && !sb) return [];
  const ms = (s: RunStats | null) =>
    s?.timeToFirstTokenMs === null || !s ? null : `${s.timeToFirstTokenMs} ms`;
  return [
    row(
      'model',
      sa && `${sa.provider ?? ''} · ${sa.model ?? ''}`,
      sb && `${sb.provider ?? ''} · ${sb.model ?? ''}`,
    ),
    row('turns', sa?.turns, sb?.turns),
    row('tokens', sa && formatTokens(sa), sb && formatTokens(sb)),
    row('first token', ms(sa), ms(sb)),
    row('stop reason', sa?.stopReason, sb?.stopReason),
  ];
}

export function diffRuns(a: HistoryEntry, b: HistoryEntry): RunDiff {
  const sa = a.summary;
  const sb = b.summary;
  const events: DiffRow[] = [
    row('events', sa.total, sb.total),
    row('progress', sa.by_kind.progress, sb.by_kind.progress),
    row('logs', sa.by_kind.log, sb.by_kind.log),
    row('log levels', levels(sa.log_levels), levels(sb.log_levels)),
    row('status lines', sa.by_kind.status, sb.by_kind.status),
    row('artifact chunks', sa.by_kind.artifact, sb.by_kind.artifact),
    row('artifacts', artifacts(sa.artifacts), artifacts(sb.artifacts)),
    row(
      'last progress',
      sa.last_progress ? `${sa.last_progress.pct}% ${sa.last_progress.message}` : null,
      sb.last_progress ? `${sb.last_progress.pct}% ${sb.last_progress.message}` : null,
    ),
  ];
  const ra = a.result;
  const rb = b.result;
  const result: DiffRow[] = [
    row('outcome', a.outcome, b.outcome),
    row('agent', a.agent ?? 'the studio', b.agent ?? 'the studio'),
    row('success', ra?.success ?? false, rb?.success ?? false),
    row('summary', ra?.summary, rb?.summary),
    row(
      'error',
      a.error
        ? `${a.error.code}: ${a.error.message}`
        : ra?.error_code
          ? `${ra.error_code}: ${ra.error ?? ''}`
          : null,
      b.error
        ? `${b.error.code}: ${b.error.message}`
        : rb?.error_code
          ? `${rb.error_code}: ${rb.error ?? ''}`
          : null,
    ),
    row('duration', ra ? `${ra.duration_ms} ms` : null, rb ? `${rb.duration_ms} ms` : null),
    row('truncated', ra?.truncated ?? false, rb?.truncated ?? false),
    row('sandbox', ra?.sandbox, rb?.sandbox),
    row('data', ra?.data, rb?.data),
    ...modelRows(a, b),
  ];
  const skills = (e: HistoryEntry) => {
    const list = activatedSkills(e);
    return list === null ? null : list.length ? list.join(', ') : 'none';
  };
  const client: DiffRow[] = [
    row('ran in', ranIn(a), ranIn(b)),
    row('activated skills', skills(a), skills(b)),
  ];
  return {
    arguments: diffArguments(a.arguments, b.arguments),
    events,
    result,
    client,
    answers: { a: finalText(a), b: finalText(b) },
  };
}
