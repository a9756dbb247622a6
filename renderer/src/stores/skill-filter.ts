/**
 * Sidebar search and grouping, kept pure so they are tested without a DOM.
 * The query matches the name, any tag and the description (all words must match;
 * `tag:x` restricts a word to tags).
 */
import type { SkillListItem } from '../../../shared/api/studio-api';
import { SKILL_SOURCES, type SkillSource } from '../../../shared/skill/model';

export function matchesQuery(skill: SkillListItem, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const name = skill.name.toLowerCase();
  const description = skill.description.toLowerCase();
  const tags = skill.tags.map((t) => t.toLowerCase());
  return words.every((word) => {
    if (word.startsWith('tag:')) {
      const want = word.slice(4);
      return want === '' || tags.some((t) => t.includes(want));
    }
    return name.includes(word) || description.includes(word) || tags.some((t) => t.includes(word));
  });
}

export interface SkillGroup {
  source: SkillSource;
  label: string;
  skills: SkillListItem[];
}

export const SOURCE_LABELS: Record<SkillSource, string> = {
  project: 'Project',
  user: 'User',
  framework: 'Bundled',
  plugin: 'Plugins',
};

/** Skills by source in priority order; within a source by name (shadowed after the winner). */
export function groupSkills(skills: readonly SkillListItem[], query: string): SkillGroup[] {
  const groups: SkillGroup[] = [];
  for (const source of SKILL_SOURCES) {
    const members = skills
      .filter((s) => s.source === source && matchesQuery(s, query))
      .sort((a, b) => a.name.localeCompare(b.name) || a.dir.localeCompare(b.dir));
    if (members.length > 0) groups.push({ source, label: SOURCE_LABELS[source], skills: members });
  }
  return groups;
}

/** The key that tells two listed skills apart even when they share a name. */
export function skillKey(skill: { dir: string }): string {
  return skill.dir;
}
