/**
 * `skill-studio eval SKILL [--provider ID] [--model M] [--grader-model M] [--runs N]
 * [--concurrency K] [--previous] [--case KEY]… [--min-pass-rate R] [--json]` runs the
 * skill's eval cases with and without the skill (and, with --previous, as committed at
 * git HEAD), through the same host methods as the Evals panel, and writes the eval run
 * under `.skill-studio/evals/<skill>/<timestamp>/`. `--grader-model` judges the free-text
 * expectations with another model of the run's provider.
 *
 * `--triggers` runs the trigger set instead (evals/triggers.json; `--agent ID` picks
 * whose available_skills index the model sees; `--threshold R` is the trigger rate at
 * which a query counts as triggering, default 0.5).
 *
 * Progress: a bar on a terminal (stderr), a plain line per finished run otherwise (CI
 * logs). Then the summary table (stdout), or with --json the benchmark.json /
 * trigger_results.json content. Exit 1 when the with-skill pass rate is below
 * --min-pass-rate, when the skill does worse than the baseline (with_skill below
 * without_skill), when runs failed, when a case or trigger query could not run (each is
 * named on stderr, and in benchmark.json's studio.skipped_cases or trigger_results.json's
 * studio.skipped_queries), or when the run was cancelled; 2 on a usage mistake (no cases,
 * no provider, unknown skill).
 */
import {
  AGENT_CLIENT_IDS,
  isAgentClientId,
  isClientCatalog,
} from '../../../shared/api/agent-clients';
import type {
  BenchmarkJson,
  ConfigurationName,
  EvalEvent,
  EvalStarted,
  TriggerResultsJson,
} from '../../../shared/api/evals';
import type { StudioEvent } from '../../../shared/api/studio-api';
import { describeSkippedCase } from '../../../shared/eval/skipped-case';
import { CONFIGURATION_ORDER } from '../../../shared/eval/types';
import type { HostProxy } from '../../host/in-process/host-proxy';
import type { CommandContext, CommandImpl } from '../command';
import { stringFlag } from '../command';
import {
  colours,
  EXIT_FAILED,
  EXIT_OK,
  UsageError,
  writeJson,
  type CliIO,
  type Colours,
} from '../io';
import { withClient } from '../client';
import { CATALOG_USAGE } from './call';

function intFlag(ctx: CommandContext, name: string, min: number, max: number): number | undefined {
  const raw = stringFlag(ctx, name);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new UsageError(`--${name} takes a whole number from ${min} to ${max} (got '${raw}')`);
  return n;
}

/** A rate flag: 0.8 or 80%; `above0` for a threshold, which 0 would make meaningless. */
function rateFlag(ctx: CommandContext, name: string, above0 = false): number | null {
  const raw = stringFlag(ctx, name);
  if (raw === undefined) return null;
  const n = raw.endsWith('%') ? Number(raw.slice(0, -1)) / 100 : Number(raw);
  if (!Number.isFinite(n) || n < 0 || n > 1 || (above0 && n === 0))
    throw new UsageError(
      `--${name} takes a rate ${above0 ? 'above 0 and up to' : 'from 0 to'} 1, or a percentage (got '${raw}')`,
    );
  return n;
}

const pct = (x: number): string => `${Math.round(x * 100)}%`;

