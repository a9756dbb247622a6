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

  it('fixes Brand_Guidelines to the valid brand-guidelines from any name diagnostic', () => {
    const text = '---\nname: Brand_Guidelines\ndescription: Does a thing\n---\n';
    const diags = validateSkillText(text, 'brand-guidelines');
    const nameCodes = diags.map((d) => d.code).filter((c) => c.startsWith('NAME_'));
    expect(nameCodes).toEqual(
      expect.arrayContaining(['NAME_NOT_LOWERCASE', 'NAME_INVALID_CHARS', 'NAME_DIR_MISMATCH']),
    );
    for (const d of diags.filter((x) => x.code !== 'NAME_DIR_MISMATCH')) {
      const [fix] = quickFixesFor(text, d, 'brand-guidelines');
      expect(fix?.title, d.code).toBe('Use the valid name "brand-guidelines"');
      expect(validateSkillText(applyEdit(text, fix.edit), 'brand-guidelines'), d.code).toEqual([]);
    }
  });

  it('fixes an over-long or hyphen-edged name to one that passes every rule', () => {
    for (const bad of ['-edge-', 'a--b', 'x'.repeat(70)]) {
      const text = `---\nname: ${bad}\ndescription: d\n---\n`;
      const d = validateSkillText(text, '').find((x) => x.code.startsWith('NAME_'));
      expect(d, bad).toBeDefined();
      const [fix] = quickFixesFor(text, d!, '');
      const fixed = applyEdit(text, fix.edit);
      expect(validateSkillText(fixed, ''), fixed).toEqual([]);
    }
  });

  it('renames a near-miss key to the key it was meant to be', () => {
    for (const [typo, meant] of [
      ['allowed_tools', 'allowed-tools'],
      ['licence', 'license'],
    ]) {
      const text = `---\nname: a\ndescription: d\n${typo}: Read\n---\n`;
      const d = validateSkillText(text, 'a').find((x) => x.code === 'UNKNOWN_FIELD');
      expect(d?.message).toContain(`did you mean "${meant}"`);
      const [fix] = quickFixesFor(text, d!, 'a');
      expect(fix.title).toBe(`Rename the key to "${meant}"`);
      expect(validateSkillText(applyEdit(text, fix.edit), 'a')).toEqual([]);
    }
    // No fix when nothing is close.
    const text = '---\nname: a\ndescription: d\nauthor: me\n---\n';
    const d = validateSkillText(text, 'a').find((x) => x.code === 'UNKNOWN_FIELD');
    expect(quickFixesFor(text, d!, 'a')).toEqual([]);
  });
});

describe('live link checks', () => {
  const text =
    '---\nname: a\ndescription: d\n---\nSee [guide](references/Guide.md) and [x](gone.md).\n';

  it('check the body against the listed files, folders included', () => {
    const files = [
      { path: 'SKILL.md' },
      { path: 'references', dir: true },
      { path: 'references/guide.md' },
    ];
    expect(validateSkillText(text, 'a', 'SKILL.md', files).map((d) => d.code)).toEqual([
      'LINK_CASE_MISMATCH',
      'LINK_MISSING',
    ]);
  });

  it('are skipped while the listing is not known', () => {
    expect(validateSkillText(text, 'a')).toEqual([]);
  });
});
