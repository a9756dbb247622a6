/**
 * The eval methods of the Studio API (shared/api/evals.ts). Kept apart from
 * studio-host.ts, which spreads them into its handler table; they reach the host only
 * through the narrow context below.
 *
 * Long jobs (benchmark, triggers, improve) start in the background: the method answers
 * with the runId at once, progress goes out as EvalEvents through `ctx.emit`, and the
 * folder on disk is the truth (`evals.get` reads it back at any moment).
 */
import type { AgentClientId, AgentClientInfo } from '../../../shared/api/agent-clients';
import type { ClientTriggerOptions } from '../../../shared/api/evals';
import { ClientRunRefused, runnerFor } from '../agent-clients/run-client';
import { chooseUpstream } from '../agent-clients/upstream';
import { catalogSkills } from '../agent-clients/installed-skills';
import type { ClientEvalTarget } from './client-asks';
import { logSwallowed } from '../log';
import path from 'node:path';
import type { Handlers } from '../handler-table';
import { StudioError } from '../../../shared/errors';
import type {
  BenchmarkOptions,
  ConfigurationName,
  EvalEvent,
  EvalJobKind,
  EvalMethods,
  EvalRunDetail,
  EvalRunListItem,
  EvalRunRef,
  EvalStarted,
  ModelChoice,
} from '../../../shared/api/evals';
import type { AgentConfig, SkillListing } from '../../../shared/api/studio-api';
import type { SkillRecord } from '../../../shared/skill/model';
import type { IndexedSkill } from '../../../shared/skill/prompt-index';
import { winners } from '../../../shared/playground/agent-preview';
import { parseSkillMd } from '../../../shared/skill/validate';
import { errorMessage } from '../../../shared/errors';
import {
  defaultProvider,
  findProvider,
  modelAllowed,
  type ChatApi,
  type LoadedProviderSet,
  type ProviderConfig,
} from '../providers';
import { howToAddProvider } from '../runner/llm/skill-agent';
import type { ExecContext, ExecOutcome } from '../runner/core/types';
import { readFileForEditor } from '../skill-files';
import { runBenchmark } from './benchmark';
import { ProviderPools, type CallPool, type PoolLease } from './call-pool';
import {
  BENCHMARK_FILE,
  caseFolderOfKey,
  caseRunDir,
  createRunFolder,
  IMPROVE_FILE,
  listFiles,
  readJson,
  RUN_RECORD,
  skillEvalsDir,
  TRIGGER_RESULTS_FILE,
  triggerRunDir,
  writeJson,
  type EvalRunRecord,
} from './eval-store';
import { assertRealPathInside } from '../fs/safe-path';
import { fileAtHead } from './git-head';
import { readFeedback, saveFeedback, viewerRunId } from './feedback';
import type { ModelTarget, RunEnvironment } from './model-run';
import { readEvalSources, saveCases, saveTriggers } from './sources';
import { describeSkippedCase } from '../../../shared/eval/skipped-case';
import { runImproveDescription, runTriggerEval } from './triggers';
import { promises as fsp } from 'node:fs';

export interface EvalsContext {
  /** Where `.skill-studio/evals/` lives; null: no workspace open (runs are refused). */
  workspace(): string | null;
  skillAt(ref: string): SkillRecord;
  writableSkill(ref: string): SkillRecord;
  refresh(dir: string): Promise<void>;
  /** Every listed skill (the trigger eval's `<available_skills>` index). */
  listing(): SkillListing;
  agents(): AgentConfig[];
  providerSet(): Promise<LoadedProviderSet>;
  /** Runs a script of the skill in the sandbox (the agent loop's run_skill_script). */
  runScript(ctx: ExecContext): Promise<ExecOutcome>;
  emit(event: EvalEvent): void;
  /** An agent client as discovery finds it (PATH or the user's settings), for `--client` runs. */
  agentClient?: (id: AgentClientId) => Promise<AgentClientInfo>;
  /** The user's home, for `catalog: installed` (null or absent: none read). */
  home?: () => string | null;
  /** Replaces the provider clients (tests, benchmarks). */
  clientFor?: (
    provider: ProviderConfig,
    apiKey: string | null,
    onRetry: (m: string) => void,
  ) => ChatApi;
}

type EvalMethodName = keyof EvalMethods;

