import { describe, expect, it } from 'vitest';
import {
  addProperty,
  applyChanges,
  moveProperty,
  readSchema,
  removeProperty,
  renameProperty,
  schemaChanges,
  schemaWarnings,
  setConstraint,
  setDefault,
  setEnumValues,
  setItemKind,
  setKind,
  setRequired,
  setText,
  defaultChecks,
  defaultWarning,
  nameProblem,
  PROPERTY_KINDS,
  type JsonSchema,
  type PropertyKind,
} from './schema-builder';
import { buildFormModel, type FieldModel } from './schema-form';
import { compileSkillSchema } from '../json/json-schema';
import { patterned, UNSAFE } from '../test-support/schema-fixtures';
import { checkValue, toCheckReply } from '../../electron/host/runner/core/argument-validator';

/** The default warnings the builder shows once the host (its schema.check) has answered. */
function defaultWarnings(schema: unknown) {
  return defaultChecks(schema).flatMap((c) => {
    const w = defaultWarning(c, toCheckReply(checkValue(c.schema, c.value)));
    return w ? [w] : [];
  });
}

/** A schema with much the builder does not edit: all of it must survive every action. */
const RICH: JsonSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  'x-owner': 'team-a',
  properties: {
    query: { type: 'string', format: 'uri', examples: ['https://a.example'], minLength: 3 },
    mode: { enum: ['fast', 'exact'], 'x-ui': { order: 2 } },
    point: { $ref: '#/$defs/point' },
  },
  required: ['query'],
  additionalProperties: false,
  $defs: { point: { type: 'object', properties: { x: { type: 'number' } } } },
};

function kinds(schema: unknown): Record<string, string> {
  const read = readSchema(schema);
  if (!read.ok) throw new Error(read.reason);
  return Object.fromEntries(read.properties.map((p) => [p.name, p.kind]));
}

describe('reading a schema', () => {
  it('lists properties in order with their kind, required flag and the keys it keeps', () => {
    const read = readSchema(RICH);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.properties.map((p) => [p.name, p.kind, p.required])).toEqual([
      ['query', 'string', true],
      ['mode', 'enum', false],
      ['point', 'other', false],
    ]);
    expect(read.properties[0].otherKeys).toEqual(['format', 'examples']);
    expect(read.properties.map((p) => p.typeEditable)).toEqual([true, true, false]);
    expect(read.properties[0].constraints).toEqual({ minLength: 3 });
    expect(read.otherKeys).toEqual(['$schema', 'x-owner', 'additionalProperties', '$defs']);
  });

  it('an absent schema is an empty list; a non-object schema is refused with the reason', () => {
    expect(readSchema(undefined)).toEqual({ ok: true, properties: [], otherKeys: [] });
    expect(readSchema('text')).toMatchObject({ ok: false });
    expect(readSchema({ type: 'array' })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('"array"'),
    });
  });

  it('reads the multi-line hint the way the playground does', () => {
    expect(
      kinds({
        properties: {
          a: { type: 'string', 'x-multiline': true },
          b: { type: 'string', format: 'markdown' },
          prompt: { type: 'string' },
          prompt2: { type: 'string', 'x-multiline': false },
          c: { type: 'string' },
        },
      }),
    ).toEqual({
      a: 'multiline',
      b: 'multiline',
      prompt: 'multiline',
      prompt2: 'string',
      c: 'string',
    });
  });
});

