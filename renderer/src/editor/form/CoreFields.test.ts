/**
 * The Form's "Skill" section: the portable core's fields in the spec's order, the
 * description counted against its cap and the Claude Code listing, and a value of
 * the wrong type shown as written.
 */
import { describe, expect, it } from 'vitest';
import { CoreFields } from './CoreFields';
import { fieldOrder, kitOf, markup } from './test-support/form-kit';

describe('CoreFields', () => {
  it('shows the core keys in order, each with its own field', () => {
    const html = markup(CoreFields, {
      kit: kitOf('---\nname: tides\ndescription: Notes.\nmetadata:\n  owner: me\n---\n'),
      folder: 'tides',
    });
    expect(html).toMatch(
      /^<fieldset class="ff-section" data-testid="form-core"><legend>Skill<\/legend>/,
    );
    expect(fieldOrder(html)).toEqual([
      'name',
      'description',
      'license',
      'compatibility',
      'allowed-tools',
      'metadata',
    ]);
    expect(html).toContain('placeholder="tides"');
    expect(html).toContain('aria-label="Metadata value of owner"');
  });

  it('counts the description alone and with when_to_use for the listing', () => {
    const html = markup(CoreFields, {
      kit: kitOf('---\nname: tides\ndescription: " Notes. "\nwhen_to_use: Tides.\n---\n'),
      folder: 'tides',
    });
    expect(html).toContain('Characters 8 / 1024');
    expect(html).toMatch(/Claude Code listing \(with when_to_use\) 12 \/ \d+/);
  });

  it('shows wrong-typed values as written and editable only in the text', () => {
    const html = markup(CoreFields, {
      kit: kitOf('---\nname: tides\ndescription: d\nallowed-tools: 42\nmetadata: [a]\n---\n'),
      folder: 'tides',
    });
    expect(html).toContain('Expected a list of tool names; shown as written.');
    expect(html).toContain('Expected a map of text values; shown as written.');
  });
});
