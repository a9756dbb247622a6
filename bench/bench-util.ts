/** Small helpers for benchmarks: timing, percentiles, and the printed table. */
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
  console.log('| measure | figure | baseline (same run) | ratio | target |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const r of rows)
    console.log(`| ${r.what} | ${r.figure} | ${r.baseline} | ${r.ratio} | ${r.target} |`);
}

export const ms = (n: number): string => `${n.toFixed(n < 10 ? 2 : 0)} ms`;
export const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
