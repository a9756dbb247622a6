/** Small pieces the runners share: JSON lines read without throwing, bounded previews. */

import type { ClientEvent } from '../core/types';

export type JsonObject = Record<string, unknown>;

/** One stdout line as a JSON object, or null (a client's banner, a partial line). */
export function jsonLine(line: string): JsonObject | null {
  const t = line.trim();
  if (!t.startsWith('{')) return null;
  try {
    const v = JSON.parse(t) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as JsonObject) : null;
  } catch {
    return null;
  }
}

export const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
export const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
export const obj = (v: unknown): JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as JsonObject) : {};
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** A tool result's content as text, whatever shape the client gave it. */
export function contentText(v: unknown): string {
  if (typeof v === 'string') return v;
  return arr(v)
    .map((p) => str(obj(p).text) ?? '')
    .join('');
}

/**
 * A parser that hands on `first` (a warning about how the run was set up) with the events
 * of the first line the client prints, then parses as `parse` does.
 */
export function startingWith(
  first: ClientEvent[],
  parse: (line: string) => ClientEvent[],
): (line: string) => ClientEvent[] {
  let pending = first;
  return (line) => {
    const out = [...pending, ...parse(line)];
    pending = [];
    return out;
  };
}
