/**
 * The Trigger tab's confusion summary: each query's trigger rate against its
 * `should_trigger`, counted as true/false positives and negatives, with precision
 * and recall. While a trigger eval runs it is computed here from the tallies so far
 * by the host's own rule (shared/eval/aggregate.ts: a query triggers when its rate
 * reaches the threshold);
 * once it ends, the file's own summary is shown.
 */
import type { Confusion, TriggerQueryResult, TriggerResultsJson } from '../../../shared/api/evals';
import { triggerScores } from '../../../shared/eval/aggregate';

export interface TriggerSummary {
  confusion: Confusion;
  precision: number | null;
  recall: number | null;
  passed: number;
  total: number;
}

/** skill-creator's threshold: a query triggers when at least half the asks chose the skill. */
export const DEFAULT_THRESHOLD = 0.5;

export function summarizeTriggers(
  results: readonly TriggerQueryResult[],
  threshold = DEFAULT_THRESHOLD,
): TriggerSummary {
  // A query whose every ask failed has no rate yet: it is not counted either way.
  const answered = results.filter((r) => r.runs > 0);
  const passed = answered.filter((r) =>
    r.should_trigger ? r.trigger_rate >= threshold : r.trigger_rate < threshold,
  ).length;
  return { ...triggerScores(answered, threshold), passed, total: answered.length };
}

/** The summary to show: the finished file's when there is one, else the live tallies'. */
export function triggerSummaryOf(
  file: TriggerResultsJson | null,
  live: readonly TriggerQueryResult[],
): TriggerSummary {
  if (!file) return summarizeTriggers(live);
  const s = file.summary;
  return {
    confusion: s.confusion,
    precision: s.precision,
    recall: s.recall,
    passed: s.passed,
    total: s.total,
  };
}
