/**
 * The skill a bundle is made of (shared/api/bundle-files.ts `BundleSource`): one the
 * workspace lists, as the caller's host resolves it, or a folder of this machine read as
 * it is, which needs no workspace (only a local process may name one).
 */
import type { BundleSource } from '../../../shared/api/bundle-files';
import type { SkillRecord } from '../../../shared/skill/model';
import { readSkillFolder } from '../registry/scan';

/** How a host finds a skill the workspace lists (the in-process one may open itself first). */
export type ListedSkill = (ref: string) => SkillRecord | Promise<SkillRecord>;

export async function bundleSkill(
  source: BundleSource,
  skillAt: ListedSkill,
): Promise<SkillRecord> {
  return 'folder' in source ? readSkillFolder(source.folder, 'project') : skillAt(source.skill);
}
