import { describe, expect, it } from 'vitest';
import { schemaHandlers } from './handlers';
import { ArgumentValidator } from '../runner/core/argument-validator';

const check = schemaHandlers()['schema.check'];

describe('schema.check', () => {
  it('judges a value as a call judges its arguments, with the errors a call reports', async () => {
    const schema = { type: 'integer', minimum: 1 };
    expect(await check({ schema, value: 3 })).toEqual({ ok: true, errors: [], message: null });
    expect(await check({ schema, value: 0 })).toEqual({
      ok: false,
      errors: [
        { path: '/', keyword: 'minimum', message: 'must be >= 1', params: expect.any(Object) },
      ],
      message: 'value does not match the schema: value must be >= 1',
    });
    // The same schema inside an input_schema refuses the same value the same way.
    const call = new ArgumentValidator().check(
      { type: 'object', properties: { n: schema } },
      { n: 0 },
    );
    expect(call).toMatchObject({ ok: false, details: [{ path: '/n', keyword: 'minimum' }] });
  });

  it('follows the dialect, formats and $defs as calls do', async () => {
    const d2020 = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'array',
      prefixItems: [{ $ref: '#/$defs/day' }],
      items: false,
      $defs: { day: { type: 'string', format: 'date' } },
    };
    expect((await check({ schema: d2020, value: ['2026-11-30'] })).ok).toBe(true);
    expect((await check({ schema: d2020, value: ['30/11/2026'] })).ok).toBe(false);
    expect((await check({ schema: d2020, value: ['2026-11-30', 'x'] })).ok).toBe(false);
  });

  it('says why a schema cannot be used instead of judging the value', async () => {
    expect(await check({ schema: { type: 'string', pattern: '^(a)\\1$' }, value: 'aa' })).toEqual({
      ok: false,
      errors: [],
      message: expect.stringMatching(/^the schema cannot be used: the pattern .* backreference/),
    });
    expect(await check({ schema: { type: 'thing' }, value: 1 })).toMatchObject({
      ok: false,
      errors: [],
      message: expect.stringMatching(/^the schema is not a valid JSON Schema: schema is invalid/),
    });
  });
});
