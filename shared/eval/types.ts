/**
 * The eval model: one shape for the three ways a skill describes its tests, and the
 * files a benchmark leaves on disk.
 *
 * Sources (docs/contracts.md, Evals):
 * - `inline`        the `eval:` list in the SKILL.md frontmatter (adk-fluent RFC):
 *                   `[{prompt, expect?, rubrics?, checks?, files?, id?, name?}]`;
 * - `evals-json`    `evals/evals.json` (skill-creator): `{skill_name, evals: [{id, prompt,
 *                   expected_output, files, expectations | assertions}]}`;
 * - `triggers-json` `evals/triggers.json` (skill-creator's trigger loop): `[{query, should_trigger}]`.
 *
 * The on-disk results use skill-creator's field names exactly (its references/schemas.md,
 * scripts/aggregate_benchmark.py), so its viewer and scripts read ours unchanged. Fields
 * of our own ride along under names the viewer ignores; they are marked "studio" below.
 */

export type EvalSourceKind = 'inline' | 'evals-json' | 'triggers-json';

/** Where each source lives inside the skill folder (posix, relative). */
export const EVALS_JSON_PATH = 'evals/evals.json';
export const TRIGGERS_JSON_PATH = 'evals/triggers.json';

/**
 * One check of an answer. Deterministic kinds are decided by code; `expectation` and
 * `rubric` are judged by the grader model. In a file a check is written either as a
 * plain string (a judged expectation) or as an object with exactly one of the keys
 * `contains`, `not_contains`, `regex` (+ optional `flags` among "i", "m", "s"),
 * `json_schema`, `file_exists`, `tool_called`, `expectation`, `rubric`.
 */
export type CheckSpec =
  /** The answer contains this text (case-sensitive). */
  | { kind: 'contains'; value: string }
  | { kind: 'not_contains'; value: string }
  /** Linear-time RE2 syntax (no back-references, no look-around). */
  | { kind: 'regex'; pattern: string; flags: string }
  /** The answer, parsed as JSON (or its first fenced ```json block), validates against this schema. */
  | { kind: 'json_schema'; schema: Record<string, unknown> }
  /** An artifact (output file) of the run has this path. */
  | { kind: 'file_exists'; path: string }
  /** The run called this tool at least once. */
  | { kind: 'tool_called'; tool: string }
  /** Free text, judged by the grader ("The answer cites its sources"). */
  | { kind: 'expectation'; text: string }
  /** A rubric criterion, judged by the grader ("Balanced"). */
  | { kind: 'rubric'; text: string };

export type CheckKind = CheckSpec['kind'];
export const JUDGED_KINDS: readonly CheckKind[] = ['expectation', 'rubric'];

/**
 * A case as the Evals form edits it and the writers write it (shared/eval/serialize.ts):
 * no position in its file, since the host numbers on write.
 */
export interface EvalCaseInput {
  /** evals.json: kept when given, else the next free integer. */
  id?: number;
  name?: string;
  prompt: string;
  expected_output?: string | null;
  files?: string[];
  checks: CheckSpec[];
}

/** One benchmark case, whatever file it came from. */
export interface EvalCase {
  /**
   * Stable within one source: evals.json's integer `id`; inline cases their `id:` or
   * their 1-based position. Two sources may reuse a number; `key` tells them apart.
   */
  id: number;
  /** `evals-json#3` or `inline#1`: unique across the sources of one skill. */
  key: string;
  /** Human-readable (benchmark.json `eval_name`): `name:` if given, else the prompt's start. */
  name: string;
  prompt: string;
  expected_output: string | null;
  /** Input files (relative to the skill root) the run may read. */
  files: string[];
  checks: CheckSpec[];
  source: 'inline' | 'evals-json';
  /** 1-based line of the case in its file. */
  line: number;
}

/**
 * A case, or a trigger query, that cannot run as written (an error in it, or in the list
 * that holds it): left out of every run, and named wherever a run reports (`evals.start*`'s
 * answer, benchmark.json's `studio.skipped_cases`, trigger_results.json's
 * `studio.skipped_queries`, the CLI's stderr) so it is never lost quietly.
 */
