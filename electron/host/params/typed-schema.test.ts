/**
 * The typed schema builder: what each builder writes for ajv (the schema a handler's
 * params are checked with), and, checked by `tsc` (`npm run typecheck`), that a schema
 * table refuses a schema drifting from its declared type. Each `@ts-expect-error` below
 * fails the typecheck if that drift ever compiles.
 */
import { describe, expect, it } from 'vitest';
import type { StudioParamTypes } from './studio-params';
import { PARAM_SCHEMAS } from './studio-params';
import { skillRef } from './fragments';
import * as s from './typed-schema';
import { createInternalAjv } from '../../../shared/json/internal-schemas';

type Pair = Pick<StudioParamTypes, 'skills.get' | 'files.write'>;
const pairTable = s.schemaTable<Pair>();
const filesWrite = PARAM_SCHEMAS['files.write'];

describe('schemaTable (checked by tsc)', () => {
  it('accepts schemas that accept exactly the API types', () => {
    const table = pairTable({
      'skills.get': s.object({ skill: skillRef }, ['skill']),
      'files.write': filesWrite,
    });
    expect(Object.keys(table)).toEqual(['skills.get', 'files.write']);
  });

  it('refuses a schema that misses a required param', () => {
    pairTable({
      // @ts-expect-error `skill` is required by the API
      'skills.get': s.object({}),
      'files.write': filesWrite,
    });
  });

  it('refuses a schema that adds a property the type does not have', () => {
    pairTable({
      // @ts-expect-error `smuggled` is not a param of skills.get, even optional
      'skills.get': s.object({ skill: skillRef, smuggled: s.boolean() }, ['skill']),
      'files.write': filesWrite,
    });
  });

  it('refuses a param optional where the API requires it, or typed otherwise', () => {
    pairTable({
      // @ts-expect-error `skill` is required by the API
      'skills.get': s.object({ skill: skillRef }),
      'files.write': filesWrite,
    });
    pairTable({
      // @ts-expect-error `skill` is a string, not a number
      'skills.get': s.object({ skill: s.number() }, ['skill']),
      'files.write': filesWrite,
    });
    pairTable({
      'skills.get': s.object({ skill: skillRef }, ['skill']),
      // @ts-expect-error expectedVersion is `string | null`: null must be accepted
      'files.write': s.object(
        {
          skill: skillRef,
          path: s.string(),
          text: s.string(),
          expectedVersion: s.string(),
        },
        ['skill', 'path', 'text'],
      ),
    });
  });

  it('refuses a missing method, an unknown one, and a raw schema that is not built', () => {
    // @ts-expect-error files.write has no schema
    pairTable({ 'skills.get': s.object({ skill: skillRef }, ['skill']) });
    pairTable({
      'skills.get': s.object({ skill: skillRef }, ['skill']),
      'files.write': filesWrite,
      // @ts-expect-error no such method in the API
      'skills.nuke': s.empty(),
    });
    pairTable({
      // @ts-expect-error a plain object carries no type, so it cannot stand for one
      'skills.get': { type: 'object', properties: { skill: { type: 'string' } } },
      'files.write': filesWrite,
    });
  });
});

describe('the Studio API params table (checked by tsc)', () => {
  const studioTable = s.schemaTable<StudioParamTypes>();

  it('holds as built, and fails when one entry drifts from studio-api.ts', () => {
    expect(studioTable({ ...PARAM_SCHEMAS })).toEqual(PARAM_SCHEMAS);
    studioTable({
      ...PARAM_SCHEMAS,
      // @ts-expect-error the API requires `path`
      'files.read': s.object({ skill: skillRef }, ['skill']),
    });
    studioTable({
      ...PARAM_SCHEMAS,
      // @ts-expect-error `recursive` is not a param of files.delete
      'files.delete': s.object({ skill: skillRef, path: s.string(), recursive: s.boolean() }, [
        'skill',
        'path',
      ]),
    });
  });
});

