/**
 * The Studio API's `search.contents` (find in the files of every listed skill) and
 * `files.atHead` (a skill's file as committed at git HEAD, for the diff view). Spread into
 * the host's handler table by studio-host.ts over the narrow context below.
 */
import path from 'node:path';
import type { Handlers } from '../handler-table';
import type { SkillResolution } from '../skills/skill-lookup';
import { readAtHead } from '../evals/git-head';
import { resolveInside } from '../fs/safe-path';
import { searchContents, type SearchSkill } from './content-search';

/** A search stops reading files after this long, and says so. */
export const SEARCH_TIME_BUDGET_MS = 5_000;
const DEFAULT_MAX_RESULTS = 1000;

export interface SearchContext extends Pick<SkillResolution, 'skillAt'> {
  /** Every listed skill, shadowed ones included (each is its own folder). */
  skills(): SearchSkill[];
}

export function searchHandlers(
  ctx: SearchContext,
): Pick<Handlers, 'search.contents' | 'files.atHead'> {
  return {
    'search.contents': ({ query, caseSensitive, regex, maxResults }) =>
      searchContents(ctx.skills(), {
        query,
        caseSensitive: caseSensitive ?? false,
        regex: regex ?? false,
        maxResults: maxResults ?? DEFAULT_MAX_RESULTS,
        timeBudgetMs: SEARCH_TIME_BUDGET_MS,
      }),
    'files.atHead': async ({ skill, path: rel }) => {
      const dir = ctx.skillAt(skill).dir;
      // Refuses `..`, absolute paths and a link whose real path leaves the skill.
      const abs = await resolveInside(dir, rel, { mustExist: true });
      const found = await readAtHead(abs);
      const shown = path.posix.join(path.basename(dir), rel);
      if (found.status === 'untracked')
        return {
          status: 'untracked',
          message: `${shown} is not in git HEAD: it is new since the last commit`,
        };
      if (found.status === 'not_in_git')
        return {
          status: 'not_in_git',
          message: `${shown} is not in git: the skill's folder is in no git repository`,
        };
      return found;
    },
  };
}
