import { describe, expect, it } from 'vitest';
import { validateSkillText } from './skill-validation';
import { quickFixesFor, applyEdit } from './frontmatter-assist';

describe('live SKILL.md validation', () => {
  it('reports a bad name at its line and a fix that clears it', () => {
    const text = '---\nname: Bad_Name\ndescription: Does a thing\n---\n# Title\n';
    const diags = validateSkillText(text, 'bad-name');
    const lower = diags.find((d) => d.code === 'NAME_NOT_LOWERCASE');
    expect(lower?.line).toBe(2);
    expect(diags.some((d) => d.code === 'NAME_INVALID_CHARS')).toBe(true);
    const fixed = validateSkillText(text.replace('Bad_Name', 'bad-name'), 'bad-name');
    expect(fixed.filter((d) => d.severity === 'error')).toEqual([]);
    const [mismatch] = validateSkillText(text.replace('Bad_Name', 'other'), 'bad-name').filter(
      (d) => d.code === 'NAME_DIR_MISMATCH',
    );
    const [fix] = quickFixesFor(text.replace('Bad_Name', 'other'), mismatch, 'bad-name');
    expect(
      validateSkillText(applyEdit(text.replace('Bad_Name', 'other'), fix.edit), 'bad-name'),
    ).toEqual([]);
  });

  it('offers the quote fix for the YAML error a ": " in a value gives', () => {
    const text = '---\nname: a\ndescription: Use it: when needed\n---\n';
    const yamlError = validateSkillText(text, 'a').find((d) => d.code === 'FRONTMATTER_YAML');
    expect(yamlError).toBeDefined();
    const fixes = quickFixesFor(text, yamlError!, 'a');
    expect(fixes.map((f) => f.title)).toContain('Quote the value (it contains ": ")');
    expect(validateSkillText(applyEdit(text, fixes[0].edit), 'a')).toEqual([]);
  });
});
