/**
 * The eval methods of the Studio API (shared/api/evals.ts). Kept apart from
 * studio-host.ts, which spreads them into its handler table; they reach the host only
 * through the narrow context of eval-context.ts.
 *
 * Long jobs (benchmark, triggers, improve) start in the background (eval-starts.ts,
 * eval-jobs.ts): the method answers with the runId at once, progress goes out as
 * EvalEvents through `ctx.emit`, and the folder on disk is the truth (`evals.get` reads
 * it back at any moment, eval-history.ts).
 */
import type { EvalMethods } from '../../../shared/api/evals';
import type { Handlers } from '../handler-table';
import type { EvalsContext } from './eval-context';
import { EvalHistory } from './eval-history';
import { EvalJobs, requireWorkspace } from './eval-jobs';
import { startBenchmark, startTriggers } from './eval-starts';
import { readFeedback, saveFeedback } from './feedback';
import { readEvalSources, saveCases, saveTriggers } from './sources';

export function evalHandlers(ctx: EvalsContext): Pick<Handlers, keyof EvalMethods> {
  const jobs = new EvalJobs(ctx);
  const history = new EvalHistory(
    () => ctx.workspace(),
    (dir, runId) => jobs.isLive(dir, runId),
  );
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
    'evals.start': ({ skill, options = {} }) => startBenchmark(ctx, jobs, skill, options),
    'evals.startTriggers': ({ skill, options = {} }) =>
      startTriggers(ctx, jobs, skill, options, 'triggers'),
    'evals.improveDescription': ({ skill, options = {} }) =>
      startTriggers(ctx, jobs, skill, options, 'improve'),
    'evals.cancel': async ({ skill, runId }) => {
      // What finished is on disk, and eval_run.json says cancelled, before we answer.
      const wasRunning = await jobs.cancel(ctx.skillAt(skill).dir, runId);
      return { ok: true as const, was_running: wasRunning };
    },
    'evals.list': async ({ skill, limit }) => ({
      runs: await history.list(ctx.skillAt(skill), limit),
    }),
    'evals.get': async ({ skill, runId }) => history.get(ctx.skillAt(skill), runId),
    'evals.transcript': async ({ skill, runId, ref }) =>
      history.transcript(ctx.skillAt(skill), runId, ref),
    'evals.feedback.get': async ({ skill, runId }) => {
      const folder = await history.existingRunFolder(ctx.skillAt(skill), runId);
      return readFeedback(requireWorkspace(ctx.workspace()), folder);
    },
    'evals.feedback.save': async ({ skill, runId, ref, feedback, status }) => {
      const run = await history.caseRun(ctx.skillAt(skill), runId, ref);
      return saveFeedback(
        requireWorkspace(ctx.workspace()),
        run.folder,
        run.runId,
        feedback,
        status,
      );
    },
  };
}
