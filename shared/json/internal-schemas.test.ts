/**
 * The ajv setup for our own schemas: strict at compile time (a typo in a schema we
 * write throws), "or null" union types allowed, and each option doing what it says.
 */
import { describe, expect, it } from 'vitest';
import { createInternalAjv } from './internal-schemas';

const numbers = {
  type: 'object',
  properties: { n: { type: 'number' }, i: { type: 'integer', minimum: 1 } },
};

describe('createInternalAjv', () => {
  it('refuses a schema with an unknown keyword or a required key it does not define', () => {
    const ajv = createInternalAjv({ allErrors: false });
    expect(() => ajv.compile({ type: 'string', maxLenght: 3 })).toThrow(/unknown keyword/);
    expect(() => ajv.compile({ type: 'object', required: ['a'], properties: {} })).toThrow(
      /strictRequired|required property/,
    );
  });

  it('accepts union types, the way our schemas say "or null"', () => {
    const validate = createInternalAjv({ allErrors: false }).compile({
      type: ['string', 'null'],
      maxLength: 2,
    });
    expect([validate(null), validate('ab'), validate('abc'), validate(1)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('stops at the first error or collects them all', () => {
    const schema = { type: 'object', required: ['a', 'b'], properties: { a: {}, b: {} } };
    const first = createInternalAjv({ allErrors: false }).compile(schema);
    const all = createInternalAjv({ allErrors: true }).compile(schema);
    first({});
    all({});
    expect(first.errors).toHaveLength(1);
    expect(all.errors).toHaveLength(2);
  });

  it('fills defaults only when asked', () => {
    const schema = { type: 'object', properties: { n: { type: 'number', default: 1 } } };
    const filled: Record<string, unknown> = {};
    const kept: Record<string, unknown> = {};
    createInternalAjv({ allErrors: true, useDefaults: true }).compile(schema)(filled);
    createInternalAjv({ allErrors: true }).compile(schema)(kept);
    expect(filled).toEqual({ n: 1 });
    expect(kept).toEqual({});
  });

  it('refuses NaN and Infinity as numbers', () => {
    const finite = createInternalAjv({ allErrors: false }).compile(numbers);
    expect([finite({ n: NaN }), finite({ i: Infinity }), finite({ n: 1, i: 1 })]).toEqual([
      false,
      false,
      true,
    ]);
  });
});
