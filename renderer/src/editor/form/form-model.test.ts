/** What the Form derives from a SKILL.md text: values, sources, parse errors, key kinds. */
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../../shared/check/diagnostics';
import {
  charCount,
  diagnosticsFor,
  isStringMap,
  keyKind,
  readFormFrontmatter,
  toolEntries,
} from './form-model';

describe('readFormFrontmatter', () => {
  it('reads keys in file order with their values, sources and lines', () => {
    const r = readFormFrontmatter('---\nname: a # c\nversion: 1.0\nmetadata:\n  k: v\n---\nbody\n');
    expect(r.kind).toBe('ok');
    if (r.kind !== 'ok') return;
    expect(r.keys.map((k) => [k.key, k.line])).toEqual([
      ['name', 2],
      ['version', 3],
      ['metadata', 4],
    ]);
    // A number stays a number, and its source is what was written (never coerced).
    expect(r.frontmatter.version).toBe(1);
    expect(r.keys[1].source).toBe('1.0');
    expect(r.keys[2].value).toEqual({ k: 'v' });
  });

  it('says where the YAML fails, as a file line', () => {
    const r = readFormFrontmatter('---\nname: a\ndescription: [x\n---\n');
    expect(r.kind).toBe('parse-error');
    if (r.kind === 'parse-error') expect(r.line).toBeGreaterThanOrEqual(3);
  });

  it('tells a missing frontmatter, an unclosed one and a non-map apart', () => {
    expect(readFormFrontmatter('# no frontmatter').kind).toBe('no-frontmatter');
    expect(readFormFrontmatter('---\nname: a\n').kind).toBe('parse-error');
    expect(readFormFrontmatter('---\n- a\n---\n').kind).toBe('parse-error');
    expect(readFormFrontmatter('---\n---\n')).toEqual({ kind: 'ok', frontmatter: {}, keys: [] });
  });
});

describe('key kinds', () => {
  it('tells form keys, known keys left to the text and unknown keys apart', () => {
    expect(keyKind('description')).toBe('form');
    expect(keyKind('input_schema')).toBe('form');
    expect(keyKind('llm_config')).toBe('other-known');
    expect(keyKind('allowed_tools')).toBe('unknown');
  });
});

describe('helpers', () => {
  const d = (field: string | null): Diagnostic => ({
    severity: 'error',
    code: 'FIELD_TYPE',
    message: 'm',
    line: 1,
    column: 1,
    field,
  });

  it('gives a key its own diagnostics and those under it only', () => {
    const all = [d('metadata'), d('metadata.a'), d('metadata-x'), d(null), d('tags[1]')];
    expect(diagnosticsFor(all, 'metadata').map((x) => x.field)).toEqual(['metadata', 'metadata.a']);
    expect(diagnosticsFor(all, 'tags')).toHaveLength(1);
  });

  it('splits allowed-tools on blanks outside parentheses', () => {
    expect(toolEntries('Bash(git add:*) Read  Grep')).toEqual(['Bash(git add:*)', 'Read', 'Grep']);
    expect(toolEntries(['Read'])).toEqual(['Read']);
    expect(toolEntries(undefined)).toEqual([]);
    expect(toolEntries(3)).toBeNull();
    expect(toolEntries([1])).toBeNull();
  });

  it('counts code points like the validator', () => {
    expect(charCount('a😀')).toBe(2);
  });

  it('accepts only maps of strings as key/value rows', () => {
    expect(isStringMap({ a: 'b' })).toBe(true);
    expect(isStringMap({ a: 1 })).toBe(false);
    expect(isStringMap(['a'])).toBe(false);
  });
});
