import { describe, expect, it } from 'vitest';
import { optionsForLanguage } from './editor-behaviour';

describe('optionsForLanguage', () => {
  it('shows no word completion in SKILL.md and picks no suggestion by itself', () => {
    expect(optionsForLanguage('skill-md').suggest).toEqual({
      showWords: false,
      selectionMode: 'never',
    });
  });

  it('never takes words from other files, in any language', () => {
    for (const language of ['skill-md', 'markdown', 'javascript', null])
      expect(optionsForLanguage(language).wordBasedSuggestions).toBe('currentDocument');
    expect(optionsForLanguage('markdown').suggest?.showWords).toBe(true);
  });
});
