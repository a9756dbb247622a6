import { describe, expect, it } from 'vitest';
import { compileJsonSchema, schemaErrorsText } from './schema-check';

describe('compileJsonSchema', () => {
  it('compiles a draft-07 schema with formats and validates with it', () => {
    const r = compileJsonSchema({
      type: 'object',
      properties: { email: { type: 'string', format: 'email' } },
      required: ['email'],
    });
    if (!r.ok) throw new Error(r.message);
    expect(r.validate({ email: 'a@b.test' })).toBe(true);
    expect(r.validate({ email: 'nope' })).toBe(false);
    expect(schemaErrorsText(r.validate)).toBe('/email must match format "email"');
    expect(r.validate({})).toBe(false);
    expect(schemaErrorsText(r.validate)).toBe("(root) must have required property 'email'");
  });

  it('picks the 2020-12 and 2019-09 dialects from $schema', () => {
    const r2020 = compileJsonSchema({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'array',
      prefixItems: [{ type: 'number' }],
    });
    if (!r2020.ok) throw new Error(r2020.message);
    expect(r2020.validate(['x'])).toBe(false);
    const r2019 = compileJsonSchema({
      $schema: 'https://json-schema.org/draft/2019-09/schema',
      type: 'object',
      unevaluatedProperties: false,
    });
    if (!r2019.ok) throw new Error(r2019.message);
    expect(r2019.validate({ a: 1 })).toBe(false);
  });

  it('refuses what ajv refuses, with its message', () => {
    const r = compileJsonSchema({ type: 'thing' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain('schema is invalid');
  });

  it('returns the cached result for the same schema text', () => {
    const a = compileJsonSchema({ type: 'string', minLength: 2 });
    const b = compileJsonSchema({ type: 'string', minLength: 2 });
    expect(b).toBe(a);
  });

  it('lets schemas with the same $id but different content coexist', () => {
    const a = compileJsonSchema({ $id: 'https://x.test/one', type: 'string' });
    const b = compileJsonSchema({ $id: 'https://x.test/one', type: 'number' });
    if (!a.ok || !b.ok) throw new Error('expected both to compile');
    expect(a.validate('s')).toBe(true);
    expect(b.validate(1)).toBe(true);
    expect(b.validate('s')).toBe(false);
  });

  it('keeps working past the cache bound', () => {
    for (let i = 0; i < 300; i++)
      expect(compileJsonSchema({ type: 'integer', minimum: i }).ok).toBe(true);
    const r = compileJsonSchema({ type: 'integer', minimum: 0 });
    if (!r.ok) throw new Error(r.message);
    expect(r.validate(-1)).toBe(false);
  });
});
