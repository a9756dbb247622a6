/** How a case or query that cannot run is named in errors, the CLI's stderr and benchmark.json's notes. */
import type { SkippedCase } from './types';

/**
 * One line naming a case that could not run, where it is and why:
 * `evals/evals.json:12: case 2 "moons" (evals-json#2) cannot run: prompt is a non-empty string…`,
 * or `…: no case of it can run: …` when its whole list cannot be read.
 */
export function describeSkippedCase(s: SkippedCase): string {
  const where = `${s.file}:${s.line}`;
  if (s.position === null) return `${where}: no case of it can run: ${s.reason}`;
  const what = s.source === 'triggers-json' ? 'query' : 'case';
  const shown = s.name && s.name.length > 60 ? `${s.name.slice(0, 59)}…` : s.name;
  const name = shown ? ` ${JSON.stringify(shown)}` : '';
  const key = s.key ? ` (${s.key})` : '';
  return `${where}: ${what} ${s.position}${name}${key} cannot run: ${s.reason}`;
}
