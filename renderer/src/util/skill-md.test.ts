import { describe, expect, it } from 'vitest';
import { isSkillMd } from './skill-md';

describe('isSkillMd', () => {
  it('knows SKILL.md in any case at the root only', () => {
    expect(isSkillMd('SKILL.md')).toBe(true);
    expect(isSkillMd('skill.md')).toBe(true);
    expect(isSkillMd('references/SKILL.md')).toBe(false);
  });
});
