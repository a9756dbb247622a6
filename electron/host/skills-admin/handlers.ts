/**
 * The Studio API methods that manage whole skills (delete, rename, duplicate, the trash)
 * and import bundles (preview, conflicts). Kept apart from studio-host.ts, which spreads
 * them into its handler table; they reach the host only through the narrow context below.
 * Skills are named by folder (SkillSummary.dir); read-only ones are refused by the host's
 * `writableSkill`, except for duplicate, which copies them into the workspace.
 */
import path from 'node:path';
import type { StudioEvent } from '../../../shared/api/studio-api';
import type { SkillRecord } from '../../../shared/skill/model';
import type { Handlers } from '../router';
import { importBundle, inspectBundle } from '../bundle/import-bundle';
import { deleteSkillFolder, duplicateSkillFolder, renameSkillFolder } from './skill-folder-ops';
import type { Trash } from './trash';

export interface SkillAdminContext {
  /** The workspace's `skills/` folder; throws when no workspace is open. */
  importDir(): string;
  skillAt(ref: string): SkillRecord;
  /** The skill, refused when it is read-only (bundled). */
  writableSkill(ref: string): SkillRecord;
  /** Where deleted skills go; null: nowhere, deleting is permanent. */
  trash: Trash | null;
  /** Re-reads the skill sources now, rather than wait for the watcher. */
  reload(): Promise<void>;
  emit(event: StudioEvent): void;
}

type SkillAdminMethods =
  | 'bundles.inspect'
  | 'bundles.import'
  | 'skills.trash'
  | 'skills.delete'
  | 'skills.rename'
  | 'skills.duplicate';

export function skillAdminHandlers(ctx: SkillAdminContext): Pick<Handlers, SkillAdminMethods> {
  return {
    'bundles.inspect': ({ base64 }) =>
      inspectBundle(Buffer.from(base64, 'base64'), ctx.importDir()),
    'bundles.import': async ({ base64, onConflict, choices }) => {
      const res = await importBundle(Buffer.from(base64, 'base64'), ctx.importDir(), {
        onConflict,
        choices,
      });
      await ctx.reload();
      return { name: res.name, path: res.path, skills: res.skills };
    },
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
