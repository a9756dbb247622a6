/**
 * The Studio API of evals (the Evals panel, its Trigger tab, the CLI's `eval`): the eval
 * sources of a skill with their diagnostics, editing cases and trigger queries, starting
 * a benchmark / trigger run / description improvement, following it live, cancelling
 * it, and reading past eval runs back from disk.
 *
 * Long jobs: `evals.start*` answer at once with a `runId`; the work goes on in the host
 * and reports through the ordinary Studio event stream (`Backend.onEvent`: IPC, or the
 * `/api/events` WebSocket) as `EvalEvent`s below, every one naming its `skill` (folder)
 * and `runId`. A UI that reloads mid-run finds the run with `evals.list` (status
 * `running`) and picks up the events again; `evals.get` always answers from disk, so it
 * shows what has finished so far.
 *
 * A `runId` is the eval run's folder name under `.skill-studio/evals/<skill-name>/`
 * (a UTC timestamp such as `2026-11-30T14-05-09-123Z`); it is unique per skill, so
 * every method takes the skill too.
 */
import type { AgentClientId, ClientCatalog } from './agent-clients';
import type { Diagnostic } from '../check/diagnostics';
import type {
  BenchmarkJson,
  BenchmarkRun,
  ConfigurationName,
  EvalCase,
  EvalCaseInput,
  EvalRunStatus,
  EvalSourceKind,
  FailedRun,
  GradingJson,
  ImproveDescriptionJson,
  SkippedCase,
  TriggerQuery,
  TriggerQueryResult,
  TriggerResultsJson,
} from '../eval/types';

export type * from '../eval/types';

/** One source of a skill's evals as found on disk (absent sources are listed with `exists: false`). */
export interface EvalSourceView {
  kind: EvalSourceKind;
  /** Posix path inside the skill (`SKILL.md` for inline cases). */
  path: string;
  exists: boolean;
  /** The file's version (as `files.read` reports it), for `expectedVersion` on save; null when absent. */
  version: string | null;
  /** Errors and warnings with line and column in `path` (code `EVAL_INVALID`). */
  diagnostics: Diagnostic[];
}

/** `evals.sources`: everything the Evals panel edits. */
export interface EvalSources {
  skill: string;
  /** The skill's folder (its identity). */
  dir: string;
  sources: EvalSourceView[];
  /** Cases of `inline` and `evals-json`, in that order; cases with errors are left out. */
  cases: EvalCase[];
  /** The cases left out for their errors, each named with its file, line and why. */
  skipped_cases: SkippedCase[];
  /** The trigger set (evals/triggers.json). */
  triggers: TriggerQuery[];
  /** The trigger queries left out for their errors, each named with its line and why. */
  skipped_queries: SkippedCase[];
  /** The grader's instructions, shown in the UI ("the prompt is shown"). */
  grader_prompt: string;
  /** Whether the skill's folder is in a git repository with SKILL.md at HEAD (offer `old_skill`). */
  previous_version_available: boolean;
  /** The description trigger runs score (frontmatter `description`). */
  description: string;
}

/** Which model does the work; both absent: the workspace's default provider and its model. */
export interface ModelChoice {
  provider?: string | null;
  model?: string | null;
}

export interface BenchmarkOptions extends ModelChoice {
  /** Repeats per case and configuration; default 3 (1–20). */
  runs?: number;
  /** Model calls in flight at once; default 4 (1–32). A 429 halves it for a while. */
  concurrency?: number;
  /** Default `['with_skill', 'without_skill']`; `old_skill` needs a git HEAD version. */
  configurations?: ConfigurationName[];
  /** Case keys to run (`evals-json#3`); absent: all. A rerun of one case is a new eval run. */
  cases?: string[];
  /** The grader model; default the executor's. */
  grader?: ModelChoice;
  /** Seconds one run may take; default 120. */
  timeout_seconds?: number;
  /** Run each case in this agent client, with the skill installed against without (`--client ID`). */
  client?: AgentClientId;
  /** Offer the client's shell tools (under its own sandbox). */
  allow_scripts?: boolean;
  /** What else the client finds installed: nothing (`skill`, the default), the workspace's skills or the user's installed ones. */
  catalog?: ClientCatalog;
}

/** The skills installed beside the one under test in an agent-client run (agent-clients.ts). */
export type { ClientCatalog };

export interface TriggerOptions extends ModelChoice {
  /** Asks per query; default 3. */
  runs?: number;
  concurrency?: number;
  /** Whose `<available_skills>` index the model sees (null: every listed skill); this skill is always added. */
  agent?: string | null;
  /** A query "triggers" when its trigger rate ≥ threshold; default 0.5 (skill-creator). */
  threshold?: number;
  /** Indexes into the trigger set; absent: all. */
  queries?: number[];
}

