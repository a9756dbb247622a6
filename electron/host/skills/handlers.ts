/**
 * The Studio API methods that read skills and make new ones: the listing, one skill's detail,
 * a skill as the command line names it, a prompt's skill index, the templates and the
 * new-skill wizard. Kept apart from studio-host.ts, which spreads them
 * into its handler table; they reach the host only through the narrow context below.
 */
import type { PromptIndexEntry, ServedSkill, SkillListing } from '../../../shared/api/studio-api';
import type { SkillRecord } from '../../../shared/skill/model';
import type { Handlers } from '../handler-table';
import { skillDetail } from '../skill-files';
import { readTemplates } from '../skill-templates';
import { listedOrNull, newSkillHandlers } from './new-skill-handlers';
import type { SkillResolution } from './skill-lookup';

export interface SkillsContext extends Pick<SkillResolution, 'resolveSkill' | 'skillAt'> {
  /** Every skill, shadowed ones included, and the names in conflict. */
  listing(): SkillListing;
  /** The skills that win their name (the ones a call reaches). */
  winners(): SkillRecord[];
  /** Whether `agent` (null: the studio itself) may use the skill `skill`. */
  agentAllows(agent: string | null, skill: string): boolean;
  /** The workspace's `skills/` folder; throws when no workspace is open. */
  importDir(): string;
  /** Re-reads the skill sources now, rather than wait for the watcher. */
  reload(): Promise<void>;
}

type SkillsMethods =
  | 'skills.list'
  | 'skills.get'
  | 'skills.resolve'
  | 'skills.promptIndex'
  | 'skills.served'
  | 'skills.templates'
  | 'skills.new';

export function skillsHandlers(ctx: SkillsContext): Pick<Handlers, SkillsMethods> {
  /** The winner of every name, never an Archived one, and whether `agent` may use each. */
  const served = (agent: string | null): ServedSkill[] =>
    ctx
      .winners()
      .filter((r) => r.summary.status !== 'Archived')
      .map((record) => ({ record, allowed: ctx.agentAllows(agent, record.summary.name) }));
  return {
    'skills.list': async () => ctx.listing(),
    'skills.get': async ({ skill }) => skillDetail(ctx.skillAt(skill)),
    'skills.resolve': async ({ skill }) => ctx.resolveSkill(skill).summary,
    'skills.promptIndex': async ({ agent }) =>
      served(agent)
        .filter((s) => s.allowed)
        .map(({ record: r }): PromptIndexEntry => ({
          name: r.summary.name,
          description: r.summary.description,
          location: r.skillMdPath,
        })),
    'skills.served': async ({ agent }) => served(agent),
    'skills.templates': () => readTemplates(),
    ...newSkillHandlers({
      importDir: () => ctx.importDir(),
      reload: () => ctx.reload(),
      listedAt: (dir) => listedOrNull(() => ctx.resolveSkill(dir)),
    }),
  };
}
