import { describe, expect, it } from 'vitest';
import { ArgumentValidator } from '../../electron/host/runner/core/argument-validator';
import { parseSkillMd } from '../skill/validate';
import { compileLinearRegExp, compileSkillSchema, findUnsafePatterns } from './json-schema';
import { patterned, UNSAFE } from '../test-support/schema-fixtures';

/** Exponential for a backtracking engine: each extra `a` doubles the work. */
const HOSTILE = `${'a'.repeat(5000)}!`;

describe('schema patterns run in linear time', () => {
  it('checks a catastrophic pattern against a hostile default and hostile arguments, and finishes', () => {
    const v = new ArgumentValidator();
    const schema = {
      type: 'object',
      properties: { code: { type: 'string', pattern: '^(a+)+$', default: HOSTILE } },
      patternProperties: { '^(x+x+)+y$': { type: 'string' } },
    };
    // The schema's own default fills the absent argument, then meets the pattern.
    const fromDefault = v.check(schema, {});
    expect(fromDefault).toMatchObject({ ok: false, kind: 'schema_violation' });
    expect(v.check(schema, { code: HOSTILE })).toMatchObject({ ok: false });
    expect(v.check(schema, { code: 'aaaa' })).toMatchObject({ ok: true });
    // A property name matched against a catastrophic patternProperties key.
    expect(v.check(schema, { code: 'a', [`${'x'.repeat(5000)}`]: 'v' }).ok).toBe(true);
  }, 60_000);

  it('keeps the meaning of ordinary JSON Schema patterns', () => {
    const cases: [string, string, boolean][] = [
      ['^[a-z]+$', 'abc', true],
      ['^[a-z]+$', 'aBc', false],
      ['\\d{3}-\\d{4}', 'call 555-1234', true], // unanchored: a match anywhere
      ['^(?<year>\\d{4})-\\d{2}$', '2026-11', true],
      ['^\\p{L}+$', 'café', true],
      ['^\\u00e9$', 'é', true],
      ['^\\S+@\\S+$', 'a@b', true],
      ['^[^]$', '\n', true],
    ];
    for (const [pattern, input, expected] of cases) {
      expect(compileLinearRegExp(pattern).test(input), `${pattern} on ${input}`).toBe(expected);
    }
  });
});

describe('patterns RE2 cannot run', () => {
  const schema = {
    type: 'object',
    properties: {
      twice: patterned(UNSAFE.backreference),
      ahead: patterned(UNSAFE.lookahead),
      behind: patterned(UNSAFE.lookbehind),
      plain: patterned('^[(?=]\\(?=x$', { default: { pattern: '(a)\\1' } }),
    },
    patternProperties: { '^(?!internal_)': { type: 'string' } },
  };

  it('are all found, each with its place in the schema; text that only looks like one is not', () => {
    expect(
      findUnsafePatterns(schema).map((u) => [
        u.pointer,
        u.error.message.match(/\(it uses (.+?)\)/)?.[1],
      ]),
    ).toEqual([
      ['/properties/twice/pattern', 'a backreference'],
      ['/properties/ahead/pattern', 'a lookahead'],
      ['/properties/behind/pattern', 'a lookbehind'],
      ['/patternProperties/^(?!internal_)', 'a lookahead'],
    ]);
  });

  it('refuse a call with a clear schema error instead of backtracking', () => {
    const checked = new ArgumentValidator().check(schema, { twice: 'aa' });
    expect(checked).toMatchObject({ ok: false, kind: 'bad_schema' });
    expect((checked as { message: string }).message).toMatch(
      /^input_schema cannot be used: the pattern ".+" cannot be checked safely \(it uses a /,
    );
  });

  it('still let the validator check the rest of the schema', () => {
    const broken = { ...schema, type: 'thing' };
    const r = compileSkillSchema(broken, 'check');
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.message).toMatch(/type/);
    expect(compileSkillSchema(schema, 'check').ok).toBe(true);
  });

  it('are a SCHEMA_PATTERN_UNSAFE warning at the pattern, not an invalid schema', () => {
    const text = [
      '---', // 1
      'name: unsafe', // 2
      'description: Has an unsafe pattern.', // 3
      'input_schema:', // 4
      '  type: object', // 5
      '  properties:', // 6
      '    pin:', // 7
      '      type: string', // 8
      '      pattern: "^(\\\\d)\\\\1{3}$"', // 9
      '---',
      '',
    ].join('\n');
    const diagnostics = parseSkillMd(text, { folderName: 'unsafe' }).diagnostics;
    expect(diagnostics).toEqual([
      expect.objectContaining({
        severity: 'warning',
        code: 'SCHEMA_PATTERN_UNSAFE',
        line: 9,
        column: 16,
        field: 'input_schema',
      }),
    ]);
  });
});
