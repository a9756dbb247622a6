/**
 * A property's default: the widget its kind needs, the choices of a boolean or an enum
 * with a default outside them shown but not offered, and the warning tied to the input.
 */
import { describe, expect, it } from 'vitest';
import { readSchema, type PropertyView } from '../../../../../shared/playground/schema-builder';
import { markup } from '../test-support/form-kit';
import { DefaultEditor, defaultChoices, textDefault } from './DefaultEditor';

function view(schema: Record<string, unknown>): PropertyView {
  const read = readSchema({ type: 'object', properties: { x: schema } });
  if (!read.ok) throw new Error('the test schema does not read');
  return read.properties[0];
}

function editor(schema: Record<string, unknown>, warning = ''): string {
  return markup(DefaultEditor, {
    property: view(schema),
    inputId: 'p1-default',
    warnId: 'p1-default-warn',
    warning,
    readOnly: false,
    onValue: () => {},
  });
}

describe('DefaultEditor', () => {
  it('gives each kind its widget', () => {
    expect(editor({ type: 'string', default: 'Paris' })).toMatch(
      /<input id="p1-default"[^>]*placeholder="none"[^>]*value="Paris"/,
    );
    expect(editor({ type: 'integer', default: 2 })).toMatch(
      /type="number"[^>]*step="1"[^>]*value="2"/,
    );
    expect(editor({ type: 'number' })).toMatch(/type="number"[^>]*step="any"/);
    expect(editor({ type: 'boolean' })).toContain('<select id="p1-default"');
    expect(editor({ type: 'object', default: { a: 1 } })).toMatch(
      /placeholder="none \(JSON\)"[^>]*value="\{&quot;a&quot;:1\}"/,
    );
  });

  it('ties a warning about the default to its input', () => {
    const html = editor({ type: 'string', default: 3 }, 'Default is not a string.');
    expect(html).toContain('aria-invalid="true" aria-describedby="p1-default-warn"');
    expect(html).toContain('<div id="p1-default-warn" class="sb-warning" role="alert">');
    expect(editor({ type: 'string' })).toContain('aria-invalid="false"');
  });

  it('shows a text default as it is, another value as JSON, none as empty', () => {
    expect(textDefault({ default: 'a', hasDefault: true })).toBe('a');
    expect(textDefault({ default: 3, hasDefault: true })).toBe('3');
    expect(textDefault({ default: undefined, hasDefault: false })).toBe('');
  });

  it('selects the choice of the default, none, or a default outside the choices', () => {
    expect(defaultChoices(view({ type: 'boolean', default: false }))).toEqual({
      options: [true, false],
      selected: '1',
    });
    expect(defaultChoices(view({ enum: ['red', 'green'] })).selected).toBe('');
    expect(defaultChoices(view({ enum: ['red', 'green'], default: 'blue' })).selected).toBe(
      'other',
    );
    expect(editor({ enum: ['red'], default: 'blue' })).toContain(
      '<option value="other" disabled="" selected="">&quot;blue&quot;</option>',
    );
  });
});
