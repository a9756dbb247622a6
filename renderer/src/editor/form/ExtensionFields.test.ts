/**
 * The Form's "Studio extensions" section: closed until the skill uses one of its keys,
 * the argument hint under the spelling the skill uses, and the entrypoint picked from
 * the skill's files when they are known.
 */
import { describe, expect, it } from 'vitest';
import { ExtensionFields, labelOf } from './ExtensionFields';
import { fieldOrder, kitOf, markup } from './test-support/form-kit';

const CORE = '---\nname: tides\ndescription: d\n';

describe('ExtensionFields', () => {
  it('shows every extension in order, closed while the skill uses none', () => {
    const html = markup(ExtensionFields, { kit: kitOf(`${CORE}---\n`), files: undefined });
    expect(html).toMatch(/^<details class="ff-section" data-testid="form-extensions">/);
    expect(fieldOrder(html)).toEqual([
      'version',
      'tags',
      'category',
      'triggers',
      'when_to_use',
      'argument-hint',
      'status',
      'timeout_seconds',
      'max_turns',
      'entrypoint',
      'tools',
    ]);
    const open = markup(ExtensionFields, { kit: kitOf(`${CORE}tags: [a]\n---\n`), files: [] });
    expect(open).toMatch(/^<details class="ff-section" open="" data-testid="form-extensions">/);
  });

  it('edits the argument hint under each spelling the skill uses', () => {
    const one = markup(ExtensionFields, {
      kit: kitOf(`${CORE}argument_hint: x\n---\n`),
      files: undefined,
    });
    expect(fieldOrder(one)).toContain('argument_hint');
    expect(fieldOrder(one)).not.toContain('argument-hint');
    const both = markup(ExtensionFields, {
      kit: kitOf(`${CORE}argument_hint: x\nargument-hint: y\n---\n`),
      files: undefined,
    });
    expect(fieldOrder(both).filter((k) => k.startsWith('argument'))).toEqual([
      'argument-hint',
      'argument_hint',
    ]);
  });

  it("offers the skill's files as entrypoints, and a text box while they are unknown", () => {
    const kit = kitOf(`${CORE}entrypoint: run.js\n---\n`);
    const picked = markup(ExtensionFields, { kit, files: ['SKILL.md', 'run.js', 'lib.js'] });
    expect(picked).toContain('<select id="ff-entrypoint"');
    expect(picked).toContain('<option value="lib.js">lib.js</option>');
    expect(picked).not.toContain('<option value="SKILL.md">');
    for (const files of [undefined, ['SKILL.md']]) {
      expect(markup(ExtensionFields, { kit, files })).toContain(
        '<input id="ff-entrypoint" type="text"',
      );
    }
  });

  it('labels a key in words', () => {
    expect(labelOf('when_to_use')).toBe('When to use');
    expect(labelOf('allowed-tools')).toBe('Allowed tools');
  });
});