describe('builder actions keep what they do not edit', () => {
  it('add, rename, reorder, retype, require, describe and remove leave the rest alone', () => {
    let s: JsonSchema = RICH;
    s = addProperty(s, [], 'integer', 'count').schema;
    s = renameProperty(s, ['query'], 'url');
    s = moveProperty(s, ['count'], -1);
    s = setKind(s, ['url'], 'multiline');
    s = setRequired(s, ['count'], true);
    s = setText(s, ['count'], 'description', 'How many.');
    s = setConstraint(s, ['count'], 'minimum', 1);
    s = removeProperty(s, ['mode']);
    expect(s).toEqual({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      'x-owner': 'team-a',
      properties: {
        url: {
          type: 'string',
          format: 'uri',
          examples: ['https://a.example'],
          minLength: 3,
          'x-multiline': true,
        },
        count: { type: 'integer', description: 'How many.', minimum: 1 },
        point: { $ref: '#/$defs/point' },
      },
      required: ['url', 'count'],
      additionalProperties: false,
      $defs: RICH.$defs,
    });
    // The input was not mutated.
    expect(Object.keys(RICH.properties as object)).toEqual(['query', 'mode', 'point']);
  });

  it('a rename keeps the place and the required entry; a taken or empty name is refused', () => {
    const s = renameProperty(RICH, ['mode'], 'speed');
    expect(Object.keys(s.properties as object)).toEqual(['query', 'speed', 'point']);
    expect(renameProperty(RICH, ['query'], 'q').required).toEqual(['q']);
    expect(nameProblem(RICH, ['query'], 'mode')).toMatch(/already/);
    expect(nameProblem(RICH, ['query'], ' ')).toMatch(/needs a name/);
    expect(renameProperty(RICH, ['query'], 'mode')).toEqual(RICH);
  });

  it('changing the type drops only the builder constraints that no longer apply', () => {
    const s = setKind(RICH, ['query'], 'number');
    expect((s.properties as Record<string, unknown>).query).toEqual({
      type: 'number',
      format: 'uri',
      examples: ['https://a.example'],
    });
    const e = setKind(RICH, ['query'], 'enum');
    expect((e.properties as Record<string, unknown>).query).toMatchObject({
      type: 'string',
      enum: ['option-1'],
      format: 'uri',
    });
    const back = setKind(RICH, ['mode'], 'string');
    expect((back.properties as Record<string, unknown>).mode).toEqual({
      type: 'string',
      'x-ui': { order: 2 },
    });
  });

  it('the first property of an absent schema makes an object schema', () => {
    const { schema, path } = addProperty(undefined, []);
    expect(path).toEqual(['field']);
    expect(schema).toEqual({ type: 'object', properties: { field: { type: 'string' } } });
    expect(addProperty(schema, []).path).toEqual(['field-2']);
  });

  it('nested object properties have their own list and required flags', () => {
    let s = addProperty(undefined, [], 'object', 'author').schema;
    s = addProperty(s, ['author'], 'string', 'name').schema;
    s = setRequired(s, ['author', 'name'], true);
    expect(s.properties).toEqual({
      author: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    });
    s = setRequired(s, ['author', 'name'], false);
    expect((s.properties as Record<string, JsonSchema>).author.required).toBeUndefined();
  });

  it('enum values, defaults and array items', () => {
    let s = addProperty(undefined, [], 'enum', 'level').schema;
    s = setEnumValues(s, ['level'], ['low', 'high']);
    s = setDefault(s, ['level'], 'low');
    s = addProperty(s, [], 'array', 'tags').schema;
    s = setItemKind(s, ['tags'], 'integer');
    s = setConstraint(s, ['tags'], 'maxItems', 3);
    expect(s.properties).toEqual({
      level: { type: 'string', enum: ['low', 'high'], default: 'low' },
      tags: { type: 'array', items: { type: 'integer' }, maxItems: 3 },
    });
    expect(setDefault(s, ['level'], undefined).properties).toMatchObject({
      level: { type: 'string', enum: ['low', 'high'] },
    });
  });
});

