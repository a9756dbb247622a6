/**
 * The playground's Studio API methods: argument checks, the call history and the
 * saved cases. Kept apart from studio-host.ts, which spreads them into its
 * handler table; they reach the host only through the narrow context below.
 */
import type { Handlers } from '../handler-table';
import type { SkillRecord } from '../../../shared/skill/model';
import type { A2EHost } from '../runner/a2e-host';
import { HistoryStore, historyStoreFor } from './history-store';
import { listCases, runCases, saveCase } from './case-runner';
import { StudioError } from '../../../shared/errors';
import { toCheckReply } from '../runner/core/argument-validator';

export interface PlaygroundContext {
  workspace(): string | null;
  resolveSkill(ref: string): SkillRecord;
  /** The skill, refused when it cannot be written (bundled examples). */
  writableSkill(ref: string): SkillRecord;
  refresh(dir: string): Promise<void>;
  agentExists(id: string): boolean;
  a2e: A2EHost;
}

type PlaygroundMethods =
  | 'playground.validate'
  | 'history.list'
  | 'history.get'
  | 'history.add'
  | 'history.delete'
  | 'cases.list'
  | 'cases.save'
  | 'cases.run';

/** One history store per workspace folder (null: in memory, no workspace open). */
function historyFor(cache: Map<string, HistoryStore>, workspace: string | null): HistoryStore {
  const key = workspace ?? '';
  let store = cache.get(key);
  if (!store) {
    store = historyStoreFor(workspace);
    cache.set(key, store);
  }
  return store;
}

export function playgroundHandlers(ctx: PlaygroundContext): Pick<Handlers, PlaygroundMethods> {
  const stores = new Map<string, HistoryStore>();
  const history = () => historyFor(stores, ctx.workspace());

  return {
    'playground.validate': async ({ skill, arguments: args }) => {
      const checked = await ctx.a2e.checkArguments(ctx.resolveSkill(skill).definition, args);
      return toCheckReply(checked);
    },
    'history.list': async ({ skill, limit }) => {
      const store = history();
      return { entries: await store.list({ skill, limit }), persisted: store.dir !== null };
    },
    'history.get': ({ id }) => history().get(id),
    'history.add': ({ entry }) => history().add(entry),
    'history.delete': async ({ id }) => {
      await history().delete(id);
      return { ok: true as const };
    },
    'cases.list': async ({ skill }) => listCases(ctx.resolveSkill(skill).dir),
    'cases.save': async ({ skill, case: c, overwrite }) => {
      const rec = ctx.writableSkill(skill);
      const res = await saveCase(rec.dir, c, { overwrite });
      await ctx.refresh(rec.dir);
      return res;
    },
    'cases.run': async ({ skill, names, agent }) => {
      const rec = ctx.resolveSkill(skill);
      if (agent && !ctx.agentExists(agent))
        throw new StudioError('not_found', `no agent '${agent}' in skill-studio.json`);
      return runCases(ctx.a2e.call.bind(ctx.a2e), rec.summary.name, rec.dir, {
        names,
        agent: agent ?? null,
      });
    },
  };
}
