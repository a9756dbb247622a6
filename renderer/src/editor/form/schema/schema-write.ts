/**
 * How a schema-builder action reaches the frontmatter: the smallest key-path changes
 * (shared/playground/schema-builder `schemaChanges`) under `input_schema` / `output_schema`,
 * written through the Form's writer as ONE undo step.
 *
 * - One change is written at its own path (a constraint, a new property, the required list).
 * - A renamed property is renamed in place (only the key token changes: its value, the
 *   comments and the order stay) when the writer can rename.
 * - An action that changes several keys (removing a required property also edits the
 *   required list) is written key by key inside one undo group when the writer can group
 *   (the Form's writer: `typing`); otherwise as one write at the deepest path holding all
 *   of them, so only that node is re-rendered.
 */
import {
  schemaChanges,
  type JsonSchema,
  type SchemaChange,
} from '../../../../../shared/playground/schema-builder';
import type {
  FrontmatterPath,
  FrontmatterValue,
} from '../../../../../shared/skill/frontmatter-edit';
import type { FrontmatterWriter } from '../../frontmatter-writer';
import { isPlainObject } from '../../../../../shared/playground/json-path';

/** The Form's writer can also rename a key in place and group writes into one undo step. */
export interface SchemaWriter extends FrontmatterWriter {
  rename?(path: FrontmatterPath, to: string): string | null;
  /** true … false: the writes in between are one undo step. */
  typing?(active: boolean): void;
}

type Step = SchemaChange | { path: string[]; op: 'rename'; to: string };

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

/** A map set whole that differs from the old one by one key renamed in place, or null. */
function renameOf(before: unknown, after: unknown): { from: string; to: string } | null {
  if (!isPlainObject(before) || !isPlainObject(after)) return null;
  const a = Object.keys(before);
  const b = Object.keys(after);
  if (a.length !== b.length) return null;
  const differing = a.map((k, i) => [k, b[i]] as const).filter(([x, y]) => x !== y);
  if (differing.length !== 1) return null;
  const [from, to] = differing[0];
  if (to in before) return null;
  const same = a.every((k, i) => JSON.stringify(before[k]) === JSON.stringify(after[b[i]]));
  return same ? { from, to } : null;
}

/** The changes as writer steps: the changes that make a property's rename become a rename. */
export function writeSteps(
  changes: readonly SchemaChange[],
  before: unknown,
  after: unknown,
  canRename: boolean,
): Step[] {
  if (!canRename) return [...changes];
  const steps: Step[] = [];
  const renamed = new Set<string>();
  for (const c of changes) {
    // The properties map the change is or is in: schema paths alternate
    // `properties`, name, `properties`, name…
    const q = c.path.length % 2 === 1 ? c.path : c.path.slice(0, -1);
    const inMap = q.length > 0 && q.every((seg, i) => i % 2 === 1 || seg === 'properties');
    const r = inMap ? renameOf(valueAt(before, q), valueAt(after, q)) : null;
    if (!r) {
      steps.push(c);
      continue;
    }
    const key = q.join('\0');
    if (!renamed.has(key)) {
      renamed.add(key);
      steps.push({ path: [...q, r.from], op: 'rename', to: r.to });
    }
  }
  return steps;
}

function run(writer: SchemaWriter, field: string, step: Step): string | null {
  const path = [field, ...step.path];
  if (step.op === 'rename') return writer.rename ? writer.rename(path, step.to) : 'cannot rename';
  return step.op === 'delete'
    ? writer.remove(path)
    : writer.set(path, asFrontmatterValue(step.value));
}

/** Writes `before → after` of one schema key; null when written (or nothing to do), else why not. */
export function writeSchema(
  writer: SchemaWriter,
  field: string,
  before: unknown,
  after: JsonSchema,
): string | null {
  const changes = schemaChanges(before, after);
  if (changes.length === 0) return null;
  const steps = writeSteps(changes, before, after, typeof writer.rename === 'function');
  if (steps.length === 1) return run(writer, field, steps[0]);
  if (typeof writer.typing === 'function') {
    writer.typing(true);
    try {
      for (const step of steps) {
        const failed = run(writer, field, step);
        if (failed) return failed;
      }
      return null;
    } finally {
      writer.typing(false);
    }
  }
  const one = oneWrite(changes, after);
  return one ? run(writer, field, one) : null;
}
