/**
 * The `skill-md` language: a SKILL.md coloured as YAML in its frontmatter and as
 * Markdown below it (Monarch embedding), instead of Markdown throughout.
 */
import type * as MonacoNs from 'monaco-editor';

export const SKILL_MD_LANGUAGE = 'skill-md';

export function registerSkillMdLanguage(monaco: typeof MonacoNs): void {
  monaco.languages.register({ id: SKILL_MD_LANGUAGE, aliases: ['SKILL.md'] });
  monaco.languages.setMonarchTokensProvider(SKILL_MD_LANGUAGE, {
    tokenizer: {
      // Only the first line may open the frontmatter (after an optional BOM).
      root: [
        [
          /^\uFEFF?---[ \t]*$/,
          { token: 'delimiter.frontmatter', next: '@frontmatter', nextEmbedded: 'yaml' },
        ],
        [/.*$/, { token: '@rematch', next: '@body', nextEmbedded: 'markdown' }],
      ],
      frontmatter: [
        [
          /^---[ \t]*$/,
          { token: 'delimiter.frontmatter', next: '@bodyStart', nextEmbedded: '@pop' },
        ],
      ],
      bodyStart: [[/.*$/, { token: '@rematch', next: '@body', nextEmbedded: 'markdown' }]],
      // Markdown to the end of the file: this state's only rule never matches.
      body: [[/\uFFFF\uFFFE\uFFFF/, '']],
    },
  });
  monaco.languages.setLanguageConfiguration(SKILL_MD_LANGUAGE, {
    comments: { blockComment: ['<!--', '-->'] },
    brackets: [
      ['{', '}'],
      ['[', ']'],
      ['(', ')'],
    ],
    autoClosingPairs: [
      { open: '{', close: '}' },
      { open: '[', close: ']' },
      { open: '(', close: ')' },
      { open: '"', close: '"' },
      { open: '`', close: '`' },
    ],
  });
}
