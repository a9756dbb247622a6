/**
 * How a schema-builder action reaches the frontmatter: the smallest key-path changes
 * (shared/skill/schema-builder `schemaChanges`) under `input_schema` / `output_schema`,
 * written as ONE call of the Form's writer, so an action is one undo step. One change is
 * written at its own path (a constraint, a new property, the required list); an action
 * that changes several keys (a rename also renames the required entry) is written at
 * the deepest path holding all of them, so only that node is re-rendered.
 */
import {
  schemaChanges,
  type JsonSchema,
  type SchemaChange,
} from '../../../../../shared/skill/schema-builder';
import type { FrontmatterValue } from '../../../../../shared/skill/frontmatter-edit';
import type { FrontmatterWriter } from '../form-types';
import { isPlainObject } from '../../../../../shared/playground/json-path';

/** A plain JSON value as the frontmatter writer takes it (schemas hold only JSON). */
export function asFrontmatterValue(v: unknown): FrontmatterValue {
  return JSON.parse(JSON.stringify(v ?? null)) as FrontmatterValue;
}

function valueAt(root: unknown, path: readonly string[]): unknown {
  let cur = root;
  for (const seg of path) cur = isPlainObject(cur) ? cur[seg] : undefined;
  return cur;
}

/** One write for all `changes`: their common path, set to its value in `after`. */
export function oneWrite(changes: readonly SchemaChange[], after: unknown): SchemaChange | null {
  if (changes.length === 0) return null;
  if (changes.length === 1) return changes[0];
  let common = changes[0].path;
  for (const c of changes.slice(1)) {
    let i = 0;
    while (i < common.length && i < c.path.length && common[i] === c.path[i]) i++;
    common = common.slice(0, i);
  }
  const value = valueAt(after, common);
  return value === undefined ? { path: common, op: 'delete' } : { path: common, op: 'set', value };
}

/** Writes `before → after` of one schema key; null when written (or nothing to do), else why not. */
export function writeSchema(
  writer: FrontmatterWriter,
  field: string,
  before: unknown,
  after: JsonSchema,
): string | null {
  const change = oneWrite(schemaChanges(before, after), after);
  if (!change) return null;
  const path = [field, ...change.path];
  return change.op === 'delete'
    ? writer.remove(path)
    : writer.set(path, asFrontmatterValue(change.value));
}
