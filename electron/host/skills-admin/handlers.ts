/**
 * The Studio API methods that manage whole skills: delete, rename, duplicate, the trash
 * (bundles are bundle/handlers.ts's). Kept apart from studio-host.ts, which spreads them
 * into its handler table; they reach the host only through the narrow context below.
 * Skills are named by folder (SkillSummary.dir); read-only ones are refused by the host's
 * `writableSkill`, except for duplicate, which copies them into the workspace.
 */
import path from 'node:path';
import type { StudioEvent } from '../../../shared/api/studio-api';
import type { Handlers } from '../handler-table';
import { deleteSkillFolder, duplicateSkillFolder, renameSkillFolder } from './skill-folder-ops';
import type { Trash } from './trash';
import type { SkillResolution } from '../skills/skill-lookup';

export interface SkillAdminContext extends Pick<SkillResolution, 'skillAt' | 'writableSkill'> {
  /** The workspace's `skills/` folder (where a bundled skill is duplicated to); throws without one. */
  importDir(): string;
  /** Where deleted skills go; null: nowhere, deleting is permanent. */
  trash: Trash | null;
  /** Re-reads the skill sources now, rather than wait for the watcher. */
  reload(): Promise<void>;
  emit(event: StudioEvent): void;
}

type SkillAdminMethods = 'skills.trash' | 'skills.delete' | 'skills.rename' | 'skills.duplicate';

export function skillAdminHandlers(ctx: SkillAdminContext): Pick<Handlers, SkillAdminMethods> {
  return {
    'skills.trash': async () => ({ trash: ctx.trash?.label ?? null }),
    'skills.delete': async ({ skill, permanent }) => {
      const rec = ctx.writableSkill(skill);
      const res = await deleteSkillFolder(rec.dir, ctx.trash, { permanent });
      await ctx.reload();
      return res;
    },
    'skills.rename': async ({ skill, to }) => {
      const rec = ctx.writableSkill(skill);
      const dir = await renameSkillFolder(rec.dir, to);
      await ctx.reload();
      if (dir !== rec.dir) ctx.emit({ type: 'skill.moved', from: rec.dir, to: dir, name: to });
      return { name: to, dir };
    },
    'skills.duplicate': async ({ skill, to }) => {
      const rec = ctx.skillAt(skill);
      // A bundled skill is copied into the workspace, where it can be edited.
      const into = rec.summary.writable ? path.dirname(rec.dir) : ctx.importDir();
      const dir = await duplicateSkillFolder(rec.dir, into, to);
      await ctx.reload();
      return { name: path.basename(dir), dir };
    },
  };
}
