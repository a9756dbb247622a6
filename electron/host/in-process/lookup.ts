/**
 * One skill by name, for the callers that only need its folder (`read`, `files`): the
 * registry's answer (registry/find-skill.ts) without validating every skill, so they load
 * neither the validator nor the scan, nor the settings reader when there is no
 * skill-studio.json.
 */
import path from 'node:path';
import { NotFoundError } from '../fs/errors';
import { findSkill, type FoundSkill } from '../registry/find-skill';
import { resolveSources, type ResolveSourcesOptions } from '../registry/sources';
import { listSkillFiles, readSkillFile } from '../skill-files';
import type { ProxyContext } from './context';
import type { DomainHandlers } from './domain';
import { workspaceSources } from './workspace-sources';

/** The workspace's sources, read once per proxy. */
function sourcesOf(ctx: ProxyContext): Promise<ResolveSourcesOptions> {
  ctx.sources ??= workspaceSources(ctx);
  return ctx.sources;
}

/** The skill `ref` names in the workspace (by name, else by folder). */
async function lookupSkill(ctx: ProxyContext, ref: string): Promise<FoundSkill> {
  const found = await findSkill(resolveSources(await sourcesOf(ctx)), ref);
  if (!found) throw new NotFoundError(`no skill named '${ref}'`);
  return found;
}

export const handlers: DomainHandlers<'workspace.load' | 'skill.read' | 'skill.files'> = {
  async 'workspace.load'(_params, ctx) {
    return { workspace: (await sourcesOf(ctx)).workspace };
  },

  async 'skill.read'({ skill, file }, ctx) {
    const rec = await lookupSkill(ctx, skill);
    const rel = file.replace(/^(\.\/)+/, '');
    // SKILL.md names the skill's instructions even when the file is the lowercase skill.md.
    const mdName = path.basename(rec.skillMdPath);
    const isSkillMd = rel === 'SKILL.md' || rel === mdName;
    return readSkillFile(rec.dir, isSkillMd ? mdName : rel, { stripFrontmatter: isSkillMd });
  },

  async 'skill.files'({ skill }, ctx) {
    return listSkillFiles((await lookupSkill(ctx, skill)).dir);
  },
};
