/**
 * One skill by name, for the callers that only need its folder (`read`, `files`): the
 * registry's answer (registry/find-skill.ts) without validating every skill, so they load
 * neither the validator nor the scan, nor the settings reader when there is no
 * skill-studio.json. Local-process methods (shared/api/skill-reads.ts).
 */
import path from 'node:path';
import type { Handlers } from '../handler-table';
import { NotFoundError } from '../fs/errors';
import { findSkill, type FoundSkill } from '../registry/find-skill';
import { resolveSources, type ResolveSourcesOptions } from '../registry/sources';
import { listSkillFiles, readSkillFile } from '../skill-files';

export interface LookupContext {
  /** The workspace's sources, read once (their settings' problems told then). */
  sources(): Promise<ResolveSourcesOptions>;
}

type LookupMethods = 'workspace.load' | 'skill.read' | 'skill.files';

export function lookupHandlers(ctx: LookupContext): Pick<Handlers, LookupMethods> {
  /** The skill `ref` names in the workspace (by name, else by folder). */
  const lookupSkill = async (ref: string): Promise<FoundSkill> => {
    const found = await findSkill(resolveSources(await ctx.sources()), ref);
    if (!found) throw new NotFoundError(`no skill named '${ref}'`);
    return found;
  };
  return {
    async 'workspace.load'() {
      return { workspace: (await ctx.sources()).workspace };
    },

    async 'skill.read'({ skill, file }) {
      const rec = await lookupSkill(skill);
      const rel = file.replace(/^(\.\/)+/, '');
      // SKILL.md names the skill's instructions even when the file is the lowercase skill.md.
      const mdName = path.basename(rec.skillMdPath);
      const isSkillMd = rel === 'SKILL.md' || rel === mdName;
      return readSkillFile(rec.dir, isSkillMd ? mdName : rel, { stripFrontmatter: isSkillMd });
    },

    async 'skill.files'({ skill }) {
      return listSkillFiles((await lookupSkill(skill)).dir);
    },
  };
}