describe('the builders write plain schemas', () => {
  it('closes every object and keeps the order of required keys', () => {
    expect(s.object({ a: s.string({ maxLength: 3 }), b: s.boolean() }, ['b', 'a'])).toEqual({
      type: 'object',
      properties: { a: { type: 'string', maxLength: 3 }, b: { type: 'boolean' } },
      required: ['b', 'a'],
      additionalProperties: false,
    });
    expect(s.empty()).toEqual({
      type: 'object',
      properties: {},
      required: [],
      additionalProperties: false,
    });
  });

  it('takes only the limits it knows from a schema shared with another file', () => {
    const fromConfig = { type: 'string', minLength: 1, pattern: '^a', description: 'shown' };
    expect(s.string(fromConfig)).toEqual({ type: 'string', minLength: 1, pattern: '^a' });
  });

  it('writes maps, unions, nullables and the partly checked shapes', () => {
    expect(s.record(s.oneOfValues(['x', 'y']), { maxProperties: 2 })).toEqual({
      type: 'object',
      maxProperties: 2,
      additionalProperties: { enum: ['x', 'y'] },
    });
    expect(s.oneOf(s.literal('a'), s.integer({ minimum: 0 }))).toEqual({
      oneOf: [{ const: 'a' }, { type: 'integer', minimum: 0 }],
    });
    expect(s.stringOrNull({ maxLength: 9 })).toEqual({ type: ['string', 'null'], maxLength: 9 });
    expect(s.shallowObjectOrNull<{ a: 1 }>()).toEqual({ type: ['object', 'null'] });
    expect(
      s.sampledObject<{ n: number; list: string[] }>()({ list: s.array(s.string()) }, [
        'n',
        'list',
      ]),
    ).toEqual({
      type: 'object',
      required: ['n', 'list'],
      properties: { n: {}, list: { type: 'array', items: { type: 'string' } } },
    });
  });
});

describe('an object holding exactly one of several keys', () => {
  const target = s.objectWithOneOf(
    { mode: s.oneOfValues(['copy', 'link']), force: s.boolean() },
    ['mode'],
    { skill: skillRef, from: s.object({ src: s.string() }, ['src']) },
  );
  type Target = { mode: 'copy' | 'link'; force?: boolean } & (
    { skill: string; from?: never } | { from: { src: string }; skill?: never }
  );

  it('types the union of its alternatives (checked by tsc)', () => {
    const table = s.schemaTable<{ install: Target }>();
    expect(table({ install: target }).install).toBe(target);
    table({
      // @ts-expect-error one alternative alone is not the union
      install: s.object({ mode: s.oneOfValues(['copy', 'link']), skill: skillRef }, [
        'mode',
        'skill',
      ]),
    });
    // @ts-expect-error `from` is refused beside `skill`
    const bothAtOnce: s.TypeOf<typeof target> = { mode: 'copy', skill: 'a', from: { src: '.' } };
    expect(bothAtOnce.mode).toBe('copy');
  });

  it('writes one closed object whose oneOf requires each alternative', () => {
    expect(target).toEqual({
      type: 'object',
      properties: {
        mode: { enum: ['copy', 'link'] },
        force: { type: 'boolean' },
        skill: { type: 'string', minLength: 1, maxLength: 4096 },
        from: {
          type: 'object',
          properties: { src: { type: 'string' } },
          required: ['src'],
          additionalProperties: false,
        },
      },
      required: ['mode'],
      additionalProperties: false,
      oneOf: [
        { properties: { skill: {} }, required: ['skill'] },
        { properties: { from: {} }, required: ['from'] },
      ],
    });
  });

  it('accepts exactly one alternative (strict ajv), and says where a wrong value is', () => {
    const validate = createInternalAjv({ allErrors: false }).compile(target);
    expect(validate({ mode: 'copy', skill: 'a' })).toBe(true);
    expect(validate({ mode: 'link', from: { src: '../repo' }, force: true })).toBe(true);
    expect(validate({ mode: 'copy' })).toBe(false);
    expect(validate.errors?.[0]?.message).toBe("must have required property 'skill'");
    expect(validate({ mode: 'copy', skill: 'a', from: { src: '.' } })).toBe(false);
    expect(validate.errors?.[0]?.message).toBe('must match exactly one schema in oneOf');
    expect(validate({ mode: 'copy', from: { src: 1 } })).toBe(false);
    expect(validate.errors?.[0]?.instancePath).toBe('/from/src');
    expect(validate({ mode: 'copy', skill: 'a', smuggled: 1 })).toBe(false);
    expect(validate.errors?.[0]?.message).toBe('must NOT have additional properties');
  });
});
