/**
 * Under a property's disclosure: the inputs its kind takes (values for an enum, the item
 * type for an array, the constraints, nested properties for an object), the pattern's
 * warning tied to its input, and what the builder does not edit named.
 */
import { describe, expect, it } from 'vitest';
import { readSchema, type PropertyView } from '../../../../../shared/playground/schema-builder';
import { markup } from '../test-support/form-kit';
import { PropertyDetails } from './PropertyDetails';

const SCHEMA = {
  type: 'object',
  properties: {
    city: { type: 'string', pattern: '^[a-z]+$', minLength: 1 },
    color: { enum: ['red', 'green'] },
    tags: { type: 'array', items: { oneOf: [{ type: 'string' }] } },
    place: { type: 'object', properties: { lat: { type: 'number' } }, 'x-extra': 1 },
  },
};

function details(name: string, pattern = ''): string {
  const read = readSchema(SCHEMA);
  const property = read.ok ? read.properties.find((p) => p.name === name) : undefined;
  if (!property) throw new Error(`no property ${name}`);
  return markup(PropertyDetails, {
    scope: { schema: SCHEMA, warnings: [], readOnly: false, onChange: () => {}, focusPath: null },
    property: property as PropertyView,
    ids: { base: 'p1', details: 'p1-details' },
    warnings: { pattern, default: '', count: pattern ? 1 : 0 },
  });
}

const testIds = (html: string) =>
  [...html.matchAll(/data-testid="schema-property-([^"]+)"/g)].map((m) => m[1]);

describe('PropertyDetails', () => {
  it("gives a text its constraints, and ties the pattern's warning to it", () => {
    expect(testIds(details('city'))).toEqual([
      'panel',
      'description',
      'minLength',
      'maxLength',
      'pattern',
      'default',
    ]);
    const warned = details('city', 'Not a valid pattern');
    expect(warned).toContain('aria-invalid="true" aria-describedby="p1-pattern-warn"');
    expect(warned).toContain('<div id="p1-pattern-warn" class="sb-warning" role="alert">');
  });

  it("edits an enum's values, and leaves items of no one plain type to the text", () => {
    expect(testIds(details('color'))).toEqual(['panel', 'description', 'enum', 'default']);
    expect(details('color')).toContain('red\ngreen</textarea>');
    const tags = details('tags');
    expect(tags).toContain('<select id="p1-items"');
    expect(tags).toContain('<option value="" selected="">Other (edit in text)</option>');
  });

  it('lists the nested properties of an object and names the keys kept as written', () => {
    const html = details('place');
    expect(html).toContain('<div class="sb-nested">');
    expect(html).toContain('data-name="lat"');
    expect(html).toContain('Also kept as written: <code>x-extra</code>');
  });
});
