import { describe, expect, it } from 'vitest';
import { choseSkill, indexWith } from './triggers';

describe('did the model choose the skill', () => {
  const call = (name: string, args: unknown) => ({ name, argumentsText: JSON.stringify(args) });
  it('counts the skill tool naming it, a read of its SKILL.md, or a tool of its own name', () => {
    expect(choseSkill([call('skill', { name: 'pdf' })], 'pdf')).toEqual({
      triggered: true,
      evidence: 'skill("pdf")',
    });
    expect(choseSkill([call('read', { path: 'skills/pdf/SKILL.md' })], 'pdf').triggered).toBe(true);
    expect(choseSkill([call('read', { path: 'pdf/SKILL.md' })], 'pdf').triggered).toBe(true);
    expect(choseSkill([call('pdf', {})], 'pdf').triggered).toBe(true);
  });
  it('does not count another skill, another file, or a near name', () => {
    expect(choseSkill([call('skill', { name: 'pdf-tools' })], 'pdf')).toEqual({
      triggered: false,
      evidence: 'called skill',
    });
    expect(choseSkill([call('read', { path: 'skills/pdf/reference.md' })], 'pdf').triggered).toBe(
      false,
    );
    expect(choseSkill([call('read', { path: 'skills/notpdf/SKILL.md' })], 'pdf').triggered).toBe(
      false,
    );
    expect(choseSkill([call('skill', 'not json')], 'pdf').triggered).toBe(false);
    expect(choseSkill([], 'pdf')).toEqual({ triggered: false, evidence: null });
  });
  it('puts the skill in the index once, with the description under test', () => {
    const index = indexWith(
      [
        { name: 'pdf', description: 'old' },
        { name: 'csv', description: 'c' },
      ],
      'pdf',
      'new',
    );
    expect(index.map((s) => [s.name, s.description])).toEqual([
      ['csv', 'c'],
      ['pdf', 'new'],
    ]);
  });
});
