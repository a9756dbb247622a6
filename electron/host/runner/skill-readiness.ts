/**
 * Whether a skill can run as it stands on disk. A skill whose folder has
 * validation errors (a missing entrypoint among them) is `Blocked` — the
 * specification's "missing dependencies" — whatever its frontmatter declares
 * (except Archived, which stays hidden). Discover shows it as Blocked with the
 * reason in `metadata.blocked_reason`, and a call is refused with the first error.
 */
import path from 'node:path';
import type { SkillDefinition, SkillStatus } from '../../../shared/protocol/a2e';
import type { Diagnostic } from '../../../shared/check/diagnostics';
import type { SkillRecord } from '../../../shared/skill/model';
import { effectiveStatus as effectiveStatusOf } from '../../../shared/skill/definition';

/** How many errors discover spells out in `metadata.blocked_errors`. */
const MAX_LISTED_ERRORS = 10;

export interface BlockingError {
  code: string;
  /** Relative to the skill folder, e.g. `SKILL.md`. */
  file: string;
  line: number;
  message: string;
}

export interface Blockage {
  /** `SKILL.md:7: ENTRYPOINT_MISSING entrypoint "run.sh" does not exist… (and 2 more errors)` */
  reason: string;
  errors: BlockingError[];
}

function located(record: SkillRecord, d: Diagnostic): BlockingError {
  const file = d.file ?? record.skillMdPath ?? path.join(record.dir, 'SKILL.md');
  const rel = path.isAbsolute(file) ? path.relative(record.dir, file) : file;
  return { code: d.code, file: rel.split(path.sep).join('/'), line: d.line, message: d.message };
}

/** Why the skill cannot run, or null when nothing blocks it. */
export function blockage(record: SkillRecord): Blockage | null {
  const errors = record.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length === 0) return null;
  const first = located(record, errors[0]);
  const more = errors.length - 1;
  const tail = more === 0 ? '' : ` (and ${more} more error${more === 1 ? '' : 's'})`;
  return {
    reason: `${first.file}:${first.line}: ${first.code} ${first.message}${tail}`,
    errors: errors.slice(0, MAX_LISTED_ERRORS).map((d) => located(record, d)),
  };
}

/** The status the host acts on: Blocked when errors block a skill that is not Archived. */
export function effectiveStatus(record: SkillRecord): SkillStatus {
  return effectiveStatusOf({
    status: record.definition.status,
    has_errors: blockage(record) !== null,
  });
}

/** The definition discover hands out: a blocked skill says so, and why. */
export function advertisedDefinition(record: SkillRecord): SkillDefinition {
  const def = record.definition;
  if (def.status === 'Archived') return def;
  const blocked = blockage(record);
  if (!blocked) return def;
  const own = def.metadata && typeof def.metadata === 'object' ? def.metadata : {};
  return {
    ...def,
    status: 'Blocked',
    metadata: { ...own, blocked_reason: blocked.reason, blocked_errors: blocked.errors },
  };
}
