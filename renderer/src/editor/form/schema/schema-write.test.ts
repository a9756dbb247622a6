import { describe, expect, it } from 'vitest';
import { oneWrite, writeSchema, type SchemaWriter } from './schema-write';
import {
  addProperty,
  moveProperty,
  removeProperty,
  renameProperty,
  setConstraint,
  type JsonSchema,
} from '../../../../../shared/skill/schema-builder';
import type { FrontmatterPath, FrontmatterValue } from '../form-types';

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
