import { describe, expect, it } from 'vitest';
import { CORE_KEYS, FIELD_BY_KEY, FRONTMATTER_FIELDS } from './fields';
import { EXTENSION_CHECKS } from './validate-extensions';

describe('the frontmatter field catalogue', () => {
  it('holds the portable core six', () => {
    expect([...CORE_KEYS].sort()).toEqual(
      ['allowed-tools', 'compatibility', 'description', 'license', 'metadata', 'name'].sort(),
    );
    expect(FRONTMATTER_FIELDS.filter((f) => f.portable).map((f) => f.key)).toEqual([...CORE_KEYS]);
  });

  it('holds every studio extension of DESIGN §4 in its group', () => {
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
