import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, it } from 'vitest';
import { compileSkillSchema, findUnsafePatterns } from './json-schema';

const nodeRequire = createRequire(import.meta.url);
const re2Loaded = () => nodeRequire.resolve('re2js') in nodeRequire.cache;

// Each test file runs in a process of its own: nothing has loaded RE2 before this.
it('loads RE2 only when a schema has a pattern', () => {
  expect(re2Loaded()).toBe(false);
  const plain = { type: 'object', properties: { a: { type: 'string', minLength: 1 } } };
  expect(compileSkillSchema(plain, 'validate').ok).toBe(true);
  expect(compileSkillSchema(plain, 'check').ok).toBe(true);
  expect(findUnsafePatterns(plain)).toEqual([]);
  expect(re2Loaded()).toBe(false);

  const patterned = { type: 'object', properties: { a: { type: 'string', pattern: '^a+$' } } };
  const compiled = compileSkillSchema(patterned, 'validate');
  expect(compiled.ok && compiled.validate({ a: 'aaa' })).toBe(true);
  expect(re2Loaded()).toBe(true);
});

it('is never imported up front by the schema module (that would load it in every process)', () => {
  const source = readFileSync(new URL('./json-schema.ts', import.meta.url), 'utf8');
  expect(source).not.toMatch(/^import (?!type )[^;]*from 're2js'/m);
  expect(source).not.toMatch(/^import 're2js'/m);
});