export interface SkippedCase {
  source: 'inline' | 'evals-json' | 'triggers-json';
  /** The file it is written in, inside the skill (`SKILL.md`, `evals/evals.json`). */
  file: string;
  /** 1-based position in its list; null when the list itself cannot be read. */
  position: number | null;
  /** The key it would have had (`evals-json#3`), when its id could be read; null for a query. */
  key: string | null;
  /** Its `name:` (a query: its text), when one is written. */
  name: string | null;
  /** 1-based line in `file`. */
  line: number;
  /** The first error that keeps it from running (every one is in the source's diagnostics). */
  reason: string;
}

/** One query of a trigger set. */
export interface TriggerQuery {
  query: string;
  should_trigger: boolean;
  /** 1-based line in evals/triggers.json (0 when not from a file). */
  line: number;
}

// ── grading.json (skill-creator schema) ──────────────────────────────────────

export interface GradedExpectation {
  /** The check as written ("contains: citations", or the expectation's own words). */
  text: string;
  passed: boolean;
  evidence: string;
  /** studio: how it was decided. */
  kind: CheckKind;
  /** studio: the grader answered twice with no usable JSON; counted as failed. */
  ungraded?: boolean;
  /** studio: the grader's last raw answer when ungraded. */
  raw?: string;
}

export interface GradingSummary {
  passed: number;
  failed: number;
  total: number;
  pass_rate: number;
  /** studio: how many of `failed` are ungraded. */
  ungraded: number;
}

export interface ExecutionMetrics {
  tool_calls: Record<string, number>;
  total_tool_calls: number;
  total_steps: number;
  errors_encountered: number;
  output_chars: number;
  transcript_chars: number;
}

export interface GradingTiming {
  executor_duration_seconds: number;
  grader_duration_seconds: number;
  total_duration_seconds: number;
}

/** `<run-dir>/grading.json`. */
export interface GradingJson {
  expectations: GradedExpectation[];
  summary: GradingSummary;
  execution_metrics: ExecutionMetrics;
  timing: GradingTiming;
  user_notes_summary: { uncertainties: string[]; needs_review: string[]; workarounds: string[] };
}

/** `<run-dir>/timing.json` (skill-creator). */
export interface TimingJson {
  total_tokens: number;
  duration_ms: number;
  total_duration_seconds: number;
  executor_start: string;
  executor_end: string;
  executor_duration_seconds: number;
  grader_start: string;
  grader_end: string;
  grader_duration_seconds: number;
}

// ── benchmark.json (skill-creator schema) ────────────────────────────────────

/**
 * The configurations a case runs in. The first two are skill-creator's (its viewer
 * colours by these exact strings); `old_skill` is skill-creator's name for the previous
 * version (SKILL.md at git HEAD). Order matters: `delta` is the first minus the second.
 */
export type ConfigurationName = 'with_skill' | 'without_skill' | 'old_skill';
export const CONFIGURATION_ORDER: readonly ConfigurationName[] = [
  'with_skill',
  'without_skill',
  'old_skill',
];

export interface RunResult {
  pass_rate: number;
  passed: number;
  failed: number;
  total: number;
  time_seconds: number;
  tokens: number;
  tool_calls: number;
  errors: number;
}

/** One graded run (benchmark.json `runs[]`). */
export interface BenchmarkRun {
  eval_id: number;
  eval_name: string;
  configuration: ConfigurationName;
  run_number: number;
  result: RunResult;
  expectations: GradedExpectation[];
  notes: string[];
  /** studio: the case's key (`evals-json#3`), to tell sources apart. */
  case_key: string;
  /** studio: the run folder, relative to the eval run's folder (`eval-3/with_skill/run-1`). */
  run_dir: string;
}

/** A run that produced no answer (provider failure, cancel): kept apart from `runs` so it never counts as 0 %. */
export interface FailedRun {
  eval_id: number;
  eval_name: string;
  configuration: ConfigurationName;
  run_number: number;
  case_key: string;
  run_dir: string;
  error: string;
  /** `failed`: the model call failed; `cancelled`: the run was stopped before it finished. */
  status: 'failed' | 'cancelled';
}

export interface Stats {
  mean: number;
  stddev: number;
  min: number;
  max: number;
}

export interface ConfigurationSummary {
  pass_rate: Stats;
  time_seconds: Stats;
  tokens: Stats;
}