/** Fixed-width text cells (the table is read in logs as much as on terminals). */
function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => [...(r[i] ?? '')].length)));
  return rows
    .map((r) =>
      r
        .map((cell, i) => cell + ' '.repeat(widths[i] - [...cell].length))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/**
 * Renders progress on `out` (stderr): on a terminal, one bar redrawn in place (`\r`, then
 * erase to the end of the line); elsewhere (CI logs), one plain line per finished run.
 */
export class ProgressView {
  private lastBar = '';
  private readonly tty: boolean;
  constructor(
    private readonly out: CliIO['stderr'],
    private readonly c: Colours,
  ) {
    this.tty = Boolean(out.isTTY);
  }

  event(e: EvalEvent): void {
    const err = this.out;
    if (e.type === 'eval.progress' && this.tty) {
      const width = 24;
      const filled = e.total === 0 ? width : Math.round((e.done / e.total) * width);
      const eta = e.eta_seconds === null ? '' : ` eta ${Math.ceil(e.eta_seconds)}s`;
      const failed = e.failed > 0 ? this.c.red(` ${e.failed} failed`) : '';
      this.lastBar = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${e.done}/${e.total}${failed}${eta} (x${e.concurrency})`;
      err.write(`\r${this.lastBar}\x1b[K`);
      return;
    }
    if (this.tty) return;
    if (e.type === 'eval.run') {
      const r = e.run ?? e.failed!;
      // Named as its folder on disk (eval-3, eval-inline-1), where its files are.
      const head = `${r.run_dir.split('/')[0]} ${r.configuration} run ${r.run_number}`;
      if (e.run)
        err.write(
          `${head}: ${e.run.result.passed}/${e.run.result.total} passed (${pct(e.run.result.pass_rate)})\n`,
        );
      else err.write(`${head}: ${e.failed!.status}: ${e.failed!.error}\n`);
    } else if (e.type === 'eval.trigger') {
      err.write(
        `query ${e.result.index}: triggered ${e.result.triggers}/${e.result.runs}${e.result.errors > 0 ? ` (${e.result.errors} failed)` : ''}\n`,
      );
    }
  }

  end(): void {
    if (this.tty && this.lastBar) this.out.write('\n');
  }
}

/** Starts the job, shows its progress, waits for its end; Ctrl-C cancels it (what finished stays). */
async function follow(
  ctx: CommandContext,
  client: HostProxy,
  skill: string,
  start: () => Promise<EvalStarted>,
  view: ProgressView,
): Promise<{ started: EvalStarted; status: string; error: string | null }> {
  let runId: string | null = null;
  const early: EvalEvent[] = [];
  let finish!: (e: Extract<EvalEvent, { type: 'eval.finished' }>) => void;
  const ended = new Promise<Extract<EvalEvent, { type: 'eval.finished' }>>((r) => (finish = r));
  const handle = (e: EvalEvent): void => {
    view.event(e);
    if (e.type === 'eval.finished') finish(e);
  };
  const off = await client.onEvent((e: StudioEvent) => {
    if (!e.type.startsWith('eval.')) return;
    const ev = e as EvalEvent;
    if (ev.skill !== skill) return;
    // Events may come before start() has answered with the runId.
    if (runId === null) early.push(ev);
    else if (ev.runId === runId) handle(ev);
  });
  const offInterrupt = ctx.io.onInterrupt(() => {
    if (runId !== null) void client.invoke('evals.cancel', { skill, runId });
  });
  try {
    const started = await start();
    runId = started.runId;
    for (const e of early.splice(0)) if (e.runId === runId) handle(e);
    const end = await ended;
    view.end();
    return { started, status: end.status, error: end.error };
  } finally {
    off();
    offInterrupt();
  }
}

function benchmarkReport(b: BenchmarkJson, c: Colours): string {
  const configs = CONFIGURATION_ORDER.filter((x) => b.studio.configurations.includes(x));
  const cell = (mean: number, sd: number, n: number) =>
    n === 0 ? '—' : `${pct(mean)} ± ${pct(sd)}`;
  const header = ['case', ...configs];
  const rows: string[][] = [header];
  const cases = [...new Map(b.studio.cases.map((x) => [x.case_key, x])).values()];
  for (const k of cases) {
    const row = [`${k.eval_id} ${k.eval_name}`.slice(0, 48)];
    for (const conf of configs) {
      const s = b.studio.cases.find((x) => x.case_key === k.case_key && x.configuration === conf);
      row.push(
        s
          ? cell(s.pass_rate.mean, s.pass_rate.stddev, s.runs) +
              (s.failed_runs > 0 ? ` (${s.failed_runs} failed)` : '')
          : '—',
      );
    }
    rows.push(row);
  }
  const total = ['all'];
  const time = ['time'];
  const tokens = ['tokens'];
  for (const conf of configs) {
    const s = b.run_summary[conf];
    const n = b.runs.filter((r) => r.configuration === conf).length;
    total.push(s ? cell(s.pass_rate.mean, s.pass_rate.stddev, n) : '—');
    time.push(s ? `${s.time_seconds.mean.toFixed(1)}s` : '—');
    tokens.push(s ? `${Math.round(s.tokens.mean)}` : '—');
  }
  rows.push(total, time, tokens);
  const delta = b.run_summary.delta;
  const worse = delta.pass_rate.startsWith('-') && Number(delta.pass_rate) !== 0;
  const deltaLine = `delta (${configs[0]} − ${configs[1] ?? '—'}): pass rate ${delta.pass_rate}, time ${delta.time_seconds}s, tokens ${delta.tokens}`;
  const lines = [table(rows), '', worse ? c.red(deltaLine) : c.green(deltaLine)];
  if (b.studio.client)
    lines.unshift(`in ${b.studio.client.id} ${b.studio.client.version ?? ''}`.trim(), '');
  if (b.studio.delta_old_skill)
    lines.push(`delta (with_skill − old_skill): pass rate ${b.studio.delta_old_skill.pass_rate}`);
  if (b.studio.failed_runs.length > 0)
    lines.push(
      c.red(`${b.studio.failed_runs.length} run(s) failed: ${b.studio.failed_runs[0].error}`),
    );
  return lines.join('\n') + '\n';
}

function triggersReport(t: TriggerResultsJson, c: Colours): string {
  const rows = [['query', 'should', 'rate', 'result', 'errors', 'won by']];
  for (const r of t.results)
    rows.push([
      r.query.length > 60 ? `${r.query.slice(0, 59)}…` : r.query,
      r.should_trigger ? 'trigger' : 'not',
      `${r.triggers}/${r.runs}`,
      r.pass ? c.green('pass') : c.red('FAIL'),
      // Errors are not "did not trigger": the model never got to decide.
      r.errors > 0 ? c.red(String(r.errors)) : '0',
      Object.entries(r.won_by ?? {})
        .map(([skill, n]) => `${skill} ×${n}`)
        .join(', '),
    ]);
  const s = t.summary;
  const f = (x: number | null) => (x === null ? '—' : pct(x));
  const where = t.studio.client
    ? `in ${t.studio.client.id} ${t.studio.client.version ?? ''}`.trim() + ' · '
    : '';
  return `${table(rows)}\n\n${where}${s.passed}/${s.total} queries pass · precision ${f(s.precision)} · recall ${f(s.recall)} · tp ${s.confusion.true_positive} fp ${s.confusion.false_positive} fn ${s.confusion.false_negative} tn ${s.confusion.true_negative}\n`;
}

/** The results as JSON (`--json`) or as the report, with the folder they were written to. */
function printResults(ctx: CommandContext, results: unknown, report: string, folder: string) {
  if (ctx.common.json) writeJson(ctx.io, results);
  else ctx.io.stdout.write(report + `results: ${folder}\n`);
}

/** "<what> cancelled: why" when the run did not complete, as the first of its problems. */
function unfinished(what: string, outcome: { status: string; error?: string | null }): string[] {
  if (outcome.status === 'completed') return [];
  return [`${what} ${outcome.status}${outcome.error ? `: ${outcome.error}` : ''}`];
}

/** Says each problem on stderr; exit 1 when there is any. */
function exitFor(ctx: CommandContext, problems: readonly string[]): number {
  for (const p of problems) ctx.io.stderr.write(`skill-studio eval: ${p}\n`);
  return problems.length > 0 ? EXIT_FAILED : EXIT_OK;
}

export const evalCommand: CommandImpl = {
  run: (ctx) =>
    withClient(
      ctx,
      async (client) => {
        const [name, extra] = ctx.positionals;
        if (!name) throw new UsageError('name the skill to evaluate');
        if (extra !== undefined)
          throw new UsageError(`one skill at a time (got '${name}' and '${extra}')`);
        const skill = (await client.invoke('skills.resolve', { skill: name })).dir;
        const runs = intFlag(ctx, 'runs', 1, 20);
        const concurrency = intFlag(ctx, 'concurrency', 1, 32);
        const minPassRate = rateFlag(ctx, 'min-pass-rate');
        const provider = stringFlag(ctx, 'provider') ?? null;
        const model = stringFlag(ctx, 'model') ?? null;
        // What a trigger run and a benchmark share.
        const runOptions = { provider, model, runs, concurrency };
        const c = colours(ctx.io);
        const view = new ProgressView(ctx.io.stderr, c);

        const clientId = stringFlag(ctx, 'client');
        if (clientId !== undefined && !isAgentClientId(clientId))
          throw new UsageError(
            `--client must be one of ${AGENT_CLIENT_IDS.join(', ')} (see \`skill-studio clients\`)`,
          );
        const catalog = stringFlag(ctx, 'catalog');
        if (catalog !== undefined && !isClientCatalog(catalog)) throw new UsageError(CATALOG_USAGE);
        if (catalog !== undefined && !clientId)
          throw new UsageError(
            '--catalog chooses what an agent client finds installed: it needs --client ID',
          );
        const inClient = clientId
          ? {
              ...(catalog ? { catalog } : {}),
              client: clientId,
              ...(ctx.values['allow-scripts'] === true ? { allow_scripts: true } : {}),
            }
          : {};
        if (ctx.values.triggers) {
          const agent = stringFlag(ctx, 'agent') ?? null;
          if (clientId && agent !== null)
            throw new UsageError('--client asks the client itself; it cannot take --agent');
          const threshold = rateFlag(ctx, 'threshold', true);
          const outcome = await follow(
            ctx,
            client,
            skill,
            () =>
              client.invoke('evals.startTriggers', {
                skill,
                options: {
                  ...runOptions,
                  agent,
                  ...(threshold !== null ? { threshold } : {}),
                  ...inClient,
                },
              }),
            view,
          );
          const t = (await client.invoke('evals.get', { skill, runId: outcome.started.runId }))
            .triggers;
          if (!t) throw new Error(outcome.error ?? 'the trigger run left no results');
          printResults(ctx, t, triggersReport(t, c), outcome.started.folder);
          const rate = t.summary.total === 0 ? 0 : t.summary.passed / t.summary.total;
          const problems = unfinished('the run', outcome);
          for (const s of outcome.started.skipped) problems.push(describeSkippedCase(s));
          if (minPassRate !== null && rate < minPassRate)
            problems.push(
              `${pct(rate)} of queries pass, below --min-pass-rate ${pct(minPassRate)}`,
            );
          return exitFor(ctx, problems);
        }

        if (clientId && ctx.values.previous)
          throw new UsageError('--previous runs in the studio only, not with --client');
        const configurations: ConfigurationName[] = ctx.values.previous
          ? ['with_skill', 'without_skill', 'old_skill']
          : ['with_skill', 'without_skill'];
        const cases = ctx.values.case as string[] | undefined;
        // The grader on the run's provider; without the flag, the run's own model.
        const graderModel = stringFlag(ctx, 'grader-model');
        const outcome = await follow(
          ctx,
          client,
          skill,
          () =>
            client.invoke('evals.start', {
              skill,
              options: {
                ...runOptions,
                configurations,
                ...(cases ? { cases } : {}),
                ...(graderModel ? { grader: { model: graderModel } } : {}),
                ...inClient,
              },
            }),
          view,
        );
        const b = (await client.invoke('evals.get', { skill, runId: outcome.started.runId }))
          .benchmark;
        if (!b) throw new Error(outcome.error ?? 'the benchmark left no results');
        printResults(ctx, b, benchmarkReport(b, c), outcome.started.folder);

        const withSkill = b.run_summary.with_skill?.pass_rate.mean ?? 0;
        const baseline = b.run_summary.without_skill?.pass_rate.mean;
        const problems = unfinished('the benchmark', outcome);
        // A case that cannot run is a gap in what the pass rate measures: named, and a failure.
        for (const s of outcome.started.skipped) problems.push(describeSkippedCase(s));
        if (b.studio.failed_runs.length > 0)
          problems.push(`${b.studio.failed_runs.length} run(s) failed`);
        if (minPassRate !== null && withSkill < minPassRate)
          problems.push(
            `pass rate with the skill ${pct(withSkill)} is below --min-pass-rate ${pct(minPassRate)}`,
          );
        if (baseline !== undefined && withSkill < baseline)
          problems.push(
            `the skill does worse than no skill: ${pct(withSkill)} against ${pct(baseline)}`,
          );
        return exitFor(ctx, problems);
      },
      { openWorkspace: true },
    ),
};
