import { describe, expect, it } from 'vitest';
import { oneWrite, writeSchema, type SchemaWriter } from './schema-write';
import {
  addProperty,
  moveProperty,
  removeProperty,
  renameProperty,
  setConstraint,
  type JsonSchema,
} from '../../../../../shared/playground/schema-builder';
import type { FrontmatterPath, FrontmatterValue } from '../form-types';
import {
  applyTextEdits,
  deleteFrontmatterValue,
  renameFrontmatterKey,
  setFrontmatterValue,
} from '../../../../../shared/skill/frontmatter-edit';
import { parseSkillMd } from '../../../../../shared/skill/validate';

const SCHEMA: JsonSchema = {
  type: 'object',
  properties: { a: { type: 'string' }, b: { type: 'integer' } },
  required: ['a'],
};

type Call = { op: string; path?: FrontmatterPath; value?: FrontmatterValue; to?: string };

/** A writer that records its calls; `rich` adds the Form writer's rename and grouping. */
function recorder(rich: boolean) {
  const calls: Call[] = [];
  const writer: SchemaWriter = {
    set(path, value) {
      calls.push({ op: 'set', path, value });
      return null;
    },
    remove(path) {
      calls.push({ op: 'remove', path });
      return null;
    },
  };
  if (rich) {
    writer.rename = (path, to) => {
      calls.push({ op: 'rename', path, to });
      return null;
    };
    writer.typing = (active) => {
      calls.push({ op: active ? 'group' : 'end' });
    };
  }
  return { calls, writer };
}

describe('schema writes', () => {
  it('one change is written at its own path under the field', () => {
    const r = recorder(true);
    writeSchema(r.writer, 'input_schema', SCHEMA, setConstraint(SCHEMA, ['b'], 'minimum', 0));
    expect(r.calls).toEqual([
      { op: 'set', path: ['input_schema', 'properties', 'b', 'minimum'], value: 0 },
    ]);
  });

  it('a rename is the key renamed in place; with the required list, both in one group', () => {
    const r = recorder(true);
    writeSchema(r.writer, 'input_schema', SCHEMA, renameProperty(SCHEMA, ['b'], 'count'));
    expect(r.calls).toEqual([
      { op: 'rename', path: ['input_schema', 'properties', 'b'], to: 'count' },
    ]);
    const g = recorder(true);
    writeSchema(g.writer, 'input_schema', SCHEMA, renameProperty(SCHEMA, ['a'], 'x'));
    expect(g.calls).toEqual([
      { op: 'group' },
      { op: 'rename', path: ['input_schema', 'properties', 'a'], to: 'x' },
      { op: 'set', path: ['input_schema', 'required'], value: ['x'] },
      { op: 'end' },
    ]);
  });

  it('a reorder sets the properties map whole (order is the change)', () => {
    const r = recorder(true);
    const after = moveProperty(SCHEMA, ['b'], -1);
    writeSchema(r.writer, 'input_schema', SCHEMA, after);
    expect(r.calls).toEqual([
      { op: 'set', path: ['input_schema', 'properties'], value: after.properties },
    ]);
  });

  it('without rename or grouping, several changes are one write at their common path', () => {
    const r = recorder(false);
    const after = renameProperty(SCHEMA, ['a'], 'x');
    writeSchema(r.writer, 'output_schema', SCHEMA, after);
    expect(r.calls).toEqual([{ op: 'set', path: ['output_schema'], value: after }]);
    const removed = removeProperty(SCHEMA, ['a']);
    const g = recorder(true);
    writeSchema(g.writer, 'input_schema', SCHEMA, removed);
    expect(g.calls).toEqual([
      { op: 'group' },
      { op: 'remove', path: ['input_schema', 'required'] },
      { op: 'remove', path: ['input_schema', 'properties', 'a'] },
      { op: 'end' },
    ]);
    expect(oneWrite([{ path: ['properties', 'b'], op: 'delete' }], removed)).toEqual({
      path: ['properties', 'b'],
      op: 'delete',
    });
  });

  it('the first property of an absent schema sets the whole key; no change writes nothing', () => {
    const r = recorder(true);
    const { schema } = addProperty(undefined, []);
    writeSchema(r.writer, 'input_schema', undefined, schema);
    writeSchema(r.writer, 'input_schema', schema, schema);
    expect(r.calls).toEqual([{ op: 'set', path: ['input_schema'], value: schema }]);
  });
});

describe('schema writes through frontmatter-edit keep the text around them', () => {
  const TEXT = [
    '---',
    'name: trip',
    'description: Plans trips.',
    'input_schema:',
    '  type: object',
    '  x-owner: team-a # who answers for it',
    '  properties:',
    '    # Where to go.',
    '    city: {type: string, format: uri}',
    '    days:',
    '      type: integer # whole days',
    '  required: [city]',
    '---',
    '# Trip',
    '',
  ].join('\n');

  /** The Form writer's behaviour over a plain text: each call one edit. */
  function textWriter(start: string) {
    let text = start;
    const run = (r: ReturnType<typeof setFrontmatterValue>) => {
      if (!r.ok) return r.error;
      text = applyTextEdits(text, r.edits);
      return null;
    };
    const writer: SchemaWriter = {
      set: (path, value) => run(setFrontmatterValue(text, path, value)),
      remove: (path) => run(deleteFrontmatterValue(text, path)),
      rename: (path, to) => run(renameFrontmatterKey(text, path, to)),
      typing: () => undefined,
    };
    return { writer, text: () => text };
  }

  function schemaOf(text: string): JsonSchema {
    const fm = parseSkillMd(text).frontmatter as Record<string, unknown>;
    return fm.input_schema as JsonSchema;
  }

  it('every action changes only its own lines, and the result is what the builder made', () => {
    const actions: [string, (s: JsonSchema) => JsonSchema, string[]][] = [
      ['constraint', (s) => setConstraint(s, ['days'], 'minimum', 1), ['      minimum: 1']],
      [
        'add',
        (s) => addProperty(s, [], 'boolean', 'pets').schema,
        ['    pets:', '      type: boolean'],
      ],
      ['rename', (s) => renameProperty(s, ['days'], 'nights'), ['    nights:']],
      ['remove', (s) => removeProperty(s, ['days']), []],
    ];
    for (const [what, act, added] of actions) {
      const w = textWriter(TEXT);
      const before = schemaOf(TEXT);
      const after = act(before);
      expect(writeSchema(w.writer, 'input_schema', before, after), what).toBeNull();
      expect(schemaOf(w.text()), what).toEqual(after);
      const old = new Set(TEXT.split('\n'));
      const now = w.text().split('\n');
      expect(
        now.filter((l) => !old.has(l)),
        what,
      ).toEqual(added);
      // Comments, the key the builder does not edit, the body: all still there.
      for (const kept of ['  x-owner: team-a # who answers for it', '# Trip'])
        expect(now, what).toContain(kept);
      if (what !== 'remove') expect(now, what).toContain('    # Where to go.');
    }
  });
});
