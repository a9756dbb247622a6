/**
 * A new skill from a template (skill-templates.ts): in the workspace's `skills/`, or in a
 * folder the caller names (`into`, a local process's only). Served by every host inside the
 * skills domain (./handlers.ts), and by the in-process host over its own context, so the
 * command line's `new` needs no workspace (in-process/bundles.ts).
 */
import { StudioError } from '../../../shared/errors';
import type { SkillRecord } from '../../../shared/skill/model';
import type { Handlers } from '../handler-table';
import { readSkillFolder } from '../registry/scan';
import { skillDetail } from '../skill-files';
import { createSkillFromTemplate } from '../skill-templates';

export interface NewSkillContext {
  /** The workspace's `skills/` folder; throws when no workspace is open. */
  importDir(): string | Promise<string>;
  /** Re-reads the skill sources now, rather than wait for the watcher. */
  reload(): Promise<void>;
  /** The skill a source lists in the folder `dir`, or null when none does. */
  listedAt(dir: string): SkillRecord | null | Promise<SkillRecord | null>;
}

/** The skill `find` finds, or null when it is not found (any other failure is thrown). */
export function listedOrNull(find: () => SkillRecord): SkillRecord | null {
  try {
    return find();
  } catch (err) {
    if (err instanceof StudioError && err.code === 'not_found') return null;
    throw err;
  }
}

export function newSkillHandlers(ctx: NewSkillContext): Pick<Handlers, 'skills.new'> {
  return {
    'skills.new': async ({ name, template, skillMd, into }) => {
      const dir = await createSkillFromTemplate({
        name,
        template,
        skillMd,
        intoDir: into ?? (await ctx.importDir()),
      });
      // Listed before the call returns, so the UI can open it at once.
      await ctx.reload();
      // A folder no source lists (`into` outside them) is the skill as its folder reads:
      // created all the same, and said so, rather than refused as not found once written.
      return skillDetail((await ctx.listedAt(dir)) ?? (await readSkillFolder(dir, 'project')));
    },
  };
}
