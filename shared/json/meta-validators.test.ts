import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type Options } from 'ajv';
import Ajv2019 from 'ajv/dist/2019.js';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import AjvCore from 'ajv/dist/core.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GENERATED_FILE, metaValidatorsSource } from '../../scripts/meta-validators';
import { compileSkillSchema, type SchemaUse } from './json-schema';
import { createInternalAjv } from './internal-schemas';

const ROOT = path.resolve(__dirname, '../..');

describe('the generated meta-schema validators', () => {
  it('are what the generator writes from the installed ajv (run: npx tsx scripts/meta-validators.ts)', () => {
    expect(readFileSync(path.join(ROOT, GENERATED_FILE), 'utf8')).toBe(metaValidatorsSource());
  });
});

/** ajv as json-schema.ts configures it, but checking schemas its own way (compiling the meta-schema). */
function referenceMessage(schema: Record<string, unknown>, use: SchemaUse): string | null {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  const opts: Options = {
    strict: false,
    allErrors: true,
    addUsedSchema: false,
    logger: false,
    useDefaults: use === 'validate',
  };
  const ajv = declared.includes('2020-12')
    ? new Ajv2020(opts)
    : declared.includes('2019-09')
      ? new Ajv2019(opts)
      : new Ajv(opts);
  addFormats(ajv as Ajv);
  try {
    ajv.compile(schema);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

const DRAFT07 = 'http://json-schema.org/draft-07/schema#';
const D2019 = 'https://json-schema.org/draft/2019-09/schema';
const D2020 = 'https://json-schema.org/draft/2020-12/schema';

/** Schemas ajv accepts and refuses, in each dialect, with and without `$schema`. */
const SCHEMAS: Record<string, unknown>[] = [
  { type: 'object', properties: { a: { type: 'string', minLength: 2 } }, required: ['a'] },
  { type: 'thing' },
  { type: 'object', properties: { n: { type: 'integer', minimum: 'zero', maxLength: -1 } } },
  { type: ['string', 'string'] },
  { required: ['a', 'a'], properties: 3 },
  { items: [{ type: 'string' }, 7] },
  { $schema: DRAFT07, type: 'thing', enum: 'x' },
  { $schema: DRAFT07.slice(0, -1), type: 'object', additionalProperties: 'no' },
  { $schema: D2019, type: 'object', $anchor: '1bad', dependentRequired: { a: 'b' } },
  { $schema: `${D2019}#`, type: 'string', minContains: -2 },
  { $schema: D2020, type: 'object', prefixItems: {}, $dynamicAnchor: 'ok' },
  { $schema: D2020, type: 'object', properties: { a: { $ref: '#/$defs/a' } }, $defs: { a: {} } },
  { $schema: D2020, $anchor: 'not valid!' },
  // Names no meta-schema the dialect knows: ajv's own error.
  { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' },
  { $schema: 'https://json-schema.org/draft/2020-12/meta/core', type: 'object' },
  { $schema: 42, type: 'object' },
];

describe('checking a schema against its meta-schema', () => {
  it.each(SCHEMAS.map((s) => [JSON.stringify(s), s] as const))(
    'gives the message ajv gives: %s',
    (_label, schema) => {
      for (const use of ['check', 'validate'] as const) {
        const compiled = compileSkillSchema(structuredClone(schema), use);
        const expected = referenceMessage(structuredClone(schema), use);
        expect(compiled.ok ? null : compiled.message, use).toBe(expected);
      }
    },
  );

  afterEach(() => vi.restoreAllMocks());

  it('compiles no meta-schema in any dialect; only a $schema naming another one takes the path of ajv itself', () => {
    // ajv's own check runs the meta-schema through ajv.validate (compiling it on first use).
    const ajvValidate = vi.spyOn(AjvCore.prototype, 'validate');
    for (const $schema of [undefined, DRAFT07, D2019, D2020]) {
      const fresh = { ...($schema ? { $schema } : {}), type: 'object', title: `fresh ${$schema}` };
      expect(compileSkillSchema(fresh, 'check').ok).toBe(true);
    }
    expect(ajvValidate).not.toHaveBeenCalled();
    compileSkillSchema({ $schema: 'http://json-schema.org/draft-06/schema#', title: 'x' }, 'check');
    expect(ajvValidate).toHaveBeenCalledTimes(1);
  });

  it('refuses what the meta-schema refuses', () => {
    const r = compileSkillSchema({ type: 'object', properties: { a: { minLength: -1 } } }, 'check');
    expect(r).toMatchObject({
      ok: false,
      message: 'schema is invalid: data/properties/a/minLength must be >= 0',
    });
  });
});

describe('our own schemas (the strict setup)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('are checked against draft-07 without compiling it, with the message ajv gives', () => {
    const ajvValidate = vi.spyOn(AjvCore.prototype, 'validate');
    for (const allErrors of [false, true]) {
      const broken = { type: 'object', properties: { a: { type: 'thing', minLength: -1 } } };
      const reference = new Ajv({ strict: true, allowUnionTypes: true, allErrors });
      let expected = '';
      try {
        reference.compile(structuredClone(broken));
      } catch (err) {
        expected = (err as Error).message;
      }
      const calls = ajvValidate.mock.calls.length;
      expect(() => createInternalAjv({ allErrors }).compile(broken)).toThrow(expected);
      expect(ajvValidate.mock.calls.length, 'no meta-schema compiled').toBe(calls);
      expect(createInternalAjv({ allErrors }).compile({ type: 'string' })('x')).toBe(true);
    }
  });
});
