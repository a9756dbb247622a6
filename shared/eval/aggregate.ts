/**
 * Aggregation by skill-creator's own rules (scripts/aggregate_benchmark.py), so our
 * benchmark.json says what theirs would for the same runs:
 *
 * - stats: mean, *sample* standard deviation (n − 1; 0 for a single value), min, max,
 *   each rounded to 4 decimals; all zeros for no values;
 * - run_summary: per configuration, stats of pass_rate, time_seconds and tokens over
 *   its graded runs;
 * - delta: the first configuration minus the second, as signed strings with 2, 1 and
 *   0 decimals ("+0.50", "+13.0", "+1700");
 * - a run's pass_rate: passed ÷ total expectations (0 when there are none).
 *
 * Trigger results follow run_eval.py: trigger_rate = triggers ÷ runs, a query passes
 * when the rate is ≥ threshold for should_trigger and < threshold otherwise.
 */
import type {
  BenchmarkRun,
  CaseSummary,
  ConfigurationName,
  ConfigurationSummary,
  Confusion,
  DeltaSummary,
  FailedRun,
  GradedExpectation,
  GradingSummary,
  RunSummary,
  Stats,
  TriggerQueryResult,
} from './types';
import { CONFIGURATION_ORDER } from './types';

function round4(x: number): number {
  return Math.round(x * 10000) / 10000;
}

export function calculateStats(values: readonly number[]): Stats {
  if (values.length === 0) return { mean: 0, stddev: 0, min: 0, max: 0 };
  const n = values.length;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const stddev = n > 1 ? Math.sqrt(values.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1)) : 0;
  return {
    mean: round4(mean),
    stddev: round4(stddev),
    min: round4(Math.min(...values)),
    max: round4(Math.max(...values)),
  };
}

/** Python's `f"{x:+.{digits}f}"`: a tiny negative prints as "-0.00", like Python does. */
export function signed(x: number, digits: number): string {
  const negative = x < 0 || Object.is(x, -0);
  return `${negative ? '-' : '+'}${Math.abs(x).toFixed(digits)}`;
}

export function gradingSummary(expectations: readonly GradedExpectation[]): GradingSummary {
  const passed = expectations.filter((e) => e.passed).length;
  const total = expectations.length;
  return {
    passed,
    failed: total - passed,
    total,
    pass_rate: total === 0 ? 0 : round4(passed / total),
    ungraded: expectations.filter((e) => e.ungraded).length,
  };
}

function configSummary(runs: readonly BenchmarkRun[]): ConfigurationSummary {
  return {
    pass_rate: calculateStats(runs.map((r) => r.result.pass_rate)),
    time_seconds: calculateStats(runs.map((r) => r.result.time_seconds)),
    tokens: calculateStats(runs.map((r) => r.result.tokens)),
  };
}

export function deltaOf(
  primary: ConfigurationSummary | undefined,
  baseline: ConfigurationSummary | undefined,
): DeltaSummary {
  const mean = (s: ConfigurationSummary | undefined, k: keyof ConfigurationSummary) =>
    s ? s[k].mean : 0;
  return {
    pass_rate: signed(mean(primary, 'pass_rate') - mean(baseline, 'pass_rate'), 2),
    time_seconds: signed(mean(primary, 'time_seconds') - mean(baseline, 'time_seconds'), 1),
    tokens: signed(mean(primary, 'tokens') - mean(baseline, 'tokens'), 0),
  };
}

/**
 * run_summary over the configurations that ran, in `configurations` order (the first
 * is the primary, the second the baseline of `delta`).
 */
export function runSummary(
  runs: readonly BenchmarkRun[],
  configurations: readonly ConfigurationName[],
): RunSummary {
  const ordered = CONFIGURATION_ORDER.filter((c) => configurations.includes(c));
  const byConfig = new Map<ConfigurationName, ConfigurationSummary>();
  for (const c of ordered)
    byConfig.set(c, configSummary(runs.filter((r) => r.configuration === c)));
  const summary: RunSummary = {
    ...Object.fromEntries(byConfig),
    delta: deltaOf(
      byConfig.get(ordered[0]),
      ordered.length >= 2 ? byConfig.get(ordered[1]) : undefined,
    ),
  };
  return summary;
}

