/**
 * The params schemas of the skills read from folders and from the workspace
 * (shared/api/skill-reads.ts), spread into the router's table (./studio-params.ts) and
 * checked against `SkillReadMethods` by `schemaTable`.
 */
import type { SkillReadMethods } from '../../../shared/api/skill-reads';
import { CLIENT_IDS } from '../../../shared/skill/client-ids';
import { skillRef } from './fragments';
import * as s from './typed-schema';

type SkillReadParamTypes = { [M in keyof SkillReadMethods]: SkillReadMethods[M][0] };

/** A path the command line names (absolute, as the CLI resolved it). */
const localPath = s.string({ minLength: 1, maxLength: 4096 });

export const SKILL_READ_PARAM_SCHEMAS = s.schemaTable<SkillReadParamTypes>()({
  'folders.validate': s.object(
    {
      targets: s.array(localPath, { minItems: 1 }),
      profile: s.oneOfValues(['studio', ...CLIENT_IDS] as const),
    },
    ['targets', 'profile'],
  ),
  'workspace.load': s.empty(),
  'skill.read': s.object(
    // Any text: the skill's reader refuses a path that leaves the skill, saying why.
    { skill: skillRef, file: s.string() },
    ['skill', 'file'],
  ),
  'skill.files': s.object({ skill: skillRef }, ['skill']),
  'portability.rows': s.object(
    {
      targets: s.array(
        s.oneOf(s.object({ path: localPath }, ['path']), s.object({ skill: skillRef }, ['skill'])),
      ),
    },
    ['targets'],
  ),
  'skills.record': s.object({ skill: skillRef, countFiles: s.boolean() }, ['skill']),
});
