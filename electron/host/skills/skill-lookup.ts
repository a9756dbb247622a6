/**
 * Which skill a Studio API call names, and whether it may be changed: the host's one answer,
 * over the registry's lookups only. Calls name a skill by its folder (what the UI sends) or by
 * a name only one skill answers to; writes go through `writableSkill`, which refuses what the
 * registry marks read-only (registry/access.ts decides that, nowhere else).
 */
import type { SkillRecord } from '../../../shared/skill/model';
import path from 'node:path';
import { StudioError } from '../../../shared/errors';
import type { SkillRegistry } from '../registry/registry';

/** The registry lookups resolution needs (a fake in tests). */
export type SkillLookupSource = Pick<SkillRegistry, 'get' | 'getByPath' | 'all'>;

/** The three ways a handler asks for a skill (a narrow context passes only the ones it uses). */
export interface SkillResolution {
  /** By name (the winner) or by the absolute folder of any listed skill (the CLI, the server). */
  resolveSkill(ref: string): SkillRecord;
  /** By folder, or by a name only one skill answers to (every Studio API call). */
  skillAt(ref: string): SkillRecord;
  /** As `skillAt`, refused with `read_only` when the skill may not be changed. */
  writableSkill(ref: string): SkillRecord;
}

/** Resolution over `source()`, read afresh on every call (the host swaps registries on open). */
export function skillLookup(source: () => SkillLookupSource): SkillResolution {
  const skillAt = (ref: string): SkillRecord => {
    const registry = source();
    if (path.isAbsolute(ref)) {
      const rec = registry.getByPath(ref);
      if (rec) return rec;
      throw new StudioError('not_found', `no listed skill in ${ref}`);
    }
    const rec = registry.get(ref);
    if (!rec) throw new StudioError('not_found', `no skill named '${ref}'`);
    // A name two skills of one priority share is refused, never guessed: the first match
    // once received the other skill's save.
    if (rec.summary.conflict) {
      throw new StudioError(
        'invalid_params',
        `two skills are named '${ref}' (SKILL_NAME_CONFLICT): name the skill by its folder`,
      );
    }
    return rec;
  };
  return {
    resolveSkill(ref) {
      const registry = source();
      const byName = registry.get(ref);
      if (byName) return byName;
      const byPath = registry.all().find((r) => r.dir === ref);
      if (byPath) return byPath;
      throw new StudioError('not_found', `no skill named '${ref}'`);
    },
    skillAt,
    writableSkill(ref) {
      const rec = skillAt(ref);
      if (!rec.summary.writable) {
        throw new StudioError(
          'read_only',
          `'${rec.summary.name}' is read-only: ${rec.summary.readOnlyReason ?? 'the studio may not change it'}`,
        );
      }
      return rec;
    },
  };
}
