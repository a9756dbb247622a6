import { describe, expect, it } from 'vitest';
import { oneWrite, writeSchema } from './schema-write';
import {
  addProperty,
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

function recorder() {
  const calls: { op: string; path: FrontmatterPath; value?: FrontmatterValue }[] = [];
  return {
    calls,
    writer: {
      set(path: FrontmatterPath, value: FrontmatterValue) {
        calls.push({ op: 'set', path, value });
        return null;
      },
      remove(path: FrontmatterPath) {
        calls.push({ op: 'remove', path });
        return null;
      },
    },
  };
}

describe('schema writes', () => {
  it('one change is written at its own path under the field', () => {
    const r = recorder();
    writeSchema(r.writer, 'input_schema', SCHEMA, setConstraint(SCHEMA, ['b'], 'minimum', 0));
    expect(r.calls).toEqual([
      { op: 'set', path: ['input_schema', 'properties', 'b', 'minimum'], value: 0 },
    ]);
  });

  it('an action touching several keys is one write at their common path', () => {
    const r = recorder();
    const after = renameProperty(SCHEMA, ['a'], 'x');
    writeSchema(r.writer, 'output_schema', SCHEMA, after);
    expect(r.calls).toEqual([{ op: 'set', path: ['output_schema'], value: after }]);
    const removed = removeProperty(SCHEMA, ['b']);
    expect(oneWrite([{ path: ['properties', 'b'], op: 'delete' }], removed)).toEqual({
      path: ['properties', 'b'],
      op: 'delete',
    });
  });

  it('the first property of an absent schema sets the whole key; no change writes nothing', () => {
    const r = recorder();
    const { schema } = addProperty(undefined, []);
    writeSchema(r.writer, 'input_schema', undefined, schema);
    writeSchema(r.writer, 'input_schema', schema, schema);
    expect(r.calls).toEqual([{ op: 'set', path: ['input_schema'], value: schema }]);
  });
});
