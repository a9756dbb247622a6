/**
 * What one property's editor shows: its own warnings and its nested ones, the
 * constraints its kind takes, and enum values as lines.
 */
import { describe, expect, it } from 'vitest';
import type { BuilderWarning } from '../../../../../shared/playground/schema-builder';
import {
  constraintsOf,
  enumLines,
  parseEnumLines,
  propertyWarnings,
  samePath,
} from './property-view';

const warning = (
  path: string[],
  keyword: BuilderWarning['keyword'],
  message: string,
): BuilderWarning => ({ path, keyword, message });

describe('propertyWarnings', () => {
  it("gathers the property's pattern and default warnings, and counts its nested ones", () => {
    const warnings = [
      warning(['a'], 'pattern', 'Unsafe pattern.'),
      warning(['a'], 'pattern', 'Too slow.'),
      warning(['a'], 'default', 'Default refused.'),
      warning(['a', 'b'], 'default', 'Nested default refused.'),
      warning(['ab'], 'pattern', 'Another property.'),
    ];
    expect(propertyWarnings(warnings, ['a'])).toEqual({
      pattern: 'Unsafe pattern. Too slow.',
      default: 'Default refused.',
      count: 4,
    });
    expect(propertyWarnings(warnings, ['a', 'b'])).toEqual({
      pattern: '',
      default: 'Nested default refused.',
      count: 1,
    });
    expect(propertyWarnings([], ['a'])).toEqual({ pattern: '', default: '', count: 0 });
  });

  it('matches paths whole, not by prefix', () => {
    expect(samePath(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(samePath(['a'], ['a', 'b'])).toBe(false);
    expect(samePath(null, [])).toBe(false);
  });
});

describe('constraintsOf', () => {
  it('offers the constraints of each kind, and none for a kind the builder does not know', () => {
    expect(constraintsOf('string')).toEqual(['minLength', 'maxLength', 'pattern']);
    expect(constraintsOf('number')).toEqual(['minimum', 'maximum']);
    expect(constraintsOf('array')).toEqual(['minItems', 'maxItems']);
    expect(constraintsOf('other')).toEqual([]);
  });
});

describe('enum lines', () => {
  it('shows strings as they are and anything else as JSON, and reads them back', () => {
    expect(enumLines(['a', 'b'])).toBe('a\nb');
    expect(enumLines(['a', 1, null])).toBe('"a"\n1\nnull');
    expect(parseEnumLines(' a \n\nb\n', false)).toEqual(['a', 'b']);
    expect(parseEnumLines('"a"\n1\nnot json', true)).toEqual(['a', 1, 'not json']);
  });
});
