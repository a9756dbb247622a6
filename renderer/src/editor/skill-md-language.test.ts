import { describe, expect, it } from 'vitest';
import type * as MonacoNs from 'monaco-editor';
import { SKILL_MD_GRAMMAR } from './skill-md-language';

// Every rule of this grammar is a regex with one expanded action.
type Rule = [RegExp, MonacoNs.languages.IExpandedMonarchLanguageAction];

function rulesOf(state: string): Rule[] {
  return (SKILL_MD_GRAMMAR.tokenizer[state] ?? []) as unknown as Rule[];
}

/** The states a rule enters together with an embedded language. */
function statesEnteredEmbedded(): string[] {
  const entered: string[] = [];
  for (const state of Object.keys(SKILL_MD_GRAMMAR.tokenizer)) {
    for (const [, action] of rulesOf(state)) {
      if (action.nextEmbedded && action.nextEmbedded !== '@pop' && action.next)
        entered.push(action.next.replace(/^@/, ''));
    }
  }
  return entered;
}

describe('the SKILL.md grammar', () => {
  it('embeds YAML in the frontmatter and Markdown in the body', () => {
    const embeds = Object.values(SKILL_MD_GRAMMAR.tokenizer)
      .flatMap((rules) => (rules as unknown as Rule[]).map(([, a]) => a.nextEmbedded))
      .filter(Boolean);
    expect(new Set(embeds)).toEqual(new Set(['yaml', 'markdown', '@pop']));
  });

  // Monarch looks for the way out of an embedding only among the rules of the state
  // active while embedded; without one it throws on every line.
  it('gives every state entered with an embedded language a rule that leaves it', () => {
    const entered = statesEnteredEmbedded();
    expect(entered.sort()).toEqual(['body', 'body', 'frontmatter']);
    for (const state of entered) {
      expect(
        rulesOf(state).some(([, a]) => a.nextEmbedded === '@pop'),
        `state ${state} has a nextEmbedded: '@pop' rule`,
      ).toBe(true);
    }
  });

  it('opens the frontmatter only on a fence line, and never leaves the body', () => {
    const [open] = rulesOf('root')[0];
    expect(open.test('---')).toBe(true);
    expect(open.test('\uFEFF--- ')).toBe(true);
    expect(open.test('--- x')).toBe(false);
    const [close] = rulesOf('frontmatter')[0];
    expect(close.test('---')).toBe(true);
    expect(close.test('  ---')).toBe(false);
    const [leaveBody] = rulesOf('body')[0];
    for (const line of ['---', '# Heading', '', '```yaml', 'text \uFFFF'])
      expect(leaveBody.test(line)).toBe(false);
  });
});
