import { describe, expect, it } from 'vitest';
import { rankQuickOpen, wantedFiles, SKILLS_FOR_PATH_QUERY, type QuickItem } from './quick-open';
import { rankCommands } from '../command-ranking';
import { skillListItem } from '../../../../shared/test-support/skill-list-item';

const SKILLS = [skillListItem('alpha-skill'), skillListItem('notes'), skillListItem('beta-tools')];
const FILES: Record<string, string[]> = {
  [SKILLS[0].dir]: ['SKILL.md', 'references/notes.md', 'scripts/run.py'],
  [SKILLS[2].dir]: ['SKILL.md', 'references/guide.md', 'notes.txt'],
};
const filesOf = (dir: string) => FILES[dir];
const shown = (q: string, limit = 100) =>
  rankQuickOpen(SKILLS, filesOf, q, limit).items.map((i: QuickItem) =>
    i.kind === 'skill' ? `skill ${i.skill.name}` : `${i.skill.name}/${i.path}`,
  );

describe('rankQuickOpen', () => {
  it('finds a file by skill/path, the skill part matched loosely', () => {
    expect(shown('alpha/ref')).toEqual(['alpha-skill/references/notes.md']);
    expect(shown('beta-tools/')).toEqual([
      'beta-tools/SKILL.md',
      'beta-tools/references/guide.md',
      'beta-tools/notes.txt',
    ]);
    expect(shown('bt/gui')).toEqual(['beta-tools/references/guide.md']);
  });

  it('puts a skill with the exact name first, then files by their own name', () => {
    expect(shown('notes')).toEqual([
      'skill notes',
      'alpha-skill/references/notes.md',
      'beta-tools/notes.txt',
    ]);
  });

  it('cuts at the limit and says how many more', () => {
    const r = rankQuickOpen(SKILLS, filesOf, 'beta-tools/', 1);
    expect(r.items).toHaveLength(1);
    expect(r.more).toBe(2);
  });

  it('asks for the files of the skills a path query names only, and none for no query', () => {
    const many = Array.from({ length: 100 }, (_, i) => skillListItem(`s${i}`));
    expect(wantedFiles(many, 's/x')).toHaveLength(SKILLS_FOR_PATH_QUERY);
    expect(wantedFiles(many, 's1/x')[0]).toBe(many[1].dir);
    expect(wantedFiles(many, '  ')).toEqual([]);
  });
});

describe('rankCommands', () => {
  const cmds = [{ title: 'Save' }, { title: 'Toggle Sidebar' }, { title: 'Find in Files' }];
  it('keeps the table order with no query, and filters by prefix, substring, then letters', () => {
    expect(rankCommands(cmds, '').map((c) => c.title)).toEqual([
      'Save',
      'Toggle Sidebar',
      'Find in Files',
    ]);
    expect(rankCommands(cmds, 'side').map((c) => c.title)).toEqual(['Toggle Sidebar']);
    expect(rankCommands(cmds, 'fif').map((c) => c.title)).toEqual(['Find in Files']);
    expect(rankCommands(cmds, 'tog sid').map((c) => c.title)).toEqual(['Toggle Sidebar']);
    expect(rankCommands(cmds, 'sid tog')).toEqual([]);
    expect(rankCommands(cmds, 'zzz')).toEqual([]);
  });
});