export const DEFAULT_RUNS = 3;
export const DEFAULT_CONCURRENCY = 4;
export const DEFAULT_TIMEOUT_SECONDS = 120;
/** Agent-client asks at once: each is a whole client process. */
export const DEFAULT_CLIENT_CONCURRENCY = 2;
export const DEFAULT_THRESHOLD = 0.5;
export const DEFAULT_HOLDOUT = 0.4;

interface Job {
  kind: EvalJobKind;
  controller: AbortController;
  done: Promise<void>;
}

/** The provider and model of a run: asked for, else the skill's llm_config, else the default. */
export function resolveTarget(
  set: LoadedProviderSet,
  choice: ModelChoice | undefined,
  record: SkillRecord,
  fallback?: ModelTarget,
): ModelTarget {
  const llm = record.definition.llm_config ?? null;
  let provider: ProviderConfig | undefined;
  if (choice?.provider) {
    provider = findProvider(set, choice.provider) ?? undefined;
    if (!provider)
      throw new StudioError('invalid_params', `no provider "${choice.provider}" is configured`);
  } else if (fallback) {
    // The grader on the run's provider: another model of it, checked like any other.
    return allowedTarget(fallback.provider, choice?.model ?? fallback.model);
  } else if (llm?.provider_name) provider = findProvider(set, llm.provider_name) ?? undefined;
  provider = provider ?? defaultProvider(set) ?? undefined;
  if (!provider)
    throw new StudioError(
      'invalid_params',
      `no LLM provider is configured, so evals cannot run: ${howToAddProvider(set.userFile)}`,
    );
  const skillModel =
    !choice?.provider &&
    llm?.provider_name === provider.id &&
    typeof llm.provider_config?.model === 'string'
      ? llm.provider_config.model
      : null;
  return allowedTarget(provider, choice?.model ?? skillModel ?? provider.model);
}

function allowedTarget(provider: ProviderConfig, model: string): ModelTarget {
  if (!modelAllowed(provider, model))
    throw new StudioError(
      'invalid_params',
      `the model "${model}" is not among the models of provider "${provider.id}"`,
    );
  return { provider, model };
}

function requireWorkspace(workspace: string | null): string {
  if (!workspace)
    throw new StudioError(
      'invalid_params',
      'open a workspace first: eval results are written under its .skill-studio/evals/',
    );
  return workspace;
}

/** The skills the model sees beside this one: the agent's allowlist, or every listed skill. */
function otherSkills(ctx: EvalsContext, agent: string | null | undefined): IndexedSkill[] {
  const byName = winners(ctx.listing().skills);
  let names = [...byName.keys()];
  if (agent) {
    const conf = ctx.agents().find((a) => a.id === agent);
    if (!conf) throw new StudioError('not_found', `no agent "${agent}" in skill-studio.json`);
    names = conf.allowed_skills;
  }
  return names
    .map((n) => byName.get(n))
    .filter((s) => s !== undefined && s.status !== 'Archived')
    .map((s) => ({ name: s!.name, description: s!.description }));
}

/**
 * The folder of the case a transcript ref names. By its key first (`eval-inline-1`,
 * `eval-3`); else (a ref without a key, or an eval run written when inline cases were
 * foldered by their benchmark id) the `eval-*` folder whose eval_metadata.json names
 * the case, by key when given, else by eval_id.
 */
async function caseFolderIn(
  runFolder: string,
  ref: Extract<EvalRunRef, { kind: 'case' }>,
): Promise<string> {
  const keyed = ref.case_key ? caseFolderOfKey(ref.case_key) : null;
  if (keyed) {
    const found = await fsp.stat(path.join(runFolder, keyed)).catch(() => null);
    if (found?.isDirectory()) return keyed;
  }
  const names = await fsp.readdir(runFolder).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.startsWith('eval-')).sort()) {
    const meta = await readJson<{ eval_id?: unknown; case_key?: unknown }>(
      path.join(runFolder, name, 'eval_metadata.json'),
    );
    if (ref.case_key ? meta?.case_key === ref.case_key : meta?.eval_id === ref.eval_id) return name;
  }
  return keyed ?? `eval-${ref.eval_id}`;
}

