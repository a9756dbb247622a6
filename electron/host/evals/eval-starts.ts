/**
 * Starting the three long eval jobs: each checks what it was asked against the skill's
 * sources (refusing what cannot run before any folder is made), then hands the run to
 * the job service and answers with what was started.
 */
import type {
  BenchmarkOptions,
  ClientTriggerOptions,
  ConfigurationName,
  EvalCase,
  EvalSources,
  EvalStarted,
  SkippedCase,
  TriggerQuery,
} from '../../../shared/api/evals';
import type { SkillRecord } from '../../../shared/skill/model';
import { describeSkippedCase } from '../../../shared/eval/skipped-case';
import { parseSkillMd } from '../../../shared/skill/validate';
import { StudioError } from '../../../shared/errors';
import { readFileForEditor } from '../skill-files';
import { runBenchmark } from './benchmark';
import type { BenchmarkPlan } from './benchmark-run';
import type { EvalsContext } from './eval-context';
import type { EvalJobs } from './eval-jobs';
import type { EvalRunRecord } from './eval-store';
import {
  clientTarget,
  DEFAULT_CLIENT_CONCURRENCY,
  otherSkills,
  resolveTarget,
} from './eval-targets';
import { fileAtHead } from './git-head';
import { readEvalSources } from './sources';
import { runImproveDescription, runTriggerEval } from './triggers';

const DEFAULT_RUNS = 3;
const DEFAULT_CONCURRENCY = 4;

/**
 * How many calls a run makes at once, unless it says: fewer inside an agent client (each a
 * whole client process), and the same for a benchmark and a trigger run, whose provider's
 * pool is leased at that width.
 */
export function runConcurrency(o: { concurrency?: number; client?: unknown }): number {
  return o.concurrency ?? (o.client ? DEFAULT_CLIENT_CONCURRENCY : DEFAULT_CONCURRENCY);
}
const DEFAULT_TIMEOUT_SECONDS = 120;
const DEFAULT_THRESHOLD = 0.5;
const DEFAULT_HOLDOUT = 0.4;

/**
 * The cases a benchmark runs: the named ones (an unknown name refused, a broken one with
 * why), else every case that can run; `skipped` are those left out for their errors.
 */
export function casesToRun(
  skillName: string,
  sources: Pick<EvalSources, 'cases' | 'skipped_cases'>,
  named: readonly string[] | undefined,
): { cases: EvalCase[]; skipped: SkippedCase[] } {
  let cases = sources.cases;
  // Every case that cannot run is named with the run; naming cases runs only those.
  let skipped = sources.skipped_cases;
  if (named) {
    const unknown = named.filter((k) => !cases.some((c) => c.key === k));
    if (unknown.length > 0) {
      const broken = skipped.filter((s) => s.key !== null && unknown.includes(s.key));
      throw new StudioError(
        'invalid_params',
        broken.length > 0
          ? broken.map(describeSkippedCase).join('; ')
          : `no eval case ${unknown.map((k) => `"${k}"`).join(', ')}`,
      );
    }
    cases = cases.filter((c) => named.includes(c.key));
    skipped = [];
  }
  if (cases.length === 0)
    throw new StudioError(
      'invalid_params',
      skipped.length > 0
        ? `"${skillName}" has no eval case that can run: ${skipped.map(describeSkippedCase).join('; ')}`
        : `"${skillName}" has no eval cases that can run: add eval: to its frontmatter or evals/evals.json`,
    );
  return { cases, skipped };
}

/**
 * The trigger queries a run asks, with their index in the set: the named ones, else
 * every query that can run. Improving a description needs both kinds of query.
 */
export function queriesToRun(
  skillName: string,
  sources: Pick<EvalSources, 'triggers' | 'skipped_queries'>,
  named: readonly number[] | undefined,
  kind: 'triggers' | 'improve',
): { queries: (TriggerQuery & { index: number })[]; skipped: SkippedCase[] } {
  let queries = sources.triggers.map((q, index) => ({ ...q, index }));
  // Every query that cannot run is named with the run; naming queries runs only those.
  const skipped = named ? [] : sources.skipped_queries;
  if (named) queries = queries.filter((q) => named.includes(q.index));
  if (queries.length === 0)
    throw new StudioError(
      'invalid_params',
      skipped.length > 0
        ? `"${skillName}" has no trigger query that can run: ${skipped.map(describeSkippedCase).join('; ')}`
        : `"${skillName}" has no trigger queries: add evals/triggers.json`,
    );
  if (
    kind === 'improve' &&
    (!queries.some((q) => q.should_trigger) || !queries.some((q) => !q.should_trigger))
  )
    throw new StudioError(
      'invalid_params',
      'improving the description needs queries that should trigger and queries that should not',
    );
  return { queries, skipped };
}

/** The body of SKILL.md at git HEAD when `old_skill` is compared, else null. */
async function oldSkillBody(
  record: SkillRecord,
  configurations: readonly ConfigurationName[],
): Promise<string | null> {
  if (!configurations.includes('old_skill')) return null;
  const old = record.skillMdPath ? await fileAtHead(record.skillMdPath) : null;
  if (old === null)
    throw new StudioError(
      'invalid_params',
      'no previous version: SKILL.md is not committed at git HEAD',
    );
  return parseSkillMd(old).body;
}

