import { describe, expect, it } from 'vitest';
import {
  buildFormModel,
  emptyValue,
  initialArguments,
  type FieldModel,
  type ObjectField,
} from './schema-form';

function field(model: ObjectField, key: string): FieldModel {
  const f = model.fields.find((x) => x.key === key);
  if (!f) throw new Error(`no field ${key}`);
  return f;
}

const SCHEMA = {
  type: 'object',
  required: ['text', 'mode'],
  properties: {
    text: { type: 'string', title: 'Text', minLength: 1, description: 'The text to analyse.' },
    top: { type: 'integer', minimum: 1, maximum: 50, default: 5 },
    ratio: { type: 'number' },
    mode: { enum: ['fast', 'exact'] },
    verbose: { type: 'boolean', default: false },
    label: { type: 'string', maxLength: 40 },
    tags: { type: 'array', items: { type: 'string' }, minItems: 1 },
    nested: {
      type: 'object',
      required: ['level'],
      properties: { level: { type: 'integer', default: 2 }, name: { type: ['string', 'null'] } },
    },
    points: { type: 'array', items: { $ref: '#/definitions/point' } },
    shape: { oneOf: [{ type: 'string' }, { type: 'number' }] },
    choice: { oneOf: [{ const: 'a', title: 'Option A' }, { const: 'b' }] },
    maybe: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
    free: { type: 'object' },
  },
  definitions: {
    point: { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' } } },
  },
};

describe('schema → form model', () => {
  const model = buildFormModel(SCHEMA);

  it('gives each property a widget, a label (title or name) and its required mark', () => {
    expect(model.kind).toBe('object');
    const text = field(model, 'text');
    expect(text).toMatchObject({
      kind: 'string',
      label: 'Text',
      required: true,
      multiline: true,
      minLength: 1,
      description: 'The text to analyse.',
    });
    expect(field(model, 'top')).toMatchObject({
      kind: 'number',
      integer: true,
      minimum: 1,
      maximum: 50,
      default: 5,
      label: 'top',
      required: false,
    });
    expect(field(model, 'ratio')).toMatchObject({ kind: 'number', integer: false });
    expect(field(model, 'mode')).toMatchObject({
      kind: 'enum',
      required: true,
      options: [{ value: 'fast' }, { value: 'exact' }],
    });
    expect(field(model, 'verbose')).toMatchObject({ kind: 'boolean', default: false });
    // A short string stays one line; prose-like names get a textarea.
    expect(field(model, 'label')).toMatchObject({
      kind: 'string',
      multiline: false,
      maxLength: 40,
    });
  });

  it('follows the x-multiline hint over its guess from the name', () => {
    const m = buildFormModel({
      type: 'object',
      properties: {
        prompt: { type: 'string', 'x-multiline': false },
        label: { type: 'string', 'x-multiline': true },
      },
    });
    expect(field(m, 'prompt')).toMatchObject({ kind: 'string', multiline: false });
    expect(field(m, 'label')).toMatchObject({ kind: 'string', multiline: true });
  });

  it('handles arrays, nested objects, $ref, nullable types and unions', () => {
    const tags = field(model, 'tags');
    expect(tags).toMatchObject({ kind: 'array', minItems: 1, item: { kind: 'string' } });
    const nested = field(model, 'nested');
    expect(nested.kind).toBe('object');
    if (nested.kind === 'object') {
      expect(nested.fields.map((f) => f.key)).toEqual(['level', 'name']);
      expect(nested.fields[1]).toMatchObject({ kind: 'string', nullable: true });
    }
    const points = field(model, 'points');
    expect(
      points.kind === 'array' &&
        points.item.kind === 'object' &&
        points.item.fields.map((f) => f.key),
    ).toEqual(['x', 'y']);
    expect(field(model, 'shape')).toMatchObject({ kind: 'json', reason: 'one of several shapes' });
    expect(field(model, 'choice')).toMatchObject({
      kind: 'enum',
      options: [
        { value: 'a', label: 'Option A' },
        { value: 'b', label: 'b' },
      ],
    });
    expect(field(model, 'maybe')).toMatchObject({ kind: 'number', integer: true, nullable: true });
    expect(field(model, 'free')).toMatchObject({ kind: 'json' });
  });

  it('survives recursive refs and empty or odd schemas', () => {
    const rec = buildFormModel({ type: 'object', properties: { node: { $ref: '#' } } });
    // Recursion is cut at a fixed depth into a raw JSON field, never a hang.
    let f: FieldModel = rec.fields[0];
    let depth = 0;
    while (f.kind === 'object' && f.fields.length > 0) {
      f = f.fields[0];
      depth++;
    }
    expect(f.kind).toBe('json');
    expect(depth).toBeLessThan(20);
    expect(buildFormModel({})).toMatchObject({ kind: 'object', fields: [], open: true });
    expect(buildFormModel(undefined)).toMatchObject({ kind: 'object', fields: [], open: true });
    expect(buildFormModel({ type: 'string' })).toMatchObject({
      kind: 'object',
      fields: [],
      open: true,
    });
    const allOf = buildFormModel({
      allOf: [
        { properties: { a: { type: 'string' } }, required: ['a'] },
        { properties: { b: { type: 'boolean' } } },
      ],
    });
    expect(allOf.fields.map((x) => [x.key, x.kind, x.required])).toEqual([
      ['a', 'string', true],
      ['b', 'boolean', false],
    ]);
  });

  it('starts from the skill arguments map, then the schema defaults', () => {
    const args = initialArguments(model, { top: 7, extra: 'kept' });
    expect(args).toEqual({ top: 7, extra: 'kept', verbose: false });
    // A required object starts with its parts' defaults.
    const req = buildFormModel({
      type: 'object',
      required: ['opts'],
      properties: { opts: { type: 'object', properties: { n: { type: 'integer', default: 2 } } } },
    });
    expect(initialArguments(req, {})).toEqual({ opts: { n: 2 } });
    // The skill's map is copied, not shared.
    const defaults = { top: 3 };
    const again = initialArguments(model, defaults);
    again.top = 99;
    expect(defaults.top).toBe(3);
  });

  it('knows what an added array item starts as', () => {
    const points = field(model, 'points');
    if (points.kind !== 'array') throw new Error('not an array');
    expect(emptyValue(points.item)).toEqual({});
    expect(emptyValue(field(model, 'mode'))).toBe('fast');
    expect(emptyValue(field(model, 'top'))).toBe(5);
    expect(emptyValue(field(model, 'ratio'))).toBe(0);
  });
});