describe('minimal changes for the YAML writer', () => {
  it('a constraint is one key set; removing a property is one delete plus the required list', () => {
    const s = setConstraint(RICH, ['query'], 'maxLength', 10);
    expect(schemaChanges(RICH, s)).toEqual([
      { path: ['properties', 'query', 'maxLength'], op: 'set', value: 10 },
    ]);
    const r = removeProperty(RICH, ['query']);
    expect(schemaChanges(RICH, r)).toEqual([
      { path: ['required'], op: 'delete' },
      { path: ['properties', 'query'], op: 'delete' },
    ]);
  });

  it('a rename or a reorder sets the properties map whole, to keep the order', () => {
    const s = moveProperty(RICH, ['point'], -2);
    const changes = schemaChanges(RICH, s);
    expect(changes).toEqual([{ path: ['properties'], op: 'set', value: s.properties }]);
  });

  it('applying the changes to the old schema gives the new one, for every action', () => {
    const actions: ((x: JsonSchema) => JsonSchema)[] = [
      (x) => addProperty(x, [], 'boolean').schema,
      (x) => renameProperty(x, ['mode'], 'm'),
      (x) => moveProperty(x, ['mode'], 1),
      (x) => removeProperty(x, ['point']),
      (x) => setKind(x, ['query'], 'array'),
      (x) => setRequired(x, ['mode'], true),
      (x) => setDefault(x, ['mode'], 'fast'),
    ];
    for (const act of actions) {
      const after = act(RICH);
      expect(applyChanges(RICH, schemaChanges(RICH, after))).toEqual(after);
    }
    expect(schemaChanges(undefined, { type: 'object' })).toEqual([
      { path: [], op: 'set', value: { type: 'object' } },
    ]);
  });
});

describe('warnings', () => {
  it('a pattern RE2 cannot run, and a pattern that is not one', () => {
    const s = {
      type: 'object',
      properties: {
        a: patterned(UNSAFE.backreference),
        b: patterned('([a-z]'),
        c: patterned('^[a-z]+$'),
        d: { type: 'array', items: patterned('(?=x)') },
      },
    };
    const w = schemaWarnings(s);
    expect(w.map((x) => [x.path.join('.'), x.keyword])).toEqual([
      ['a', 'pattern'],
      ['d', 'pattern'],
      ['b', 'pattern'],
    ]);
    expect(w[0].message).toMatch(/backreference/);
    expect(w[2].message).toMatch(/Not a valid pattern/);
  });

  it('a default its own property refuses, at any depth, judged by the host as a call would', () => {
    const s = {
      type: 'object',
      properties: {
        n: { type: 'integer', minimum: 1, default: 0 },
        ok: { type: 'integer', minimum: 1, default: 1 },
        code: { type: 'string', pattern: '^[A-Z]{3}$', default: 'abc' },
        o: {
          type: 'object',
          properties: { e: { enum: ['x', 'y'], default: 'z' } },
        },
        list: { type: 'array', items: { type: 'integer' }, default: [1, 'a'] },
      },
    };
    // The pattern warnings need no host; defaults are never judged here.
    expect(schemaWarnings(s)).toEqual([]);
    const w = defaultWarnings(s);
    expect(w.map((x) => [x.path.join('.'), x.keyword])).toEqual([
      ['n', 'default'],
      ['code', 'default'],
      ['o.e', 'default'],
      ['list', 'default'],
    ]);
    expect(w[0].message).toBe('The default 0 does not fit this property: must be ≥ 1.');
    expect(w[3].message).toBe(
      'The default [1,"a"] does not fit this property: must be integer at /1.',
    );
  });

  it('asks about each default with the root’s dialect and definitions, and its default left out', () => {
    const s = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        day: { $ref: '#/$defs/day', default: '30/11/2026' },
        pair: {
          type: 'array',
          prefixItems: [{ type: 'string' }],
          items: false,
          default: ['a', 'b'],
        },
        plain: { type: 'string' },
      },
      $defs: { day: { type: 'string', format: 'date' } },
    };
    expect(defaultChecks(s)).toEqual(
      [
        {
          path: ['day'],
          value: '30/11/2026',
          schema: { $schema: s.$schema, $defs: s.$defs, $ref: '#/$defs/day' },
        },
        {
          path: ['pair'],
          value: ['a', 'b'],
          schema: { $schema: s.$schema, $defs: s.$defs, ...s.properties.pair, default: undefined },
        },
      ].map((c) => ({ ...c, schema: JSON.parse(JSON.stringify(c.schema)) })),
    );
    expect(defaultWarnings(s).map((x) => x.path.join('.'))).toEqual(['day', 'pair']);
  });

  it('says nothing about a default whose schema cannot be used (its own warning does)', () => {
    const s = {
      type: 'object',
      properties: { a: patterned(UNSAFE.backreference, { default: 'b' }) },
    };
    expect(defaultChecks(s)).toHaveLength(1);
    expect(defaultWarnings(s)).toEqual([]);
    expect(schemaWarnings(s).map((x) => x.keyword)).toEqual(['pattern']);
  });
});

