import { describe, expect, it } from 'vitest';
import { groupSkills, matchesQuery, skillKey } from './skill-filter';
import type { SkillListItem } from '../../../shared/api/studio-api';
import type { SkillSource } from '../../../shared/skill/model';
import { skillListItem } from '../../../shared/test-support/skill-list-item';

const skill = (
  name: string,
  source: SkillSource,
  extra: Partial<SkillListItem> = {},
): SkillListItem => skillListItem(name, { source, dir: `/${source}/${name}`, ...extra });

describe('skill search and grouping', () => {
  const skills = [
    skill('pdf-tools', 'project', { tags: ['documents'], description: 'Fill PDF forms' }),
    skill('time-arithmetic', 'framework', { tags: ['time', 'dates'] }),
    skill('alpha', 'user'),
    skill('pdf-tools', 'user', { shadowed_by: '/project/pdf-tools' }),
    skill('zeta', 'project'),
  ];

  it('matches name, tags and description; all words must match', () => {
    expect(matchesQuery(skills[0], 'pdf')).toBe(true);
    expect(matchesQuery(skills[0], 'FORMS')).toBe(true);
    expect(matchesQuery(skills[0], 'docu')).toBe(true);
    expect(matchesQuery(skills[0], 'pdf zeta')).toBe(false);
    expect(matchesQuery(skills[1], 'tag:dates')).toBe(true);
    expect(matchesQuery(skills[1], 'tag:arith')).toBe(false);
    expect(matchesQuery(skills[1], '  ')).toBe(true);
  });

  it('groups by source in priority order and sorts by name', () => {
    const groups = groupSkills(skills, '');
    expect(groups.map((g) => g.label)).toEqual(['Project', 'User', 'Bundled']);
    expect(groups[0].skills.map((s) => s.name)).toEqual(['pdf-tools', 'zeta']);
    expect(groups[1].skills.map((s) => s.name)).toEqual(['alpha', 'pdf-tools']);
    expect(groupSkills(skills, 'pdf').map((g) => g.source)).toEqual(['project', 'user']);
    expect(groupSkills(skills, 'nothing-matches')).toEqual([]);
  });

  it('tells same-named skills apart', () => {
    expect(skillKey(skills[0])).not.toBe(skillKey(skills[3]));
  });
});
