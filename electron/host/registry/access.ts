/**
 * Whether the studio may change a skill's files — decided here and nowhere else.
 * The registry stamps it on every summary (`writable`, `readOnlyReason`); the
 * host refuses writes by it and the UI only shows it.
 */
import type { SkillSource, SkillSummary } from '../../../shared/skill/model';

/** Bundled examples live inside the application: changing them would be lost on update. */
export const BUNDLED_READ_ONLY_REASON =
  'bundled with the studio: duplicate it into your workspace to change it';

export function skillAccess(
  source: SkillSource,
): Pick<SkillSummary, 'writable' | 'readOnlyReason'> {
  if (source === 'framework') return { writable: false, readOnlyReason: BUNDLED_READ_ONLY_REASON };
  return { writable: true };
}