export function evalHandlers(ctx: EvalsContext): Pick<Handlers, EvalMethodName> {
  const jobs = new Map<string, Job>();
  const jobKey = (dir: string, runId: string) => `${dir}\0${runId}`;

  // One call pool per provider for the whole host: runs going on at once share it.
  const pools = new ProviderPools();

  /** A run's environment; `release` (at its end) lets go of the provider pools it used. */
  const environment = (
    concurrency: number,
    set: LoadedProviderSet,
    target: ModelTarget,
  ): RunEnvironment & { release(): void } => {
    const leases = new Map<string, PoolLease>();
    const poolFor = (id: string): CallPool => {
      let lease = leases.get(id);
      if (!lease) {
        lease = pools.lease(id, concurrency);
        leases.set(id, lease);
      }
      return lease.pool;
    };
    return {
      // One eval run compares configurations on one provider setup: read once, at its start.
      providers: async () => set,
      runScript: (c) => ctx.runScript(c),
      // Its current limit rides on every eval.progress event.
      pool: poolFor(target.provider.id),
      poolFor,
      clientFor: ctx.clientFor,
      release: () => {
        for (const lease of leases.values()) lease.release();
        leases.clear();
      },
    };
  };

  /** Runs a job in the background, keeping eval_run.json and the events right at the end. */
  const launch = (
    record: SkillRecord,
    runRecord: EvalRunRecord,
    folder: string,
    recordWritten: Promise<void>,
    /** Lets go of what the run held (its provider pools), whatever way it ends. */
    release: () => void,
    work: (signal: AbortSignal) => Promise<Partial<EvalRunRecord>>,
  ): Promise<void> => {
    const controller = new AbortController();
    const key = jobKey(record.dir, runRecord.runId);
    const done = (async () => {
      let patch: Partial<EvalRunRecord>;
      try {
        patch = await work(controller.signal);
      } catch (err) {
        patch = {
          status: controller.signal.aborted ? 'cancelled' : 'failed',
          error: errorMessage(err),
        };
      } finally {
        release();
      }
      const final: EvalRunRecord = {
        ...runRecord,
        ...patch,
        finished_at: new Date().toISOString(),
      };
      if (controller.signal.aborted) final.status = 'cancelled';
      try {
        // The first record may have failed; the final one is written regardless.
        await recordWritten.catch(logSwallowed('eval run: first run record not written'));
        await writeJson(path.join(folder, RUN_RECORD), final);
      } catch (err) {
        final.error = final.error ?? errorMessage(err);
      }
      jobs.delete(key);
      ctx.emit({
        type: 'eval.finished',
        skill: record.dir,
        runId: runRecord.runId,
        kind: runRecord.kind,
        status: final.status,
        error: final.error,
      });
    })();
    jobs.set(key, { kind: runRecord.kind, controller, done });
    // The method answers once the run's record is on disk (evals.list shows it).
    return recordWritten;
  };

  const begin = async (
    record: SkillRecord,
    kind: EvalJobKind,
    target: ModelTarget,
    options: unknown,
  ): Promise<{ runRecord: EvalRunRecord; folder: string; recordWritten: Promise<void> }> => {
    const workspace = requireWorkspace(ctx.workspace());
    const now = new Date();
    const { runId, folder } = await createRunFolder(
      workspace,
      skillEvalsDir(workspace, record.summary.name),
      now,
    );
    const runRecord: EvalRunRecord = {
      runId,
      kind,
      status: 'running',
      skill_name: record.summary.name,
      skill_dir: record.dir,
      started_at: now.toISOString(),
      finished_at: null,
      provider: target.provider.id,
      model: target.model,
      pass_rate: {},
      trigger_pass_rate: null,
      error: null,
      options,
    };
    // Written while the job starts (not before): the final record waits for it.
    const recordWritten = writeJson(path.join(folder, RUN_RECORD), runRecord);
    return { runRecord, folder, recordWritten };
  };

  /**
   * The skill's eval folder for reading runs back: like the runs' writes, refused when a
   * committed link takes it out of the workspace (its files would be anyone's).
   */
  const evalsFolder = async (record: SkillRecord): Promise<string> => {
    const workspace = requireWorkspace(ctx.workspace());
    const base = skillEvalsDir(workspace, record.summary.name);
    await assertRealPathInside(workspace, base, 'the eval results');
    return base;
  };

  const runFolder = async (record: SkillRecord, runId: string): Promise<string> =>
    path.join(await evalsFolder(record), runId);

  /** A run folder that holds an eval run (its eval_run.json), else `not_found`. */
  const existingRunFolder = async (record: SkillRecord, runId: string): Promise<string> => {
    const folder = await runFolder(record, runId);
    if (!(await readJson<EvalRunRecord>(path.join(folder, RUN_RECORD))))
      throw new StudioError('not_found', `no eval run ${runId} for "${record.summary.name}"`);
    return folder;
  };

  /** `--client ID`: the client found, the provider it speaks, the upstream its relay uses. */
  const clientTarget = async (
    options: Pick<
      ClientTriggerOptions,
      'client' | 'allow_scripts' | 'provider' | 'model' | 'concurrency' | 'catalog'
    >,
    set: LoadedProviderSet,
    skillName: string,
  ): Promise<{ client: ClientEvalTarget; target: ModelTarget } | null> => {
    if (!options.client) return null;
    if (!ctx.agentClient)
      throw new StudioError('invalid_params', 'this host cannot run evals in agent clients');
    try {
      const runner = runnerFor(options.client);
      const info = await ctx.agentClient(options.client);
      if (!info.found)
        throw new ClientRunRefused(
          `${info.name} is not installed here (see \`skill-studio clients\`): put it on PATH or set its path in the settings`,
        );
      const chosen = chooseUpstream(runner, set, process.env, {
        provider: options.provider ?? undefined,
        model: options.model ?? undefined,
      });
      return {
        client: {
          info,
          upstream: chosen.upstream,
          allowScripts: options.allow_scripts === true,
          concurrency: options.concurrency ?? DEFAULT_CLIENT_CONCURRENCY,
          others: await catalogSkills(
            options.catalog,
            { id: options.client, home: ctx.home?.() ?? null, listing: () => ctx.listing().skills },
            skillName,
          ),
        },
        target: { provider: chosen.provider, model: chosen.upstream.model },
      };
    } catch (err) {
      if (err instanceof ClientRunRefused) throw new StudioError('invalid_params', err.message);
      throw err;
    }
  };

  const startTriggers = async (
    skill: string,
    options: ClientTriggerOptions & { holdout?: number },
    kind: 'triggers' | 'improve',
  ): Promise<EvalStarted> => {
    const record = ctx.skillAt(skill);
    const sources = await readEvalSources(record, { previousVersion: false });
    const set = await ctx.providerSet();
    const inClient = await clientTarget(options, set, record.summary.name);
    if (inClient && kind === 'improve')
      throw new StudioError(
        'invalid_params',
        'improving a description runs in the studio only, not in an agent client',
      );
    const target = inClient?.target ?? resolveTarget(set, options, record);
    let queries = sources.triggers.map((q, index) => ({ ...q, index }));
    // Every query that cannot run is named with the run; naming queries runs only those.
    const skipped = options.queries ? [] : sources.skipped_queries;
    if (options.queries) queries = queries.filter((q) => options.queries!.includes(q.index));
    if (queries.length === 0)
      throw new StudioError(
        'invalid_params',
        skipped.length > 0
          ? `"${record.summary.name}" has no trigger query that can run: ${skipped.map(describeSkippedCase).join('; ')}`
          : `"${record.summary.name}" has no trigger queries: add evals/triggers.json`,
      );
    if (
      kind === 'improve' &&
      (!queries.some((q) => q.should_trigger) || !queries.some((q) => !q.should_trigger))
    )
      throw new StudioError(
        'invalid_params',
        'improving the description needs queries that should trigger and queries that should not',
      );
    const others = otherSkills(ctx, options.agent);
    const runs = options.runs ?? DEFAULT_RUNS;
    const { runRecord, folder, recordWritten } = await begin(record, kind, target, options);
    const env = environment(options.concurrency ?? DEFAULT_CONCURRENCY, set, target);
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
      runId: runRecord.runId,
      folder,
      skipped,
      client: inClient ? { ...inClient.client, skillDir: record.dir } : null,
    };
    await launch(record, runRecord, folder, recordWritten, env.release, async (signal) => {
      if (kind === 'triggers') {
        const out = await runTriggerEval(env, plan, { signal, emit: ctx.emit });
        return {
          status: out.studio.status,
          error: out.studio.error,
          trigger_pass_rate:
            out.summary.total === 0 ? null : out.summary.passed / out.summary.total,
        };
      }
      const out = await runImproveDescription(
        env,
        { ...plan, holdout: options.holdout ?? DEFAULT_HOLDOUT, body: record.body },
        { signal, emit: ctx.emit },
      );
      return { status: out.studio.status, error: out.studio.error };
    });
    return {
      runId: runRecord.runId,
      kind,
      total: queries.length * runs * (kind === 'improve' ? 2 : 1),
      folder,
      skipped,
    };
  };

  return {
    'evals.sources': async ({ skill }) => readEvalSources(ctx.skillAt(skill)),
    'evals.saveCases': async ({ skill, source, cases, expectedVersion }) => {
      const record = ctx.writableSkill(skill);
      await saveCases(record, source, cases, expectedVersion ?? null);
      await ctx.refresh(record.dir);
      return readEvalSources(ctx.skillAt(record.dir));
    },
    'evals.saveTriggers': async ({ skill, queries, expectedVersion }) => {
      const record = ctx.writableSkill(skill);
      await saveTriggers(record, queries, expectedVersion ?? null);
      await ctx.refresh(record.dir);
      return readEvalSources(ctx.skillAt(record.dir));
    },
    'evals.start': async ({ skill, options = {} }) => {
      const record = ctx.skillAt(skill);
      const o: BenchmarkOptions = options;
      const sources = await readEvalSources(record, { previousVersion: false });
      let cases = sources.cases;
      // Every case that cannot run is named with the run; naming cases runs only those.
      let skipped = sources.skipped_cases;
      if (o.cases) {
        const unknown = o.cases.filter((k) => !cases.some((c) => c.key === k));
        if (unknown.length > 0) {
          const broken = skipped.filter((s) => s.key !== null && unknown.includes(s.key));
          throw new StudioError(
            'invalid_params',
            broken.length > 0
              ? broken.map(describeSkippedCase).join('; ')
              : `no eval case ${unknown.map((k) => `"${k}"`).join(', ')}`,
          );
        }
        cases = cases.filter((c) => o.cases!.includes(c.key));
        skipped = [];
      }
      if (cases.length === 0)
        throw new StudioError(
          'invalid_params',
          skipped.length > 0
            ? `"${record.summary.name}" has no eval case that can run: ${skipped.map(describeSkippedCase).join('; ')}`
            : `"${record.summary.name}" has no eval cases that can run: add eval: to its frontmatter or evals/evals.json`,
        );
      const configurations: ConfigurationName[] = o.configurations ?? [
        'with_skill',
        'without_skill',
      ];
      let oldBody: string | null = null;
      if (configurations.includes('old_skill')) {
        const old = record.skillMdPath ? await fileAtHead(record.skillMdPath) : null;
        if (old === null)
          throw new StudioError(
            'invalid_params',
            'no previous version: SKILL.md is not committed at git HEAD',
          );
        oldBody = parseSkillMd(old).body;
      }
      const set = await ctx.providerSet();
      const inClient = await clientTarget(o, set, record.summary.name);
      if (inClient && configurations.includes('old_skill'))
        throw new StudioError(
          'invalid_params',
          'old_skill runs in the studio only; in an agent client, compare with_skill and without_skill',
        );
      const target = inClient?.target ?? resolveTarget(set, o, record);
      // The grader is the studio's own call, on the run's provider unless one is named.
      const grader = o.grader ? resolveTarget(set, o.grader, record, target) : target;
      const inputFiles = new Map<string, string>();
      for (const f of new Set(cases.flatMap((c) => c.files))) {
        try {
          const content = await readFileForEditor(record.dir, f);
          if (content.kind === 'text') inputFiles.set(f, content.text);
        } catch {
          // Named but unreadable: the user turn says "(could not be read)".
        }
      }
      const runs = o.runs ?? DEFAULT_RUNS;
      const concurrency =
        o.concurrency ?? (o.client ? DEFAULT_CLIENT_CONCURRENCY : DEFAULT_CONCURRENCY);
      const { runRecord, folder, recordWritten } = await begin(record, 'benchmark', target, o);
      const env = environment(concurrency, set, target);
      await launch(record, runRecord, folder, recordWritten, env.release, async (signal) => {
        const out = await runBenchmark(
          env,
          {
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
            runId: runRecord.runId,
            folder,
            inputFiles,
            skipped,
            client: inClient ? { ...inClient.client, skillDir: record.dir } : null,
          },
          { signal, emit: ctx.emit },
        );
        const passRate: EvalRunRecord['pass_rate'] = {};
        for (const c of configurations) {
          const s = out.run_summary[c];
          if (s) passRate[c] = s.pass_rate.mean;
        }
        return { status: out.studio.status, error: out.studio.error, pass_rate: passRate };
      });
      return {
        runId: runRecord.runId,
        kind: 'benchmark',
        total: cases.length * configurations.length * runs,
        folder,
        skipped,
      };
    },
    'evals.startTriggers': ({ skill, options = {} }) => startTriggers(skill, options, 'triggers'),
    'evals.improveDescription': ({ skill, options = {} }) =>
      startTriggers(skill, options, 'improve'),
    'evals.cancel': async ({ skill, runId }) => {
      const record = ctx.skillAt(skill);
      const job = jobs.get(jobKey(record.dir, runId));
      if (!job) return { ok: true as const, was_running: false };
      job.controller.abort('cancelled');
      // What finished is on disk, and eval_run.json says cancelled, before we answer.
      await job.done;
      return { ok: true as const, was_running: true };
    },
    'evals.list': async ({ skill, limit }) => {
      const record = ctx.skillAt(skill);
      // Without a workspace nothing was ever written: an empty history, not an error.
      if (!ctx.workspace()) return { runs: [] };
      const base = await evalsFolder(record);
      let names: string[] = [];
      try {
        names = (await fsp.readdir(base, { withFileTypes: true }))
          .filter((e) => e.isDirectory())
          .map((e) => e.name);
      } catch {
        names = [];
      }
      names.sort().reverse();
      const out: EvalRunListItem[] = [];
      for (const name of names) {
        if (limit !== undefined && out.length >= limit) break;
        const rec = await readJson<EvalRunRecord>(path.join(base, name, RUN_RECORD));
        if (!rec) continue;
        const live = jobs.has(jobKey(record.dir, name));
        out.push({
          runId: name,
          kind: rec.kind,
          // A run left 'running' by a host that stopped is not running any more.
          status: rec.status === 'running' && !live ? 'failed' : rec.status,
          started_at: rec.started_at,
          provider: rec.provider,
          model: rec.model,
          pass_rate: rec.pass_rate ?? {},
          trigger_pass_rate: rec.trigger_pass_rate ?? null,
          live,
        });
      }
      return { runs: out };
    },
    'evals.get': async ({ skill, runId }) => {
      const record = ctx.skillAt(skill);
      const folder = await runFolder(record, runId);
      const rec = await readJson<EvalRunRecord>(path.join(folder, RUN_RECORD));
      if (!rec)
        throw new StudioError('not_found', `no eval run ${runId} for "${record.summary.name}"`);
      const live = jobs.has(jobKey(record.dir, runId));
      const detail: EvalRunDetail = {
        runId,
        kind: rec.kind,
        status: rec.status === 'running' && !live ? 'failed' : rec.status,
        folder,
        benchmark: await readJson(path.join(folder, BENCHMARK_FILE)),
        triggers: await readJson(path.join(folder, TRIGGER_RESULTS_FILE)),
        improve: await readJson(path.join(folder, IMPROVE_FILE)),
      };
      return detail;
    },
    'evals.transcript': async ({ skill, runId, ref }) => {
      const record = ctx.skillAt(skill);
      const folder = await runFolder(record, runId);
      const rel =
        ref.kind === 'case'
          ? caseRunDir(await caseFolderIn(folder, ref), ref.configuration, ref.run_number)
          : `${ref.phase ? `${ref.phase}/` : ''}${triggerRunDir(ref.query_index, ref.run_number)}`;
      const dir = path.join(folder, ...rel.split('/'));
      const transcript = await readJson<import('../../../shared/api/evals').EvalTranscript>(
        path.join(dir, 'transcript.json'),
      );
      if (!transcript) throw new StudioError('not_found', `no run ${rel} in eval run ${runId}`);
      return {
        transcript,
        grading: ref.kind === 'case' ? await readJson(path.join(dir, 'grading.json')) : null,
        outputs: await listFiles(path.join(dir, 'outputs')),
        folder: dir,
        ...(ref.kind === 'case' ? { run_id: viewerRunId(rel) } : {}),
      };
    },
    'evals.feedback.get': async ({ skill, runId }) => {
      const record = ctx.skillAt(skill);
      const folder = await existingRunFolder(record, runId);
      return readFeedback(requireWorkspace(ctx.workspace()), folder);
    },
    'evals.feedback.save': async ({ skill, runId, ref, feedback, status }) => {
      const record = ctx.skillAt(skill);
      const folder = await existingRunFolder(record, runId);
      const rel = caseRunDir(await caseFolderIn(folder, ref), ref.configuration, ref.run_number);
      const ran = await fsp.stat(path.join(folder, ...rel.split('/'))).catch(() => null);
      if (!ran?.isDirectory())
        throw new StudioError('not_found', `no run ${rel} in eval run ${runId}`);
      return saveFeedback(
        requireWorkspace(ctx.workspace()),
        folder,
        viewerRunId(rel),
        feedback,
        status,
      );
    },
  };
}