/** A trigger eval run inside an agent client: did the client itself activate the skill. */
export interface ClientTriggerOptions extends TriggerOptions {
  /** Run each ask in this agent client (`--client ID`); absent: the studio's own model loop. */
  client?: AgentClientId;
  /** Offer the client's shell tools (under its own sandbox). */
  allow_scripts?: boolean;
  /** What else the client finds installed, so that competition is real (default `skill`: nothing). */
  catalog?: ClientCatalog;
}

export interface ImproveOptions extends TriggerOptions {
  /** Fraction held out per class (should / should not trigger), never shown to the writer; default 0.4. */
  holdout?: number;
}

export type EvalJobKind = 'benchmark' | 'triggers' | 'improve';

export interface EvalStarted {
  runId: string;
  kind: EvalJobKind;
  /** Model runs planned (cases × configurations × runs, or queries × runs). */
  total: number;
  /** The eval run's folder (absolute). */
  folder: string;
  /**
   * What of the skill cannot run as written and was left out of this run: its cases for a
   * benchmark of every case, its trigger queries for a trigger run or an improvement of
   * every query; empty when the options named which to run.
   */
  skipped: SkippedCase[];
}

/** A past (or running) eval run of a skill, newest first in `evals.list`. */
export interface EvalRunListItem {
  runId: string;
  kind: EvalJobKind;
  status: EvalRunStatus;
  started_at: string;
  provider: string;
  model: string;
  /** Benchmark: pass-rate mean per configuration; triggers/improve: empty. */
  pass_rate: Partial<Record<ConfigurationName, number>>;
  /** Triggers: share of queries that passed; null otherwise. */
  trigger_pass_rate: number | null;
  /** True while this host is running it. */
  live: boolean;
}

/** `evals.get`: the whole eval run as on disk (the file that matches `kind` is set). */
export interface EvalRunDetail {
  runId: string;
  kind: EvalJobKind;
  status: EvalRunStatus;
  folder: string;
  benchmark: BenchmarkJson | null;
  triggers: TriggerResultsJson | null;
  improve: ImproveDescriptionJson | null;
}

/** Names one model run inside an eval run. */
export type EvalRunRef =
  | {
      kind: 'case';
      /** The run's `eval_id` (benchmark.json): unique within one eval run. */
      eval_id: number;
      /**
       * The case's key (`inline#1`, `evals-json#1`), as on the run: names the case
       * whatever its eval_id, since an inline case and an evals.json case may share an
       * id. Send it; without it the case is found by `eval_id` alone.
       */
      case_key?: string;
      configuration: ConfigurationName;
      run_number: number;
    }
  /** `phase`: an improve-description run's asks, with the old or the new description. */
  | { kind: 'trigger'; query_index: number; run_number: number; phase?: 'old' | 'new' };

/** One step of a run's transcript (transcript.json). */
export type TranscriptStep =
  | { role: 'system'; text: string }
  | { role: 'user'; text: string }
  | { role: 'assistant'; text: string }
  | { role: 'tool_call'; tool: string; arguments: unknown; id: string }
  | { role: 'tool_result'; tool: string; id: string; text: string; is_error: boolean }
  | { role: 'log'; level: string; text: string };

/** `<run-dir>/transcript.json`. */
export interface EvalTranscript {
  provider: string;
  model: string;
  configuration: ConfigurationName | 'trigger';
  steps: TranscriptStep[];
  /** The final answer (also `outputs/response.md`). */
  answer: string;
  usage: { input_tokens: number; output_tokens: number };
  started_at: string;
  finished_at: string;
  /** Why the run failed, or null. */
  error: string | null;
  /** Trigger runs: whether the model chose this skill, and how (tool call / read of SKILL.md). */
  triggered?: boolean;
  trigger_evidence?: string | null;
  /** Runs in an agent client: which one, and the skills it activated in order. */
  client?: { id: string; version: string | null };
  activated_skills?: string[];
}

/** `evals.transcript`: one model run's files. */
export interface EvalRunFiles {
  transcript: EvalTranscript | null;
  /** Case runs; null for trigger runs and runs that failed before grading. */
  grading: GradingJson | null;
  /** Files under the run's `outputs/` (posix, relative to it). */
  outputs: string[];
  /** Absolute run folder. */
  folder: string;
  /**
   * Case runs: the run's id in skill-creator's viewer (its folder inside the eval run, `/`
   * as `-`: `eval-1-with_skill-run-1`), the `run_id` of its review in feedback.json.
   */
  run_id?: string;
}

/** One review, as skill-creator's viewer (eval-viewer/viewer.html) writes it. */
export interface FeedbackReview {
  run_id: string;
  feedback: string;
  /** ISO 8601, when the review was last saved. */
  timestamp: string;
}

/**
 * `<eval run folder>/feedback.json`, exactly as skill-creator's viewer saves it, so its own
 * workflow (and `generate_review.py --previous-workspace`) reads the studio's reviews.
 */
