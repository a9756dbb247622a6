import { describe, expect, it } from 'vitest';
import { checkName, checkNameByEveryRule, NAME_MAX_LENGTH, suggestName } from './name-rules';

describe('suggestName', () => {
  it('turns any text into a name that passes every rule', () => {
    const inputs = [
      'Brand_Guidelines',
      'My  Skill.v2',
      '--edge--case--',
      'a__b--c',
      'PDF Form Filler!',
      'Ｆｕｌｌｗｉｄｔｈ',
      'İstanbul',
      'Café Crème',
      'x'.repeat(70) + '-y',
      'a-'.repeat(40),
    ];
    for (const input of inputs) {
      const name = suggestName(input);
      expect(name, input).not.toBe('');
      expect(
        checkName(name).filter((p) => p.severity === 'error'),
        `${input} → ${name}`,
      ).toEqual([]);
    }
  });

  it('gives the expected names', () => {
    expect(suggestName('Brand_Guidelines')).toBe('brand-guidelines');
    expect(suggestName('a__b--c')).toBe('a-b-c');
    expect(suggestName('--edge--case--')).toBe('edge-case');
    expect(suggestName('İstanbul')).toBe('istanbul');
    expect(suggestName('valid-name')).toBe('valid-name');
    expect(Array.from(suggestName('a-'.repeat(40))).length).toBeLessThanOrEqual(NAME_MAX_LENGTH);
    expect(suggestName('a-'.repeat(40)).endsWith('-')).toBe(false);
  });

  it('gives nothing when no letter or digit is left', () => {
    expect(suggestName('___')).toBe('');
    expect(suggestName('')).toBe('');
  });
});

describe('checkName messages', () => {
  it('suggest the valid name, never an invalid one', () => {
    const messages = checkName('Brand_Guidelines').map((p) => p.message);
    expect(messages.length).toBeGreaterThan(0);
    for (const m of messages) {
      expect(m).toContain('use "brand-guidelines"');
      expect(m).not.toContain('brand_guidelines');
    }
  });
});

describe('checkName on ASCII text', () => {
  // ASCII names take ASCII twins of the Unicode classes: they must answer alike.
  const lowerOrCaseless = /^[\p{Ll}\p{Lo}\p{Lm}\p{Nd}-]$/u;
  const upper = /[\p{Lu}\p{Lt}]/u;
  it('flags exactly the characters the Unicode rules flag', () => {
    for (let code = 0x21; code < 0x7f; code++) {
      const ch = String.fromCharCode(code);
      const codes = checkName(`a${ch}a`).map((p) => p.code);
      expect(codes.includes('NAME_NOT_LOWERCASE'), ch).toBe(upper.test(ch));
      const invalid = !lowerOrCaseless.test(ch) && !upper.test(ch);
      expect(codes.includes('NAME_INVALID_CHARS'), ch).toBe(invalid);
    }
  });
});

describe('checkName', () => {
  it('answers as every rule does, with or without its shortcut for plain names', () => {
    const names = [
      'pdf',
      'pdf-forms',
      'a1-b2-c3',
      '0',
      'x'.repeat(NAME_MAX_LENGTH),
      'x'.repeat(NAME_MAX_LENGTH + 1),
      'a--b',
      '-a',
      'a-',
      'A-b',
      'a_b',
      'ａｂｃ',
      'café',
      'a b',
      'a\n',
    ];
    const folders = [
      undefined,
      'pdf',
      'pdf-forms',
      'ａｂｃ',
      'abc',
      'PDF',
      'x'.repeat(NAME_MAX_LENGTH),
    ];
    for (const name of names)
      for (const folder of folders)
        expect(checkName(name, folder), `${name} in ${folder}`).toEqual(
          checkNameByEveryRule(name, folder),
        );
  });
});
