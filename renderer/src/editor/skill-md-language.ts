/**
 * The `skill-md` language: a SKILL.md coloured as YAML in its frontmatter and as
 * Markdown below it (Monarch embedding), instead of Markdown throughout.
 *
 * How Monarch embedding works, and why every embedded state has a `@pop` rule:
 * while a language is embedded, Monarch tokenizes each line with that language,
 * but first searches the line for the rules of the *current* state that carry
 * `nextEmbedded: '@pop'` (the way out). A state without such a rule makes it
 * throw on every line ("no rule containing nextEmbedded: "@pop" ..."), and the
 * line gets no colours at all.
 */
import type * as MonacoNs from 'monaco-editor';

export const SKILL_MD_LANGUAGE = 'skill-md';

/** Characters no text file holds (two noncharacters in a row). */
const NEVER_MATCHES = /\uFFFF\uFFFE\uFFFF/;

/** The Monarch grammar (exported so its embedding rules are checked by a unit test). */
export const SKILL_MD_GRAMMAR: MonacoNs.languages.IMonarchLanguage = {
  tokenizer: {
    // Only the first line may open the frontmatter (after an optional BOM).
    root: [
      [
        /^\uFEFF?---[ \t]*$/,
        { token: 'delimiter.frontmatter', next: '@frontmatter', nextEmbedded: 'yaml' },
      ],
      [/.*$/, { token: '@rematch', next: '@body', nextEmbedded: 'markdown' }],
    ],
    // YAML until the closing fence, which leaves the embedding.
    frontmatter: [
      [/^---[ \t]*$/, { token: 'delimiter.frontmatter', next: '@bodyStart', nextEmbedded: '@pop' }],
    ],
    bodyStart: [[/.*$/, { token: '@rematch', next: '@body', nextEmbedded: 'markdown' }]],
    // Markdown to the end of the file: the way out of the embedding never matches.
    body: [[NEVER_MATCHES, { token: '', nextEmbedded: '@pop' }]],
  },
};

export function registerSkillMdLanguage(monaco: typeof MonacoNs): void {
  monaco.languages.register({ id: SKILL_MD_LANGUAGE, aliases: ['SKILL.md'] });
  monaco.languages.setMonarchTokensProvider(SKILL_MD_LANGUAGE, SKILL_MD_GRAMMAR);
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
