/**
 * A property's row: the type menu offers only what the builder can make, the details
 * toggle counts the warnings inside, and the moves stop at the ends of the list.
 */
import { describe, expect, it } from 'vitest';
import { readSchema, type PropertyView } from '../../../../../shared/playground/schema-builder';
import { markup } from '../test-support/form-kit';
import { PropertyRow, detailsLabel, shownKinds, type PropertyRowProps } from './PropertyRow';

const SCHEMA = {
  type: 'object',
  required: ['city'],
  properties: { city: { type: 'string' }, ref: { $ref: '#/defs/x' } },
};

function property(name: string): PropertyView {
  const read = readSchema(SCHEMA);
  const found = read.ok ? read.properties.find((p) => p.name === name) : undefined;
  if (!found) throw new Error(`no property ${name}`);
  return found;
}

function row(over: Partial<PropertyRowProps> = {}): string {
  return markup(PropertyRow, {
    scope: { schema: SCHEMA, warnings: [], readOnly: false, onChange: () => {}, focusPath: null },
    property: property('city'),
    place: { index: 0, count: 2 },
    ids: { base: 'p1', nameErr: 'p1-name-err', details: 'p1-details' },
    problems: 0,
    nameDraftProblem: null,
    onNameDraftProblem: () => {},
    open: false,
    onToggle: () => {},
    onRemoved: () => {},
    ...over,
  });
}

describe('PropertyRow', () => {
  it('shows name, type, required and the actions, in that order', () => {
    const html = row();
    const order = [
      'schema-property-name',
      'schema-property-type',
      'schema-property-required',
      'schema-property-details',
      'schema-property-remove',
    ].map((id) => html.indexOf(`data-testid="${id}"`));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html).toContain('checked=""');
    expect(html).toContain('aria-label="Move city up" title="Move up" disabled=""');
    expect(html).not.toContain('aria-label="Move city down" title="Move down" disabled=""');
  });

  it('ties a name being typed that cannot be used to its message', () => {
    const html = row({ nameDraftProblem: 'taken' });
    expect(html).toContain('aria-invalid="true" aria-describedby="p1-name-err"');
  });

  it('fixes the type of a shape built from $ref, shown but not offered', () => {
    const html = row({ property: property('ref'), place: { index: 1, count: 2 } });
    expect(html).toMatch(/<select id="p1-type"[^>]*disabled=""[^>]*title="Built from \$ref/);
    expect(html).toContain('<option value="other" disabled="" selected="">');
    expect(shownKinds('other')[0]).toBe('other');
    expect(shownKinds('string')).not.toContain('other');
  });

  it('counts the warnings inside in the details toggle', () => {
    expect(detailsLabel('city', 0)).toBe('Details of city');
    expect(detailsLabel('city', 1)).toBe('Details of city (1 warning)');
    expect(detailsLabel('a.b', 3)).toBe('Details of a.b (3 warnings)');
    expect(row({ problems: 2, open: true })).toContain('aria-expanded="true"');
    expect(row({ problems: 2 })).toContain('class="sb-badge"');
  });
});