/** Per case and configuration: the studio's results table, by the same stats. */
export function caseSummaries(
  runs: readonly BenchmarkRun[],
  failed: readonly FailedRun[],
  cases: readonly { eval_id: number; eval_name: string; case_key: string }[],
  configurations: readonly ConfigurationName[],
): CaseSummary[] {
  const out: CaseSummary[] = [];
  for (const c of cases) {
    for (const configuration of CONFIGURATION_ORDER.filter((x) => configurations.includes(x))) {
      const mine = runs.filter(
        (r) => r.case_key === c.case_key && r.configuration === configuration,
      );
      out.push({
        eval_id: c.eval_id,
        eval_name: c.eval_name,
        case_key: c.case_key,
        configuration,
        runs: mine.length,
        failed_runs: failed.filter(
          (r) => r.case_key === c.case_key && r.configuration === configuration,
        ).length,
        ...configSummary(mine),
      });
    }
  }
  return out;
}

/** One trigger query's tally as run_eval.py reports it. */
export function triggerResult(
  index: number,
  query: string,
  shouldTrigger: boolean,
  outcomes: readonly (boolean | null)[],
  threshold: number,
): TriggerQueryResult {
  const answered = outcomes.filter((o): o is boolean => o !== null);
  const triggers = answered.filter(Boolean).length;
  const rate = answered.length === 0 ? 0 : triggers / answered.length;
  return {
    query,
    should_trigger: shouldTrigger,
    trigger_rate: round4(rate),
    triggers,
    runs: answered.length,
    pass: shouldTrigger ? rate >= threshold : rate < threshold,
    errors: outcomes.length - answered.length,
    index,
  };
}

/** Precision and recall over queries (a query "triggered" when its rate ≥ threshold). */
export function triggerScores(
  results: readonly TriggerQueryResult[],
  threshold: number,
): { confusion: Confusion; precision: number | null; recall: number | null } {
  const confusion: Confusion = {
    true_positive: 0,
    false_positive: 0,
    false_negative: 0,
    true_negative: 0,
  };
  for (const r of results) {
    const predicted = r.trigger_rate >= threshold;
    if (r.should_trigger && predicted) confusion.true_positive++;
    else if (r.should_trigger) confusion.false_negative++;
    else if (predicted) confusion.false_positive++;
    else confusion.true_negative++;
  }
  const { true_positive: tp, false_positive: fp, false_negative: fn } = confusion;
  return {
    confusion,
    precision: tp + fp === 0 ? null : round4(tp / (tp + fp)),
    recall: tp + fn === 0 ? null : round4(tp / (tp + fn)),
  };
}

/**
 * skill-creator's held-out split (run_loop.py split_eval_set): stratified by
 * should_trigger, at least one of each class held out, shuffled by a seeded generator
 * so the same set splits the same way every time (our generator, not Python's).
 */
export function splitHeldOut<T extends { should_trigger: boolean }>(
  items: readonly T[],
  holdout: number,
  seed = 42,
): { train: T[]; heldOut: T[] } {
  let state = seed >>> 0 || 1;
  const next = (): number => {
    // xorshift32: tiny, deterministic, good enough for a shuffle.
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 0x100000000;
  };
  const shuffle = (xs: T[]): T[] => {
    for (let i = xs.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [xs[i], xs[j]] = [xs[j], xs[i]];
    }
    return xs;
  };
  const pos = shuffle(items.filter((x) => x.should_trigger));
  const neg = shuffle(items.filter((x) => !x.should_trigger));
  const nPos = pos.length === 0 ? 0 : Math.max(1, Math.floor(pos.length * holdout));
  const nNeg = neg.length === 0 ? 0 : Math.max(1, Math.floor(neg.length * holdout));
  return {
    heldOut: [...pos.slice(0, nPos), ...neg.slice(0, nNeg)],
    train: [...pos.slice(nPos), ...neg.slice(nNeg)],
  };
}
