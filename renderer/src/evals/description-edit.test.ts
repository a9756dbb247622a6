import { describe, expect, it } from 'vitest';
import { withDescription } from './description-edit';

describe('accepting a suggested description', () => {
  it('replaces only the description, keeping comments, other keys and the body', () => {
    const text =
      '---\nname: pdf-forms # the folder\ndescription: Fills forms.\nlicense: MIT\n---\n# Body\n';
    const next = withDescription(
      text,
      'Fills PDF forms from a JSON answer sheet; use for any PDF form.',
    );
    expect(next).toEqual({
      ok: true,
      line: 3,
      text: '---\nname: pdf-forms # the folder\ndescription: Fills PDF forms from a JSON answer sheet; use for any PDF form.\nlicense: MIT\n---\n# Body\n',
    });
  });

  it('quotes a description YAML would otherwise misread', () => {
    const next = withDescription('---\nname: a\ndescription: x\n---\n', 'Use when: the user asks');
    expect(next.ok && next.text).toContain('description: "Use when: the user asks"');
  });

  it('refuses a file whose frontmatter does not parse, rather than guess', () => {
    const next = withDescription('no frontmatter here\n', 'new');
    expect(next.ok).toBe(false);
  });
});
