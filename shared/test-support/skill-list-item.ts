/** Test support: a listed skill with plain defaults; tests override what they exercise. */
import type { SkillListItem } from '../api/studio-api';

export function skillListItem(name: string, over: Partial<SkillListItem> = {}): SkillListItem {
  const source = over.source ?? 'project';
  return {
    name,
    description: `${name} description`,
    source,
    dir: `/${source}/skills/${name}`,
    writable: source !== 'framework',
    license: null,
    files_count: 1,
    has_warnings: false,
    has_errors: false,
    status: 'Published',
    tags: [],
    category: null,
    kind: 'llm',
    shadowed_by: null,
    conflict: false,
    diagnostics: [],
    ...over,
  };
}
