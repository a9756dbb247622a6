/**
 * skill/discover filtering (docs/contracts.md, A2E): tags OR-ed, categories OR-ed, both given →
 * both must match; only skills the agent may use; Archived never; one entry per
 * name (the registry's winner; shadowed copies are left out). A skill whose
 * folder has errors is listed as Blocked, with the reason (skill-readiness.ts).
 */
import type { SkillDefinition } from '../../../shared/protocol/a2e';
import type { SkillRecord } from '../../../shared/skill/model';
import { advertisedDefinition } from './skill-readiness';

export interface DiscoverFilter {
  tags: string[];
  categories: string[];
  allows: (skillName: string) => boolean;
}

export function discoverSkills(records: SkillRecord[], filter: DiscoverFilter): SkillDefinition[] {
  const tags = new Set(filter.tags);
  const categories = new Set(filter.categories);
  const seen = new Set<string>();
  const out: SkillDefinition[] = [];
  for (const record of records) {
    const def = record.definition;
    if (record.summary.shadowed_by !== null) continue;
    if (seen.has(def.name)) continue;
    if (def.status === 'Archived') continue;
    if (!filter.allows(def.name)) continue;
    if (tags.size > 0 && !(def.tags ?? []).some((t) => tags.has(t))) continue;
    if (categories.size > 0 && !(def.category != null && categories.has(def.category))) continue;
    seen.add(def.name);
    out.push(advertisedDefinition(record));
  }
  return out;
}
