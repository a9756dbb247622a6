import { describe, expect, it } from 'vitest';
import { ArgumentValidator } from './argument-validator';

describe('ArgumentValidator', () => {
  it('validates, fills schema defaults, and leaves the input untouched', () => {
    const v = new ArgumentValidator();
    const schema = {
      type: 'object',
      properties: { n: { type: 'integer' }, mode: { type: 'string', default: 'fast' } },
      required: ['n'],
      example: { n: 1 }, // unknown keyword: tolerated
    };
    const args = { n: 3 };
    const ok = v.check(schema, args);
    expect(ok).toEqual({ ok: true, arguments: { n: 3, mode: 'fast' } });
    expect(args).toEqual({ n: 3 });
    const bad = v.check(schema, { n: 'three' });
    expect(bad).toMatchObject({ ok: false, kind: 'schema_violation' });
    if (!bad.ok && bad.kind === 'schema_violation') expect(bad.details[0].path).toBe('/n');
  });

  it('follows $schema: 2020-12 keywords work', () => {
    const v = new ArgumentValidator();
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { list: { type: 'array', prefixItems: [{ type: 'string' }], items: false } },
    };
    expect(v.check(schema, { list: ['a'] }).ok).toBe(true);
    expect(v.check(schema, { list: ['a', 'b'] }).ok).toBe(false);
  });

  it('reports schemas that do not compile, or cannot be read, as bad_schema', () => {
    const v = new ArgumentValidator();
    expect(v.check({ type: 'nonsense' }, {})).toMatchObject({ ok: false, kind: 'bad_schema' });
    const cyclic: Record<string, unknown> = { type: 'object' };
    cyclic.self = cyclic;
    expect(v.check(cyclic, {})).toMatchObject({ ok: false, kind: 'bad_schema' });
    expect(v.check({}, { anything: 1 }).ok).toBe(true);
  });

  it('keeps two skills with the same $id apart', () => {
    const v = new ArgumentValidator();
    const a = { $id: 'urn:x', type: 'object', required: ['a'] };
    const b = { $id: 'urn:x', type: 'object', required: ['b'] };
    expect(v.check(a, { a: 1 }).ok).toBe(true);
    expect(v.check(b, { b: 1 }).ok).toBe(true);
    expect(v.check(b, { a: 1 }).ok).toBe(false);
  });
});