export interface FeedbackJson {
  reviews: FeedbackReview[];
  status: 'in_progress' | 'complete';
}

/** The longest review note `evals.feedback.save` takes: longer is a paste gone wrong, not a review. */
export const MAX_FEEDBACK_CHARS = 100_000;

/** `evals.feedback.get` / `.save`: the eval run's feedback.json. */
export interface EvalFeedbackView {
  /** Absolute path of feedback.json (it may not exist yet). */
  file: string;
  /** What the file holds; no reviews when it does not exist or cannot be read. */
  feedback: FeedbackJson;
  /** Why the file on disk cannot be read (it is then never overwritten), or null. */
  problem: string | null;
}

/** A case run of an eval run, as `evals.transcript` names it. */
export type CaseRunRef = Extract<EvalRunRef, { kind: 'case' }>;

/** Pushed while an eval run goes on (over the StudioEvent stream). */
export type EvalEvent =
  /** After every finished (or failed) model run, and when the pool slows down. */
  | {
      type: 'eval.progress';
      skill: string;
      runId: string;
      kind: EvalJobKind;
      done: number;
      failed: number;
      total: number;
      elapsed_seconds: number;
      /** null until one run finished. */
      eta_seconds: number | null;
      /** Calls allowed in flight now (drops after a 429, climbs back). */
      concurrency: number;
    }
  /** A case run finished: graded (`run`) or not (`failed`). */
  | {
      type: 'eval.run';
      skill: string;
      runId: string;
      run: BenchmarkRun | null;
      failed: FailedRun | null;
    }
  /** A trigger query's tally changed (one more ask answered). */
  | { type: 'eval.trigger'; skill: string; runId: string; result: TriggerQueryResult }
  /** The eval run ended; `evals.get` now has the final files. */
  | {
      type: 'eval.finished';
      skill: string;
      runId: string;
      kind: EvalJobKind;
      status: EvalRunStatus;
      error: string | null;
    };

/** Methods, merged into StudioMethods (shared/api/studio-api.ts). */
export interface EvalMethods {
  /** The three sources of a skill, parsed, with diagnostics. */
  'evals.sources': [{ skill: string }, EvalSources];
  /**
   * Rewrites the cases of one source: `evals-json` writes evals/evals.json (keeping
   * `skill_name`); `inline` replaces the frontmatter's `eval:` key only (comments and
   * other keys kept). A changed file since `expectedVersion` is refused (`conflict`).
   */
  'evals.saveCases': [
    {
      skill: string;
      source: 'inline' | 'evals-json';
      cases: EvalCaseInput[];
      expectedVersion?: string | null;
    },
    EvalSources,
  ];
  /** Rewrites evals/triggers.json. */
  'evals.saveTriggers': [
    {
      skill: string;
      queries: { query: string; should_trigger: boolean }[];
      expectedVersion?: string | null;
    },
    EvalSources,
  ];
  /** Starts a benchmark (cases × configurations × runs); progress as EvalEvents. */
  'evals.start': [{ skill: string; options?: BenchmarkOptions }, EvalStarted];
  /** Starts a trigger eval of the trigger set. */
  'evals.startTriggers': [{ skill: string; options?: ClientTriggerOptions }, EvalStarted];
  /**
   * Starts "improve description": scores the current description, asks the model for a
   * better one from the train split's failures, scores it; both on the held-out split.
   * Nothing is written to SKILL.md: the UI offers `new.description` as an edit.
   */
  'evals.improveDescription': [{ skill: string; options?: ImproveOptions }, EvalStarted];
  /** Stops a running eval run; what finished stays on disk (status `cancelled`). */
  'evals.cancel': [{ skill: string; runId: string }, { ok: true; was_running: boolean }];
  /** The skill's eval runs, newest first (the pass-rate chart reads these). */
  'evals.list': [{ skill: string; limit?: number }, { runs: EvalRunListItem[] }];
  'evals.get': [{ skill: string; runId: string }, EvalRunDetail];
  /** One model run's transcript, grading and outputs. */
  'evals.transcript': [{ skill: string; runId: string; ref: EvalRunRef }, EvalRunFiles];
  /** The eval run's feedback.json (skill-creator's review loop). */
  'evals.feedback.get': [{ skill: string; runId: string }, EvalFeedbackView];
  /**
   * Sets the review of one case run in the eval run's feedback.json (blank text removes
   * it), keeping every other review; `status` defaults to `in_progress`, as the viewer's
   * autosave. Written atomically; a feedback.json that cannot be read is refused, never
   * overwritten.
   */
  'evals.feedback.save': [
    {
      skill: string;
      runId: string;
      ref: CaseRunRef;
      feedback: string;
      status?: FeedbackJson['status'];
    },
    EvalFeedbackView,
  ];
}
