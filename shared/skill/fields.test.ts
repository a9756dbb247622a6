import { describe, expect, it } from 'vitest';
import {
  canonicalFields,
  canonicalKey,
  CORE_KEYS,
  FIELD_BY_KEY,
  FRONTMATTER_FIELDS,
  suggestKey,
} from './fields';
import { EXTENSION_CHECKS } from './validate-extensions';

describe('the frontmatter field catalogue', () => {
  it('holds the portable core six', () => {
    expect([...CORE_KEYS].sort()).toEqual(
      ['allowed-tools', 'compatibility', 'description', 'license', 'metadata', 'name'].sort(),
    );
    expect(FRONTMATTER_FIELDS.filter((f) => f.portable).map((f) => f.key)).toEqual([...CORE_KEYS]);
  });

  it('holds every studio extension of the SKILL.md contract in its group', () => {
    const groups: Record<string, string[]> = {
      a2e: [
        'version',
        'tags',
        'category',
        'triggers',
        'when_to_use',
        'argument_hint',
        'input_schema',
        'output_schema',
        'timeout_seconds',
        'max_turns',
        'status',
        'tools',
        'toolkits',
        'icon',
        'arguments',
        'llm_config',
        'entrypoint',
        'runner',
      ],
      adk: ['agents', 'topology', 'input', 'output', 'eval', 'skills'],
      claude: [
        'disable-model-invocation',
        'user-invocable',
        'argument-hint',
        'model',
        'context',
        'agent',
        'hooks',
      ],
    };
    for (const [group, keys] of Object.entries(groups)) {
      for (const key of keys) expect(FIELD_BY_KEY.get(key)?.group, key).toBe(group);
    }
    expect(FRONTMATTER_FIELDS).toHaveLength(6 + Object.values(groups).flat().length);
  });

  it('has one entry per key, a doc for each, and the status values', () => {
    expect(FIELD_BY_KEY.size).toBe(FRONTMATTER_FIELDS.length);
    for (const f of FRONTMATTER_FIELDS) expect(f.doc.length, f.key).toBeGreaterThan(10);
    expect(FIELD_BY_KEY.get('status')?.enum).toEqual([
      'Created',
      'Blocked',
      'Published',
      'Archived',
    ]);
  });

  it('type-checks every extension key and nothing else', () => {
    const extensions = FRONTMATTER_FIELDS.filter((f) => f.group !== 'core').map((f) => f.key);
    expect(Object.keys(EXTENSION_CHECKS).sort()).toEqual([...extensions].sort());
  });
});

describe('one spelling per key for completion', () => {
  it('leaves aliases out of canonicalFields and maps them to their canonical key', () => {
    const keys = canonicalFields().map((f) => f.key);
    expect(keys).toContain('argument-hint');
    expect(keys).not.toContain('argument_hint');
    expect(canonicalKey('argument_hint')).toBe('argument-hint');
    expect(canonicalKey('argument-hint')).toBe('argument-hint');
    expect(canonicalKey('nope')).toBeNull();
  });

  it('never offers two keys that differ only in separators or case', () => {
    const loose = canonicalFields().map((f) => f.key.toLowerCase().replace(/[-_]/g, ''));
    expect(new Set(loose).size).toBe(loose.length);
  });

  it('names a known key in every aliasOf', () => {
    for (const f of FRONTMATTER_FIELDS.filter((x) => x.aliasOf)) {
      expect(FIELD_BY_KEY.get(f.aliasOf as string)?.aliasOf, f.key).toBeUndefined();
    }
  });
});

describe('suggestKey (did you mean)', () => {
  it('finds near misses: separators, case, typos and swapped letters', () => {
    expect(suggestKey('allowed_tools')).toBe('allowed-tools');
    expect(suggestKey('Allowed Tools')).toBe('allowed-tools');
    expect(suggestKey('descripton')).toBe('description');
    expect(suggestKey('desciption')).toBe('description');
    expect(suggestKey('timeout-seconds')).toBe('timeout_seconds');
    expect(suggestKey('lisence')).toBe('license');
    expect(suggestKey('tag')).toBe('tags');
    expect(suggestKey('argumenthint')).toBe('argument-hint');
  });

  it('stays quiet for keys that are not near any known key, or near two', () => {
    for (const key of ['author', 'homepage', 'id', 'x', 'foo', 'references', '']) {
      expect(suggestKey(key), key).toBeNull();
    }
  });

  it('limits the answer to the keys given', () => {
    const core = FRONTMATTER_FIELDS.filter((f) => f.portable);
    expect(suggestKey('timeout-seconds', core)).toBeNull();
    expect(suggestKey('allowed_tools', core)).toBe('allowed-tools');
  });
});
