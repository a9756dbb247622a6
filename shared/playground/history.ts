/**
 * The playground's call history: what one kept call holds, its short summary for
 * lists, the digest of its events, and the rule that keeps secrets out of it
 * (LLM credentials and anything that looks like a credential are redacted
 * before a call is written anywhere).
 */
import type {
  LLMConfig,
  SkillEvent,
  SkillEventKind,
  SkillResult,
  TransportError,
} from '../protocol/a2e';
import type { RunOutcome } from './run-model';
import { isAgentClientId, type AgentClientId } from '../skill/client-ids';
import { normaliseLevel } from './run-model';
import { escapeSegment, isPlainObject } from './json-path';

/** The id of the studio's own host in history entries and the host picker. */
export const LOCAL_HOST_ID = 'local';

export interface EventsSummary {
  total: number;
  by_kind: Record<SkillEventKind, number>;
  log_levels: Record<string, number>;
  artifacts: { name: string; mime: string; chars: number; complete: boolean }[];
  /** The last status lines (at most 20). */
  statuses: string[];
  last_progress: { pct: number; message: string } | null;
}

/** One kept call. */
export interface HistoryEntry {
  id: string;
  skill: string;
  /** The agent the call acted as (null: the studio itself). */
  agent: string | null;
  /** Which A2E host ran the call: "local" (this studio) or a remote host's id; absent: local. */
  host?: string;
  /** Epoch milliseconds. */
  started_at: number;
  finished_at: number;
  arguments: Record<string, unknown>;
  timeout: number;
  streaming: boolean;
  /** The call's LLM override, never with its credentials. */
  llm_override?: Omit<LLMConfig, 'provider_credentials'> | null;
  /** The agent client the call ran in (`metadata.run_in`) and its version; null or absent: the studio. */
  agent_client?: HistoryAgentClient | null;
  outcome: RunOutcome;
  /** The SkillResult without its events (they are below). */
  result: Omit<SkillResult, 'events'> | null;
  error: TransportError | null;
  summary: EventsSummary;
  /** The first events of the call (capped); `summary` covers all of them. */
  events: SkillEvent[];
  events_truncated: boolean;
  /** JSON Pointers of values replaced by "[redacted]". */
  redacted: string[];
}

export interface HistoryAgentClient {
  id: AgentClientId;
  version: string | null;
}

/**
 * The agent client a kept call names, checked: the result's `metadata.client` (what ran,
 * with its version) or the request's run_in; anything else is no client.
 */
export function historyAgentClient(value: unknown): HistoryAgentClient | null {
  if (!isPlainObject(value) || typeof value.id !== 'string' || !isAgentClientId(value.id))
    return null;
  const version =
    typeof value.version === 'string' && value.version.length <= 64 ? value.version : null;
  return { id: value.id, version };
}

/** What the studio sends to keep a call (the host assigns id and redacts). */
export type HistoryInput = Omit<HistoryEntry, 'id' | 'redacted' | 'llm_override'> & {
  llm_override?: LLMConfig | null;
};

/** A line of the history list. */
export interface HistorySummary {
  id: string;
  skill: string;
  agent: string | null;
  /** Which A2E host ran the call ("local" for this studio). */
  host?: string;
  /** The agent client the call ran in, or null (absent in lists written before clients). */
  agent_client?: AgentClientId | null;
  started_at: number;
  duration_ms: number | null;
  outcome: RunOutcome;
  error_code: string | null;
  /** The result's summary, or the error message, cut short. */
  text: string;
  events: number;
  bytes: number;
}

export const HISTORY_EVENTS_KEPT = 500;
export const REDACTED = '[redacted]';

export function emptyEventsSummary(): EventsSummary {
  return {
    total: 0,
    by_kind: { progress: 0, log: 0, status: 0, artifact: 0 },
    log_levels: {},
    artifacts: [],
    statuses: [],
    last_progress: null,
  };
}

/** The digest of a call's events, in one pass. */
export function summarizeEvents(events: readonly SkillEvent[]): EventsSummary {
  const s = emptyEventsSummary();
  const artifacts = new Map<string, EventsSummary['artifacts'][number]>();
  for (const ev of events) {
    s.total++;
    if (ev.kind in s.by_kind) s.by_kind[ev.kind]++;
    const d = ev.data ?? {};
    if (ev.kind === 'log') {
      const level = normaliseLevel(d.level);
      s.log_levels[level] = (s.log_levels[level] ?? 0) + 1;
    } else if (ev.kind === 'status' && typeof d.message === 'string') {
      s.statuses.push(d.message);
      if (s.statuses.length > 20) s.statuses.shift();
    } else if (ev.kind === 'progress' && typeof d.pct === 'number') {
      s.last_progress = { pct: d.pct, message: typeof d.message === 'string' ? d.message : '' };
    } else if (ev.kind === 'artifact') {
      const name = typeof d.name === 'string' ? d.name : 'artifact';
      let a = artifacts.get(name);
      if (!a) {
        a = {
          name,
          mime: typeof d.mime === 'string' ? d.mime : 'text/plain',
          chars: 0,
          complete: false,
        };
        artifacts.set(name, a);
      }
      if (!a.complete) {
        a.chars += typeof d.chunk === 'string' ? d.chunk.length : 0;
        if (d.final === true) a.complete = true;
      }
    }
  }
  s.artifacts = [...artifacts.values()];
  return s;
}

/**
 * The listing's line for a call. The row ellipsizes it and shows it whole on hover, so
 * the cap only keeps a listing of many calls small; a longer summary is in the details.
 */
export const LISTED_TEXT_MAX = 4000;

