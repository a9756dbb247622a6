import { describe, expect, it } from 'vitest';
import { languageForPath } from './language';

describe('languageForPath', () => {
  it('maps common skill files to Monaco languages', () => {
    expect(languageForPath('SKILL.md')).toBe('skill-md');
    expect(languageForPath('config/settings.yml')).toBe('yaml');
    expect(languageForPath('schema.json')).toBe('json');
    expect(languageForPath('scripts/run.py')).toBe('python');
    expect(languageForPath('scripts/run.sh')).toBe('shell');
    expect(languageForPath('scripts/run.mjs')).toBe('javascript');
    expect(languageForPath('src/a.ts')).toBe('typescript');
    expect(languageForPath('Dockerfile')).toBe('dockerfile');
    expect(languageForPath('LICENSE')).toBe('plaintext');
    expect(languageForPath('notes.unknownext')).toBe('plaintext');
  });
});
