/**
 * A model run's transcript, read from its A2E events (docs/contracts.md, Skill kinds: `llm`): the
 * assistant's text (the `response.md` artifact's chunks), each tool call with its
 * arguments and the preview of its result (the `log` events carrying `tool` and
 * `tool_call_id`), and the turn lines (`status`), in the order they happened; plus the
 * run's figures from the result `metadata` (model, turns, tokens, time to first token).
 * Pure: the playground, the history and the comparison all read runs through it.
 */
import type { SkillEvent } from '../protocol/a2e';
import { topologyFieldsOf } from '../skill/topology-run';

export const RESPONSE_ARTIFACT = 'response.md';

export type TranscriptItem =
  | {
      kind: 'text';
      seq: number;
      text: string;
      /** In a topology run: the step (agent) whose answer this is, e.g. `fact_checker [branch 1]`. */
      step: string | null;
    }
  | {
      kind: 'tool';
      seq: number;
      id: string;
      name: string;
      arguments: unknown;
      /** Null until the result came. */
      result: string | null;
      isError: boolean;
    }
  | { kind: 'turn'; seq: number; message: string };

export interface RunStats {
  provider: string | null;
  model: string | null;
  stopReason: string | null;
  turns: number | null;
  maxTurns: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  cacheReadTokens: number | null;
  cacheWriteTokens: number | null;
  timeToFirstTokenMs: number | null;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The figures of a model run, or null when the result is not a model run's. */
export function runStats(metadata: Record<string, unknown> | null | undefined): RunStats | null {
  if (!metadata || typeof metadata.model !== 'string') return null;
  const usage =
    typeof metadata.usage === 'object' && metadata.usage !== null
      ? (metadata.usage as Record<string, unknown>)
      : {};
  return {
    provider: str(metadata.provider),
    model: str(metadata.model),
    stopReason: str(metadata.stop_reason),
    turns: num(metadata.turns),
    maxTurns: num(metadata.max_turns),
    inputTokens: num(usage.input_tokens),
    outputTokens: num(usage.output_tokens),
    cacheReadTokens: num(usage.cache_read_input_tokens),
    cacheWriteTokens: num(usage.cache_creation_input_tokens),
    timeToFirstTokenMs: num(metadata.time_to_first_token_ms),
  };
}

/** True when the events are a model run's (a response.md stream or a tool call). */
export function isModelRun(events: readonly SkillEvent[]): boolean {
  return events.some(
    (e) =>
      (e.kind === 'artifact' && e.data?.name === RESPONSE_ARTIFACT) ||
      (e.kind === 'log' && typeof e.data?.tool_call_id === 'string'),
  );
}

/** A turn line of the agent loop, with the agent's name before it in a topology run. */
const TURN_LINE = /^(?:[\w.-]+: )?turn \d+/;

/**
 * The transcript of the events so far. Text chunks join into one item per step until
 * that step does something else (a tool call, a turn), so the answers of parallel
 * branches stay apart, each labelled with its step, however their chunks interleave; a
 * tool call's result joins its call (by `tool_call_id`).
 */
export function buildTranscript(events: readonly SkillEvent[]): TranscriptItem[] {
  const items: TranscriptItem[] = [];
  const calls = new Map<string, Extract<TranscriptItem, { kind: 'tool' }>>();
  /** The text item each step is still writing (key: the step's label, '' outside a topology). */
  const open = new Map<string, Extract<TranscriptItem, { kind: 'text' }>>();
  for (const ev of events) {
    const d = ev.data ?? {};
    const step = topologyFieldsOf(d).step?.label ?? null;
    const key = step ?? '';
    if (ev.kind === 'artifact' && d.name === RESPONSE_ARTIFACT) {
      const chunk = typeof d.chunk === 'string' ? d.chunk : '';
      if (chunk === '') continue;
      const current = open.get(key);
      if (current) current.text += chunk;
      else {
        const item = { kind: 'text' as const, seq: ev.seq, text: chunk.replace(/^\n+/, ''), step };
        open.set(key, item);
        items.push(item);
      }
      continue;
    }
    if (ev.kind === 'log' && typeof d.tool_call_id === 'string') {
      open.delete(key);
      const id = d.tool_call_id;
      const known = calls.get(id);
      if ('result_preview' in d) {
        const result =
          typeof d.result_preview === 'string'
            ? d.result_preview
            : JSON.stringify(d.result_preview);
        if (known) {
          known.result = result;
          known.isError = d.is_error === true;
        } else {
          const item = toolItem(ev.seq, id, d);
          item.result = result;
          item.isError = d.is_error === true;
          calls.set(id, item);
          items.push(item);
        }
      } else if (!known) {
        const item = toolItem(ev.seq, id, d);
        calls.set(id, item);
        items.push(item);
      }
    } else if (
      ev.kind === 'status' &&
      typeof d.message === 'string' &&
      // A turn line, or an agent client's activation of a skill.
      (TURN_LINE.test(d.message) || typeof d.activated_skill === 'string')
    ) {
      open.delete(key);
      items.push({ kind: 'turn', seq: ev.seq, message: d.message });
    }
  }
  return items;
}

function toolItem(
  seq: number,
  id: string,
  d: Record<string, unknown>,
): Extract<TranscriptItem, { kind: 'tool' }> {
  return {
    kind: 'tool',
    seq,
    id,
    name: typeof d.tool === 'string' ? d.tool : 'tool',
    arguments: d.arguments ?? null,
    result: null,
    isError: false,
  };
}

/** "1,234 in · 56 out" (cache figures when there are any). */
export function formatTokens(s: RunStats): string {
  const parts = [
    `${(s.inputTokens ?? 0).toLocaleString('en-US')} in`,
    `${(s.outputTokens ?? 0).toLocaleString('en-US')} out`,
  ];
  if (s.cacheReadTokens) parts.push(`${s.cacheReadTokens.toLocaleString('en-US')} cache read`);
  if (s.cacheWriteTokens) parts.push(`${s.cacheWriteTokens.toLocaleString('en-US')} cache write`);
  return parts.join(' · ');
}
