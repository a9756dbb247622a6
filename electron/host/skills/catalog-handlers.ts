/**
 * The workspace's skills read once (./../registry/read-catalog.ts), for a caller that asks
 * once and goes (`list`, `explain`): the listing, and one skill's whole record with every
 * other's. The in-process host serves `skills.list` here instead of opening the whole host,
 * with the same answer: the same registry over the same sources.
 */
import type { Handlers } from '../handler-table';
import { readCatalog, readListing } from '../registry/read-catalog';
import type { ResolveSourcesOptions } from '../registry/sources';
import type { VerdictCacheOptions } from '../registry/verdict-cache';
import { skillLookup } from './skill-lookup';

export interface CatalogContext {
  /** The workspace's sources (their settings' problems told when read). */
  sources(): Promise<ResolveSourcesOptions>;
  /** Where the listing's unchanged verdicts are kept between runs; null: nowhere. */
  verdicts: VerdictCacheOptions | null | undefined;
}

export function catalogHandlers(
  ctx: CatalogContext,
): Pick<Handlers, 'skills.list' | 'skills.record'> {
  return {
    async 'skills.list'() {
      return readListing(await ctx.sources(), ctx.verdicts);
    },

    async 'skills.record'({ skill, countFiles = true }) {
      const registry = await readCatalog(await ctx.sources(), { countFiles, verdicts: null });
      return { record: skillLookup(() => registry).resolveSkill(skill), all: registry.all() };
    },
  };
}