/** The text of the files the cases name, by path; one that cannot be read is left out. */
async function readInputFiles(
  record: SkillRecord,
  cases: readonly EvalCase[],
): Promise<Map<string, string>> {
  const inputFiles = new Map<string, string>();
  for (const f of new Set(cases.flatMap((c) => c.files))) {
    try {
      const content = await readFileForEditor(record.dir, f);
      if (content.kind === 'text') inputFiles.set(f, content.text);
    } catch {
      // Named but unreadable: the user turn says "(could not be read)".
    }
  }
  return inputFiles;
}

/** eval_run.json's pass rates: the mean of each configuration that ran. */
export function passRates(
  summary: Partial<Record<ConfigurationName, { pass_rate: { mean: number } }>>,
  configurations: readonly ConfigurationName[],
): EvalRunRecord['pass_rate'] {
  const passRate: EvalRunRecord['pass_rate'] = {};
  for (const c of configurations) {
    const s = summary[c];
    if (s) passRate[c] = s.pass_rate.mean;
  }
  return passRate;
}

/** `evals.start`: a benchmark of the skill's cases in the background. */
export async function startBenchmark(
  ctx: EvalsContext,
  jobs: EvalJobs,
  skill: string,
  o: BenchmarkOptions,
): Promise<EvalStarted> {
  const record = ctx.skillAt(skill);
  const sources = await readEvalSources(record, { previousVersion: false });
  const { cases, skipped } = casesToRun(record.summary.name, sources, o.cases);
  const configurations: ConfigurationName[] = o.configurations ?? ['with_skill', 'without_skill'];
  const oldBody = await oldSkillBody(record, configurations);
  const set = await ctx.providerSet();
  const inClient = await clientTarget(ctx, o, set, record.summary.name);
  if (inClient && configurations.includes('old_skill'))
    throw new StudioError(
      'invalid_params',
      'old_skill runs in the studio only; in an agent client, compare with_skill and without_skill',
    );
  const target = inClient?.target ?? resolveTarget(set, o, record);
  // The grader is the studio's own call, on the run's provider unless one is named.
  const grader = o.grader ? resolveTarget(set, o.grader, record, target) : target;
  const inputFiles = await readInputFiles(record, cases);
  const runs = o.runs ?? DEFAULT_RUNS;
  const concurrency = runConcurrency(o);
  const plan: Omit<BenchmarkPlan, 'runId' | 'folder'> = {
    skill: record.dir,
    record,
    oldBody,
    cases,
    configurations,
    runs,
    concurrency,
    target,
    grader,
    timeoutMs: (o.timeout_seconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000,
    inputFiles,
    skipped,
    client: inClient ? { ...inClient.client, skillDir: record.dir } : null,
  };
  const { runId, folder } = await jobs.start(
    { record, kind: 'benchmark', target, options: o, concurrency, set },
    async ({ runId, folder, env, signal }) => {
      const out = await runBenchmark(env, { ...plan, runId, folder }, { signal, emit: ctx.emit });
      return {
        status: out.studio.status,
        error: out.studio.error,
        pass_rate: passRates(out.run_summary, configurations),
      };
    },
  );
  return {
    runId,
    kind: 'benchmark',
    total: cases.length * configurations.length * runs,
    folder,
    skipped,
  };
}

/** `evals.startTriggers` and `evals.improveDescription`: a run of the trigger set. */
export async function startTriggers(
  ctx: EvalsContext,
  jobs: EvalJobs,
  skill: string,
  options: ClientTriggerOptions & { holdout?: number },
  kind: 'triggers' | 'improve',
): Promise<EvalStarted> {
  const record = ctx.skillAt(skill);
  const sources = await readEvalSources(record, { previousVersion: false });
  const set = await ctx.providerSet();
  const inClient = await clientTarget(ctx, options, set, record.summary.name);
  if (inClient && kind === 'improve')
    throw new StudioError(
      'invalid_params',
      'improving a description runs in the studio only, not in an agent client',
    );
  const target = inClient?.target ?? resolveTarget(set, options, record);
  const { queries, skipped } = queriesToRun(record.summary.name, sources, options.queries, kind);
  const others = otherSkills(ctx, options.agent);
  const runs = options.runs ?? DEFAULT_RUNS;
  const plan = {
    skill: record.dir,
    skillName: record.summary.name,
    description: sources.description,
    others,
    queries,
    runs,
    threshold: options.threshold ?? DEFAULT_THRESHOLD,
    target,
    timeoutMs: DEFAULT_TIMEOUT_SECONDS * 1000,
    skipped,
    client: inClient ? { ...inClient.client, skillDir: record.dir } : null,
  };
  const { runId, folder } = await jobs.start(
    {
      record,
      kind,
      target,
      options,
      concurrency: runConcurrency(options),
      set,
    },
    async ({ runId, folder, env, signal }) => {
      const hooks = { signal, emit: ctx.emit };
      if (kind === 'triggers') {
        const out = await runTriggerEval(env, { ...plan, runId, folder }, hooks);
        return {
          status: out.studio.status,
          error: out.studio.error,
          trigger_pass_rate:
            out.summary.total === 0 ? null : out.summary.passed / out.summary.total,
        };
      }
      const out = await runImproveDescription(
        env,
        { ...plan, runId, folder, holdout: options.holdout ?? DEFAULT_HOLDOUT, body: record.body },
        hooks,
      );
      return { status: out.studio.status, error: out.studio.error };
    },
  );
  return {
    runId,
    kind,
    total: queries.length * runs * (kind === 'improve' ? 2 : 1),
    folder,
    skipped,
  };
}