export function summaryText(
  entry: Pick<HistoryEntry, 'result' | 'error' | 'outcome'>,
  max = LISTED_TEXT_MAX,
): string {
  let text: string;
  if (entry.error) text = `${entry.error.code}: ${entry.error.message}`;
  else if (entry.result?.success)
    text =
      typeof entry.result.summary === 'string'
        ? entry.result.summary
        : JSON.stringify(entry.result.summary ?? '');
  else if (entry.result)
    text = `${entry.result.error_code ?? 'failed'}: ${entry.result.error ?? ''}`;
  else text = entry.outcome;
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? flat.slice(0, max - 1) + '…' : flat;
}

// ── secrets ────────────────────────────────────────────────────────────────────

/** Key names (lower case, without - and _) that hold credentials. */
const SECRET_KEYS = new Set([
  'apikey',
  'secret',
  'password',
  'passwd',
  'passphrase',
  'token',
  'auth',
  'authorization',
  'cookie',
  'credential',
  'credentials',
  'providercredentials',
  'privatekey',
]);
const SECRET_SUFFIXES = [
  'apikey',
  'secret',
  'password',
  'passwd',
  'accesstoken',
  'authtoken',
  'refreshtoken',
  'bearertoken',
  'sessiontoken',
  'idtoken',
  'privatekey',
  'accesskey',
  'secretkey',
  'credentials',
  'credential',
];
/** Values that look like tokens whatever their key: provider key prefixes, bearer headers, PEM keys. */
const SECRET_VALUE =
  /^(sk-[A-Za-z0-9_-]{16,}|sk-ant-[A-Za-z0-9_-]{10,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|xox[abprs]-[A-Za-z0-9-]{10,}|AKIA[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{30,}|Bearer\s+\S{12,})$|-----BEGIN [A-Z ]*PRIVATE KEY-----/;

export function isSecretKey(key: string): boolean {
  const k = key.toLowerCase().replace(/[-_\s]/g, '');
  if (SECRET_KEYS.has(k)) return true;
  return SECRET_SUFFIXES.some((s) => k.endsWith(s));
}

export function looksLikeSecret(value: string): boolean {
  return SECRET_VALUE.test(value.trim());
}

/**
 * A copy of `value` with credential-like keys and token-like strings replaced by
 * "[redacted]"; `found` receives the JSON Pointer of each replacement.
 */
export function redactSecrets(value: unknown, found: string[] = [], at = ''): unknown {
  if (typeof value === 'string') {
    if (looksLikeSecret(value)) {
      found.push(at);
      return REDACTED;
    }
    return value;
  }
  if (Array.isArray(value)) return value.map((v, i) => redactSecrets(v, found, `${at}/${i}`));
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const ptr = `${at}/${escapeSegment(k)}`;
      if (
        isSecretKey(k) &&
        v !== null &&
        v !== '' &&
        !(isPlainObject(v) && Object.keys(v).length === 0)
      ) {
        found.push(ptr);
        out[k] = REDACTED;
      } else {
        out[k] = redactSecrets(v, found, ptr);
      }
    }
    return out;
  }
  return value;
}

/** The entry as it may be written: no credentials anywhere, events capped. */
export function sanitizeHistoryInput(input: HistoryInput, id: string): HistoryEntry {
  const redacted: string[] = [];
  const args = redactSecrets(input.arguments, redacted, '/arguments') as Record<string, unknown>;
  const result = input.result
    ? (redactSecrets(input.result, redacted, '/result') as HistoryEntry['result'])
    : null;
  const events = input.events
    .slice(0, HISTORY_EVENTS_KEPT)
    .map((ev, i) => redactSecrets(ev, redacted, `/events/${i}`) as SkillEvent);
  const error = input.error
    ? (redactSecrets(input.error, redacted, '/error') as TransportError)
    : null;
  const statuses = input.summary.statuses.map((s) => (looksLikeSecret(s) ? REDACTED : s));
  let llm: HistoryEntry['llm_override'] = null;
  if (input.llm_override) {
    // Credentials are dropped whole, not redacted: nothing of them is kept.
    const { provider_credentials: creds, ...rest } = input.llm_override;
    if (creds && Object.keys(creds).length > 0) redacted.push('/llm_override/provider_credentials');
    llm = redactSecrets(rest, redacted, '/llm_override') as HistoryEntry['llm_override'];
  }
  return {
    id,
    skill: input.skill,
    agent: input.agent,
    host: input.host ?? LOCAL_HOST_ID,
    started_at: input.started_at,
    finished_at: input.finished_at,
    arguments: args,
    timeout: input.timeout,
    streaming: input.streaming,
    llm_override: llm,
    agent_client: historyAgentClient(input.agent_client),
    outcome: input.outcome,
    result,
    error,
    summary: { ...input.summary, statuses },
    events,
    events_truncated: input.events_truncated || input.events.length > HISTORY_EVENTS_KEPT,
    redacted,
  };
}

export function historySummary(entry: HistoryEntry, bytes: number): HistorySummary {
  return {
    id: entry.id,
    skill: entry.skill,
    agent: entry.agent,
    host: entry.host ?? LOCAL_HOST_ID,
    agent_client: entry.agent_client?.id ?? null,
    started_at: entry.started_at,
    duration_ms:
      entry.result?.duration_ms ??
      (entry.finished_at >= entry.started_at ? entry.finished_at - entry.started_at : null),
    outcome: entry.outcome,
    error_code: entry.error?.code ?? entry.result?.error_code ?? null,
    text: summaryText(entry),
    events: entry.summary.total,
    bytes,
  };
}
