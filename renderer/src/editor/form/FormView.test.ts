/**
 * The Form's fields, section by section in a fixed order: the core, the extensions, the
 * schema builders, then the keys it has no field for.
 */
import { describe, expect, it } from 'vitest';
import { FormFields } from './FormView';
import { kitInput, markup } from './test-support/form-kit';

describe('FormFields', () => {
  it('shows the sections in order', () => {
    const text = '---\nname: tides\ndescription: d\ncontext: fork\nmy-key: 1\n---\n';
    const html = markup(FormFields, { ...kitInput(text), files: [], onShowText: () => undefined });
    const order = [
      'form-core',
      'form-extensions',
      'schema-section',
      'form-other-keys',
      'form-unknown-keys',
    ].map((id) => html.indexOf(`data-testid="${id}"`));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html).toMatch(/^<div class="ff-body">/);
  });
});
