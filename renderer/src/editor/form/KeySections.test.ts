/**
 * The keys the Form has no field for: known and unknown keys listed apart, as written,
 * with their problems and a way to the text; nothing when every key has a field.
 */
import { describe, expect, it } from 'vitest';
import { KeySections } from './KeySections';
import { diagnostic, kitInput, markup } from './test-support/form-kit';

const props = (text: string, diagnostics = [diagnostic('UNKNOWN_KEY', 4, 'my-key', 'warning')]) => {
  const input = kitInput(text);
  return { keys: input.keys, diagnostics, fixesFor: () => [], onShowText: () => undefined };
};

describe('KeySections', () => {
  it('shows nothing when every key has a field', () => {
    expect(markup(KeySections, props('---\nname: tides\ndescription: d\n---\n'))).toBe('');
  });

  it('lists known and unknown keys apart, as written, with their problems', () => {
    const html = markup(
      KeySections,
      props('---\nname: tides\ncontext: fork\nmy-key:\n  - x\n---\n'),
    );
    const others = html.indexOf('data-testid="form-other-keys"');
    const unknown = html.indexOf('data-testid="form-unknown-keys"');
    expect(others).toBeGreaterThanOrEqual(0);
    expect(unknown).toBeGreaterThan(others);
    expect(html.slice(others, unknown)).toContain('data-key="context"');
    expect(html.slice(unknown)).toContain('data-key="my-key"');
    expect(html).toContain('aria-label="Show my-key in the text"');
    expect(html).toContain('aria-describedby="ff-key-my-key-problems">- x</pre>');
    expect(html).toContain('UNKNOWN_KEY here');
    expect(html).not.toContain('data-key="name"');
  });
});
