/**
 * The benchmark results table as data: one row per case, one cell per configuration
 * (pass rate mean ± sample sd over its runs, mean tokens and time), the with/without
 * delta per case, and a totals row. Built from the graded runs alone, so a live
 * benchmark (runs arriving as `eval.run` events) and a finished one (benchmark.json's
 * `runs`) fill the same table by the same rules as skill-creator's aggregation:
 * sample standard deviation (n − 1), delta = with_skill − without_skill. Runs that
 * produced no answer are counted apart and never as 0 %.
 */
import type { BenchmarkRun, ConfigurationName, FailedRun } from '../../../shared/api/evals';
import { calculateStats } from '../../../shared/eval/aggregate';

export interface Cell {
  /** Graded runs. */
  runs: number;
  /** Runs with no answer (provider failure, cancel). */
  failed: number;
  mean: number;
  sd: number;
  tokens: number;
  seconds: number;
}

export interface Row {
  key: string;
  evalId: number;
  name: string;
  cells: Partial<Record<ConfigurationName, Cell>>;
  /** with_skill − without_skill pass rate; null until both have graded runs. */
  delta: number | null;
}

export interface ResultsTable {
  configs: ConfigurationName[];
  rows: Row[];
  totals: Partial<Record<ConfigurationName, Cell>>;
  delta: number | null;
}

export interface TableInput {
  configs: readonly ConfigurationName[];
  /** The cases in the order the skill lists them (cases that only appear in runs follow). */
  cases: readonly { key: string; id: number; name: string }[];
  runs: readonly BenchmarkRun[];
  failed: readonly FailedRun[];
}

function cellOf(runs: readonly BenchmarkRun[], failed: number): Cell | undefined {
  if (runs.length === 0 && failed === 0) return undefined;
  const rates = calculateStats(runs.map((r) => r.result.pass_rate));
  return {
    runs: runs.length,
    failed,
    mean: rates.mean,
    sd: rates.stddev,
    tokens: calculateStats(runs.map((r) => r.result.tokens)).mean,
    seconds: calculateStats(runs.map((r) => r.result.time_seconds)).mean,
  };
}

function deltaOf(cells: Partial<Record<ConfigurationName, Cell>>): number | null {
  const a = cells.with_skill;
  const b = cells.without_skill;
  return a && b && a.runs > 0 && b.runs > 0 ? a.mean - b.mean : null;
}

export function resultsTable(input: TableInput): ResultsTable {
  const order: { key: string; id: number; name: string }[] = [...input.cases];
  const known = new Set(order.map((c) => c.key));
  for (const r of [...input.runs, ...input.failed]) {
    if (known.has(r.case_key)) continue;
    known.add(r.case_key);
    order.push({ key: r.case_key, id: r.eval_id, name: r.eval_name });
  }
  const rows = order.map((c): Row => {
    const cells: Partial<Record<ConfigurationName, Cell>> = {};
    for (const config of input.configs) {
      const cell = cellOf(
        input.runs.filter((r) => r.case_key === c.key && r.configuration === config),
        input.failed.filter((r) => r.case_key === c.key && r.configuration === config).length,
      );
      if (cell) cells[config] = cell;
    }
    return { key: c.key, evalId: c.id, name: c.name, cells, delta: deltaOf(cells) };
  });
  const totals: Partial<Record<ConfigurationName, Cell>> = {};
  for (const config of input.configs) {
    const cell = cellOf(
      input.runs.filter((r) => r.configuration === config),
      input.failed.filter((r) => r.configuration === config).length,
    );
    if (cell) totals[config] = cell;
  }
  return { configs: [...input.configs], rows, totals, delta: deltaOf(totals) };
}

/** The runs behind one cell (graded and failed), in run order: what its transcripts show. */
export function runsOfCell(
  input: Pick<TableInput, 'runs' | 'failed'>,
  key: string,
  config: ConfigurationName,
): { graded: BenchmarkRun[]; failed: FailedRun[] } {
  const byNumber = <T extends { run_number: number }>(a: T, b: T) => a.run_number - b.run_number;
  return {
    graded: input.runs
      .filter((r) => r.case_key === key && r.configuration === config)
      .sort(byNumber),
    failed: input.failed
      .filter((r) => r.case_key === key && r.configuration === config)
      .sort(byNumber),
  };
}
