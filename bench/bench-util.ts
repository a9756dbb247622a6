/** Small helpers for benchmarks: timing, percentiles, and the printed table. */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

export async function time(fn: () => Promise<unknown> | unknown): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export const median = (values: number[]): number => percentile(values, 50);

export interface Row {
  what: string;
  figure: string;
  baseline: string;
  ratio: string;
  target: string;
}

export function printRows(title: string, rows: Row[]): void {
  console.log(`\n## ${title}\n`);
  console.log(markdownTable(rows));
}

/**
 * The first quantity of `text` in milliseconds when it has a time unit (`1.6 ms`, `< 1 s`),
 * else as written (`1.23×`, `96% of ideal`), or null. A number glued to a word (`p95`) is a
 * label, not a quantity.
 */
const firstQuantity = (text: string): number | null => {
  const m = /(?<![A-Za-z\d.])([-+]?\d+(?:,\d{3})*(?:\.\d+)?)\s*(ms|s\b)?/.exec(text);
  if (!m) return null;
  const n = Number(m[1].replace(/,/g, ''));
  return m[2] === 's' ? n * 1000 : n;
};

/**
 * Whether `row` misses its target, where the target is a bound its ratio (`≤ 1.5×`,
 * `≥ 50%`, `≤ +20 ms`) or its figure (`< 200 ms`, `< 1 s`, `≤ 16 ms p95`) can be read
 * against; else false.
 */
export function missesTarget(row: Row): boolean {
  const m = /^([<>]=?|≤|≥)\s*(.+)$/.exec(row.target.trim());
  if (!m) return false;
  const bound = firstQuantity(m[2]);
  const unit = /[×%]/.exec(m[2])?.[0];
  // A bound in × or % (or a signed one, +5 ms) reads the ratio; a plain one, the figure.
  const value = firstQuantity(unit || /^[+]/.test(m[2]) ? row.ratio : row.figure);
  if (bound === null || value === null) return false;
  switch (m[1]) {
    case '<':
      return !(value < bound);
    case '>':
      return !(value > bound);
    case '≥':
    case '>=':
      return !(value >= bound);
    default:
      return !(value <= bound);
  }
}

/** The rows as the README's table, a target missed saying "— not met". */
export function markdownTable(rows: Row[]): string {
  const lines = [
    '| measure | figure | baseline (same run) | ratio | target |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const r of rows) {
    const target = missesTarget(r) ? `${r.target} — not met` : r.target;
    lines.push(`| ${r.what} | ${r.figure} | ${r.baseline} | ${r.ratio} | ${target} |`);
  }
  return lines.join('\n');
}

/** Writes a suite's rows where `npm run bench -- --markdown` asked (BENCH_ROWS_FILE). */
export function writeRowsIfAsked(rows: Row[]): void {
  const file = process.env.BENCH_ROWS_FILE;
  if (file) writeFileSync(file, JSON.stringify(rows));
}

export const ms = (n: number): string => `${n.toFixed(n < 10 ? 2 : 0)} ms`;
export const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
