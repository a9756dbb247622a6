/**
 * How the Evals panel words its figures: pass rates as percentages with their
 * sample standard deviation, the with/without delta with its sign, token counts
 * and durations. Pure, so the table and the tests
 * read the same text.
 */
import { formatDuration } from '../util/browser-utils';

/** 0.667 → "67%". */
export function formatRate(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

/** A pass rate with its spread over the runs: "67% ± 29" (sd in percentage points). */
export function formatMeanSd(mean: number, sd: number): string {
  return sd > 0 ? `${formatRate(mean)} ± ${Math.round(sd * 100)}` : formatRate(mean);
}

/** A difference of pass rates, always signed: "+33 pts", "−10 pts", "±0 pts". */
export function formatDelta(delta: number): string {
  const pts = Math.round(delta * 100);
  if (pts === 0) return '±0 pts';
  return `${pts > 0 ? '+' : '\u2212'}${Math.abs(pts)} pts`;
}

/** Whether a delta reads as better, worse or the same (for its colour and its label). */
export type DeltaTone = 'better' | 'worse' | 'same';

export function deltaTone(delta: number): DeltaTone {
  const pts = Math.round(delta * 100);
  return pts > 0 ? 'better' : pts < 0 ? 'worse' : 'same';
}

/** 12345 → "12.3k"; small counts as they are. */
export function formatTokens(n: number): string {
  if (!Number.isFinite(n)) return '—';
  if (Math.abs(n) < 1000) return String(Math.round(n));
  if (Math.abs(n) < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}

/** Seconds as the playground words durations ("1.2 s", "3 min 4 s"). */
export function formatSeconds(s: number): string {
  return formatDuration(Math.max(0, s * 1000));
}