describe('schema builder against the playground form model', () => {
  function field(schema: unknown, key: string): FieldModel {
    const f = buildFormModel(schema).fields.find((x) => x.key === key);
    if (!f) throw new Error(`no field ${key}`);
    return f;
  }

  it('each kind the builder offers gives the playground widget it names', () => {
    const expected: Record<PropertyKind, Partial<FieldModel>> = {
      string: { kind: 'string', multiline: false } as Partial<FieldModel>,
      multiline: { kind: 'string', multiline: true } as Partial<FieldModel>,
      number: { kind: 'number', integer: false } as Partial<FieldModel>,
      integer: { kind: 'number', integer: true } as Partial<FieldModel>,
      boolean: { kind: 'boolean' },
      enum: { kind: 'enum' },
      array: { kind: 'array' },
      // An object without properties is free-form: the playground offers raw JSON.
      object: { kind: 'json' },
    };
    // Prose-like names (the playground guesses a text area) and plain ones alike.
    for (const name of ['value', 'message']) {
      for (const kind of PROPERTY_KINDS) {
        const s = addProperty(undefined, [], kind, name).schema;
        expect({ kind, f: field(s, name) }).toMatchObject({ kind, f: expected[kind] });
        expect(readSchema(s)).toMatchObject({ ok: true, properties: [{ kind }] });
      }
    }
  });

  it('a built schema yields the fields, labels, required marks, defaults and bounds', () => {
    let s = addProperty(undefined, [], 'string', 'topic').schema;
    s = setRequired(s, ['topic'], true);
    s = setText(s, ['topic'], 'description', 'What to write about.');
    s = setConstraint(s, ['topic'], 'maxLength', 80);
    s = addProperty(s, [], 'integer', 'words').schema;
    s = setConstraint(s, ['words'], 'minimum', 10);
    s = setConstraint(s, ['words'], 'maximum', 500);
    s = setDefault(s, ['words'], 200);
    s = addProperty(s, [], 'enum', 'tone').schema;
    s = setEnumValues(s, ['tone'], ['plain', 'formal']);
    s = addProperty(s, [], 'object', 'author').schema;
    s = addProperty(s, ['author'], 'boolean', 'anonymous').schema;
    s = addProperty(s, [], 'array', 'sources').schema;
    s = moveProperty(s, ['sources'], -1);
    const model = buildFormModel(s);
    expect(model.fields.map((f) => [f.key, f.kind, f.required])).toEqual([
      ['topic', 'string', true],
      ['words', 'number', false],
      ['tone', 'enum', false],
      ['sources', 'array', false],
      ['author', 'object', false],
    ]);
    expect(model.fields[0]).toMatchObject({ description: 'What to write about.', maxLength: 80 });
    expect(model.fields[1]).toMatchObject({ minimum: 10, maximum: 500, default: 200 });
    expect(model.fields[2]).toMatchObject({
      options: [
        { value: 'plain', label: 'plain' },
        { value: 'formal', label: 'formal' },
      ],
    });
    expect(model.fields[3]).toMatchObject({ item: { kind: 'string' } });
    expect(model.fields[4]).toMatchObject({ fields: [{ key: 'anonymous', kind: 'boolean' }] });
    // A schema the host accepts, with no warnings.
    expect(compileSkillSchema(s, 'check').ok).toBe(true);
    expect(schemaWarnings(s)).toEqual([]);
  });
});
