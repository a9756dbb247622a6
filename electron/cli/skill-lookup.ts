/**
 * One skill by name, for the commands that only need its folder (`read`, `files`):
 * the registry's answer (registry/find-skill.ts) without validating every skill, so
 * these commands load neither the validator nor the scan.
 */
import { NotFoundError } from '../host/fs/errors';
import { findSkill, type FoundSkill } from '../host/registry/find-skill';
import { resolveSources, type ResolveSourcesOptions } from '../host/registry/sources';

/** The skill `ref` names in the workspace (by name, else by folder). */
export async function lookupSkill(
  sources: ResolveSourcesOptions,
  ref: string,
): Promise<FoundSkill> {
  const found = await findSkill(resolveSources(sources), ref);
  if (!found) throw new NotFoundError(`no skill named '${ref}'`);
  return found;
}