/** Signed strings, as skill-creator writes them: "+0.50", "+13.0", "+1700". */
export interface DeltaSummary {
  pass_rate: string;
  time_seconds: string;
  tokens: string;
}

export interface RunSummary {
  with_skill?: ConfigurationSummary;
  without_skill?: ConfigurationSummary;
  old_skill?: ConfigurationSummary;
  delta: DeltaSummary;
}

export interface BenchmarkMetadata {
  skill_name: string;
  skill_path: string;
  executor_model: string;
  analyzer_model: string;
  timestamp: string;
  evals_run: number[];
  runs_per_configuration: number;
}

/** Per case and configuration (the studio's results table; computed with the same rules). */
export interface CaseSummary {
  eval_id: number;
  eval_name: string;
  case_key: string;
  configuration: ConfigurationName;
  /** Graded runs only. */
  runs: number;
  failed_runs: number;
  pass_rate: Stats;
  time_seconds: Stats;
  tokens: Stats;
}

/** studio: what the viewer does not need, under one key it ignores. */
export interface BenchmarkStudioSection {
  status: EvalRunStatus;
  provider: string;
  configurations: ConfigurationName[];
  concurrency: number;
  failed_runs: FailedRun[];
  cases: CaseSummary[];
  /** Numeric delta of with_skill minus old_skill pass rate, when old_skill ran. */
  delta_old_skill: DeltaSummary | null;
  /** Why the whole run stopped early, or null. */
  error: string | null;
  grader_prompt: string;
  /** Cases that could not run (absent in runs written before it was recorded). */
  skipped_cases?: SkippedCase[];
  /** The agent client every run ran in (absent: the studio's own model loop). */
  client?: { id: string; version: string | null };
}

/** `<eval-run>/benchmark.json`. */
export interface BenchmarkJson {
  metadata: BenchmarkMetadata;
  runs: BenchmarkRun[];
  run_summary: RunSummary;
  notes: string[];
  studio: BenchmarkStudioSection;
}

// ── trigger results (skill-creator run_eval.py output) ───────────────────────

export interface TriggerQueryResult {
  query: string;
  should_trigger: boolean;
  trigger_rate: number;
  triggers: number;
  /** Runs that answered (failed runs excluded). */
  runs: number;
  pass: boolean;
  /** studio: runs whose model call failed. */
  errors: number;
  /** studio: index in the trigger set. */
  index: number;
  /** studio, runs in an agent client: the other skills it activated instead, by how often. */
  won_by?: Record<string, number>;
}

export interface Confusion {
  /** should trigger, did (trigger_rate ≥ threshold). */
  true_positive: number;
  false_positive: number;
  false_negative: number;
  true_negative: number;
}

/** `<eval-run>/trigger_results.json`: run_eval.py's shape plus precision/recall. */
export interface TriggerResultsJson {
  skill_name: string;
  description: string;
  results: TriggerQueryResult[];
  summary: {
    total: number;
    passed: number;
    failed: number;
    /** studio: null when nothing was predicted positive / nothing should trigger. */
    precision: number | null;
    recall: number | null;
    confusion: Confusion;
    threshold: number;
  };
  studio: {
    status: EvalRunStatus;
    provider: string;
    model: string;
    runs_per_query: number;
    error: string | null;
    /** Queries that could not run (absent in runs written before it was recorded). */
    skipped_queries?: SkippedCase[];
    /** The agent client each ask ran in (absent: the studio's own model loop). */
    client?: { id: string; version: string | null };
  };
}

// ── improve description ──────────────────────────────────────────────────────

export interface DescriptionScore {
  description: string;
  /** Queries of the train split that passed (the model saw their failures). */
  train: { passed: number; total: number };
  /** The held-out split: never shown to the model that writes the description. */
  held_out: { passed: number; total: number };
  results: TriggerQueryResult[];
}

/** `<eval-run>/improve_description.json`. */
export interface ImproveDescriptionJson {
  skill_name: string;
  holdout: number;
  train_queries: string[];
  held_out_queries: string[];
  old: DescriptionScore;
  /** null when the model gave no usable description. */
  new: DescriptionScore | null;
  /** The model's reasoning as it answered, for display. */
  rationale: string;
  studio: { status: EvalRunStatus; provider: string; model: string; error: string | null };
}

export type EvalRunStatus = 'running' | 'completed' | 'cancelled' | 'failed';
