import { describe, expect, it } from 'vitest';
import { rankSkills } from './skill-ranking';
import { skillListItem } from '../../../../shared/test-support/skill-list-item';

const names = (query: string, skills = SKILLS) =>
  rankSkills(skills, query).map((r) => `${r.skill.name}@${r.skill.source}`);

const SKILLS = [
  skillListItem('pdf-form-filler'),
  skillListItem('forms'),
  skillListItem('form', { source: 'framework' }),
  skillListItem('form', { source: 'project', conflict: true }),
  skillListItem('form', { source: 'project', dir: '/project/.claude/skills/form', conflict: true }),
  skillListItem('fo-rm-tool'),
  skillListItem('text-stats', { description: 'Counts the words of a form letter' }),
];

describe('rankSkills', () => {
  it('puts exact names first, then prefixes, then substrings, fuzzy and descriptions', () => {
    expect(names('form')).toEqual([
      'form@project',
      'form@project',
      'form@framework',
      'forms@project',
      'pdf-form-filler@project',
      'fo-rm-tool@project',
      'text-stats@project',
    ]);
  });

  it('lists two skills with one name separately, in folder order', () => {
    const dirs = rankSkills(SKILLS, 'FORM ')
      .filter((r) => r.skill.name === 'form')
      .map((r) => r.skill.dir);
    expect(dirs).toEqual([
      '/project/.claude/skills/form',
      '/project/skills/form',
      '/framework/skills/form',
    ]);
  });

  it('tells how each skill matched, and drops the rest', () => {
    const tiers = rankSkills(SKILLS, 'forms').map((r) => [r.skill.name, r.tier]);
    expect(tiers).toEqual([['forms', 'exact']]);
    expect(rankSkills(SKILLS, 'zzz')).toEqual([]);
  });

  it('lists every skill by source and name when the query is empty', () => {
    expect(names('  ')).toEqual([
      'fo-rm-tool@project',
      'form@project',
      'form@project',
      'forms@project',
      'pdf-form-filler@project',
      'text-stats@project',
      'form@framework',
    ]);
  });
});
