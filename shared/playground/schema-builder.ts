/**
 * The input-schema builder's model: a skill's `input_schema` / `output_schema` (a JSON
 * Schema object with `properties`) read as a list of properties, and every builder action
 * (add, rename, reorder, remove a property; set its type, required flag, default,
 * description and constraints) as a pure transform of the schema.
 *
 * The schema itself is the model, so what the builder does not understand (`$defs`,
 * `format`, `examples`, `x-…`, a `oneOf`) is never touched: an action changes only the
 * keys it is about. `schemaChanges` turns "before → after" into the smallest list of
 * key-path sets and deletes, which the editor writes into the YAML one key at a time,
 * so comments and quoting elsewhere in the schema stay as they were.
 *
 * Types the builder offers, and how each is written:
 * - string, number, integer, boolean, array, object: `type: <that>`;
 * - multi-line string: `type: string` plus `x-multiline: true`, the studio's hint the
 *   playground form reads to show a text area (validators ignore `x-` keywords, so the
 *   schema means the same everywhere else); a one-line string whose name the playground
 *   would guess is prose (`message`, `prompt`…) gets `x-multiline: false` instead;
 * - enum: `enum: [...]` (with `type: string` when every value is a string).
 * A property written any other way (`$ref`, `oneOf`, a list of types) reads as `other`:
 * it can be renamed, moved, described, required or removed, and its shape is left alone.
 *
 * Warnings: `schemaWarnings` finds, here and at once, a `pattern` that cannot run in
 * linear time (the same RE2 check as the validator's SCHEMA_PATTERN_UNSAFE) or is not a
 * valid pattern. Whether a `default` fits its own property is judged by the one JSON-Schema
 * compiler, the host's (shared/json/json-schema.ts), exactly as a call would judge it:
 * `defaultChecks` lists what to ask (the Studio API's `schema.check`), and
 * `defaultWarning` words the answer.
 */
import { buildFormModel } from './schema-form';
import { isPlainObject } from './json-path';
import { findUnsafePatterns } from '../json/json-schema';
import type { ArgumentCheckReply } from './argument-check';
import { errorMessage } from '../errors';

export type JsonSchema = Record<string, unknown>;

export const PROPERTY_KINDS = [
  'string',
  'multiline',
  'number',
  'integer',
  'boolean',
  'enum',
  'array',
  'object',
] as const;
export type PropertyKind = (typeof PROPERTY_KINDS)[number];
/** A property the builder shows but whose shape it leaves to the text. */
export type ReadKind = PropertyKind | 'other';

export const KIND_LABELS: Record<ReadKind, string> = {
  string: 'Text (one line)',
  multiline: 'Text (multi-line)',
  number: 'Number',
  integer: 'Integer',
  boolean: 'Yes / no',
  enum: 'Choice (enum)',
  array: 'List (array)',
  object: 'Object',
  other: 'Other (edit in text)',
};

/** Item types an array property can take in the builder. */
export const ITEM_KINDS = ['string', 'number', 'integer', 'boolean', 'object'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/** The constraints the builder edits, by the kinds they apply to. */
export const CONSTRAINTS = {
  minLength: ['string', 'multiline'],
  maxLength: ['string', 'multiline'],
  pattern: ['string', 'multiline'],
  minimum: ['number', 'integer'],
  maximum: ['number', 'integer'],
  minItems: ['array'],
  maxItems: ['array'],
} as const satisfies Record<string, readonly PropertyKind[]>;
export type ConstraintKey = keyof typeof CONSTRAINTS;

/** Where a property sits: its name, and its parents' names for nested objects. */
export type PropertyPath = readonly string[];

export interface PropertyView {
  path: PropertyPath;
  name: string;
  kind: ReadKind;
  required: boolean;
  title: string | null;
  description: string | null;
  hasDefault: boolean;
  default: unknown;
  constraints: Partial<Record<ConstraintKey, number | string>>;
  enumValues: unknown[];
  /** For arrays: the item type, or null when items are not one plain type. */
  itemKind: ItemKind | null;
  /** Nested properties of an object property. */
  children: PropertyView[];
  /**
   * False for a `$ref` or a `oneOf`/`anyOf`/`allOf`: a type set beside them would not
   * change what the property accepts, so its shape is edited in the text.
   */
  typeEditable: boolean;
  /** Keys of the property's schema the builder does not edit (kept as they are). */
  otherKeys: string[];
  /** The property's schema as written. */
  schema: unknown;
}

export type SchemaRead =
  { ok: true; properties: PropertyView[]; otherKeys: string[] } | { ok: false; reason: string };

const EDITED_KEYS = new Set([
  'type',
  'title',
  'description',
  'default',
  'enum',
  'items',
  'properties',
  'required',
  'x-multiline',
  ...Object.keys(CONSTRAINTS),
]);

function requiredOf(schema: JsonSchema): string[] {
  return Array.isArray(schema.required)
    ? schema.required.filter((r): r is string => typeof r === 'string')
    : [];
}

function multilineInPlayground(name: string, schema: JsonSchema): boolean {
  const model = buildFormModel({ type: 'object', properties: { [name]: schema } });
  const field = model.fields[0];
  return field?.kind === 'string' && field.multiline;
}

/** Keywords that give a property its shape from elsewhere: the builder leaves them be. */
const COMPOSITE_KEYS = ['$ref', 'oneOf', 'anyOf', 'allOf'] as const;

function kindOf(name: string, schema: unknown): ReadKind {
  if (!isPlainObject(schema)) return 'other';
  if (COMPOSITE_KEYS.some((k) => k in schema)) return 'other';
  if (Array.isArray(schema.enum)) return 'enum';
  switch (schema.type) {
    case 'string':
      return multilineInPlayground(name, schema) ? 'multiline' : 'string';
    case 'number':
    case 'integer':
    case 'boolean':
    case 'array':
    case 'object':
      return schema.type;
    default:
      return 'other';
  }
}

function itemKindOf(schema: JsonSchema): ItemKind | null {
  const items = schema.items;
  if (!isPlainObject(items) || Array.isArray(items.enum)) return null;
  const t = items.type;
  return typeof t === 'string' && (ITEM_KINDS as readonly string[]).includes(t)
    ? (t as ItemKind)
    : null;
}

function text(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

function readObject(schema: JsonSchema, parent: PropertyPath): PropertyView[] {
  const props = isPlainObject(schema.properties) ? schema.properties : {};
  const required = new Set(requiredOf(schema));
  return Object.entries(props).map(([name, raw]) => {
    const path = [...parent, name];
    const kind = kindOf(name, raw);
    const s = isPlainObject(raw) ? raw : {};
    const constraints: PropertyView['constraints'] = {};
    for (const key of Object.keys(CONSTRAINTS) as ConstraintKey[]) {
      const v = s[key];
      if (typeof v === 'number' || typeof v === 'string') constraints[key] = v;
    }
    return {
      path,
      name,
      kind,
      required: required.has(name),
      title: text(s.title),
      description: text(s.description),
      hasDefault: 'default' in s,
      default: s.default,
      constraints,
      enumValues: Array.isArray(s.enum) ? s.enum : [],
      itemKind: kind === 'array' ? itemKindOf(s) : null,
      children: kind === 'object' ? readObject(s, path) : [],
      typeEditable: !COMPOSITE_KEYS.some((k) => k in s),
      otherKeys: Object.keys(s).filter((k) => !EDITED_KEYS.has(k)),
      schema: raw,
    };
  });
}

/** The builder's view of a schema; absent means "no inputs yet" (an empty list). */
export function readSchema(schema: unknown): SchemaRead {
  if (schema === undefined || schema === null) return { ok: true, properties: [], otherKeys: [] };
  if (!isPlainObject(schema))
    return { ok: false, reason: 'it is not a map (a JSON Schema object)' };
  if (schema.type !== undefined && schema.type !== 'object')
    return { ok: false, reason: `its type is ${JSON.stringify(schema.type)}, not object` };
  if (schema.properties !== undefined && !isPlainObject(schema.properties))
    return { ok: false, reason: 'its properties are not a map' };
  return {
    ok: true,
    properties: readObject(schema, []),
    otherKeys: Object.keys(schema).filter((k) => !EDITED_KEYS.has(k)),
  };
}

// ---------------------------------------------------------------------------------------
// Actions: each is (schema) → new schema, touching only what it is about.

function rootOf(schema: unknown): JsonSchema {
  if (isPlainObject(schema)) return schema;
  return { type: 'object' };
}

/** Replaces the object schema holding the property `path` names (its parent object). */
function withParent(
  schema: unknown,
  path: PropertyPath,
  fn: (parent: JsonSchema) => JsonSchema,
): JsonSchema {
  const root = rootOf(schema);
  if (path.length <= 1) return fn(root);
  const [head, ...rest] = path;
  const props = isPlainObject(root.properties) ? root.properties : {};
  const child = props[head];
  return {
    ...root,
    properties: { ...props, [head]: withParent(isPlainObject(child) ? child : {}, rest, fn) },
  };
}

function withProperty(
  schema: unknown,
  path: PropertyPath,
  fn: (prop: JsonSchema, name: string) => JsonSchema,
): JsonSchema {
  const name = path[path.length - 1];
  return withParent(schema, path, (parent) => {
    const props = isPlainObject(parent.properties) ? parent.properties : {};
    const current = props[name];
    return {
      ...parent,
      properties: { ...props, [name]: fn(isPlainObject(current) ? current : {}, name) },
    };
  });
}

function without(obj: JsonSchema, keys: readonly string[]): JsonSchema {
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(obj)) if (!keys.includes(k)) out[k] = v;
  return out;
}

/** The schema a new property of `kind` starts with. */
export function kindSchema(kind: PropertyKind, name = ''): JsonSchema {
  return setKindOf({}, name, kind);
}

function setKindOf(prop: JsonSchema, name: string, kind: PropertyKind): JsonSchema {
  // Builder-edited keys that mean nothing for the new kind go; everything else stays.
  const dropped: string[] = ['x-multiline'];
  for (const [key, kinds] of Object.entries(CONSTRAINTS))
    if (!(kinds as readonly string[]).includes(kind)) dropped.push(key);
  if (kind !== 'enum') dropped.push('enum');
  if (kind !== 'array') dropped.push('items');
  if (kind !== 'object') dropped.push('properties', 'required');
  let next = without(prop, dropped);
  if (kind === 'enum') {
    const values = Array.isArray(prop.enum) ? prop.enum : ['option-1'];
    next = { ...next, enum: values };
    if (values.every((v) => typeof v === 'string')) next = { type: 'string', ...next };
    else next = without(next, ['type']);
    return next;
  }
  const type = kind === 'multiline' ? 'string' : kind;
  next = 'type' in next ? { ...next, type } : { type, ...next };
  if (kind === 'array' && !isPlainObject(next.items)) next.items = { type: 'string' };
  if (kind === 'string' && multilineInPlayground(name, next)) next['x-multiline'] = false;
  if (kind === 'multiline' && !multilineInPlayground(name, next)) next['x-multiline'] = true;
  return next;
}

/** A name not yet used among `taken`: `field`, `field-2`, … */
export function freshName(taken: Iterable<string>, base = 'field'): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let i = 2; ; i++) if (!used.has(`${base}-${i}`)) return `${base}-${i}`;
}

/** Names of the properties beside `path` (the parent object's). */
function siblingNames(schema: unknown, path: PropertyPath): string[] {
  let cur: unknown = rootOf(schema);
  for (const name of path.slice(0, -1)) {
    cur = isPlainObject(cur) && isPlainObject(cur.properties) ? cur.properties[name] : undefined;
  }
  return isPlainObject(cur) && isPlainObject(cur.properties) ? Object.keys(cur.properties) : [];
}

/** Why `name` cannot name the property at `path` (empty, or taken), or null. */
export function nameProblem(schema: unknown, path: PropertyPath, name: string): string | null {
  if (name.trim() === '') return 'A property needs a name.';
  if (name !== name.trim()) return 'A property name cannot start or end with a space.';
  const current = path[path.length - 1];
  if (name !== current && siblingNames(schema, path).includes(name))
    return `There is already a property named “${name}”.`;
  return null;
}

/** Adds a property under `parent` (the root when empty); its name is `name` or a fresh one. */
export function addProperty(
  schema: unknown,
  parent: PropertyPath,
  kind: PropertyKind = 'string',
  name?: string,
): { schema: JsonSchema; path: PropertyPath } {
  const taken = siblingNames(schema, [...parent, '']);
  const chosen = name ?? freshName(taken);
  const path = [...parent, chosen];
  const base = rootOf(schema);
  const typed: JsonSchema =
    parent.length === 0 && base.type === undefined ? { type: 'object', ...base } : base;
  const next = withParent(typed, path, (obj) => ({
    ...obj,
    properties: {
      ...(isPlainObject(obj.properties) ? obj.properties : {}),
      [chosen]: kindSchema(kind, chosen),
    },
  }));
  return { schema: next, path };
}

export function renameProperty(schema: unknown, path: PropertyPath, to: string): JsonSchema {
  const from = path[path.length - 1];
  if (from === to || nameProblem(schema, path, to) !== null) return rootOf(schema);
  return withParent(schema, path, (obj) => {
    const props = isPlainObject(obj.properties) ? obj.properties : {};
    const renamed: JsonSchema = {};
    for (const [k, v] of Object.entries(props)) renamed[k === from ? to : k] = v;
    const next: JsonSchema = { ...obj, properties: renamed };
    if (Array.isArray(obj.required)) next.required = obj.required.map((r) => (r === from ? to : r));
    return next;
  });
}

/** Moves a property `by` places (−1 up, +1 down) among its siblings. */
export function moveProperty(schema: unknown, path: PropertyPath, by: number): JsonSchema {
  const name = path[path.length - 1];
  return withParent(schema, path, (obj) => {
    const entries = Object.entries(isPlainObject(obj.properties) ? obj.properties : {});
    const from = entries.findIndex(([k]) => k === name);
    const to = Math.max(0, Math.min(entries.length - 1, from + by));
    if (from < 0 || from === to) return obj;
    const [moved] = entries.splice(from, 1);
    entries.splice(to, 0, moved);
    return { ...obj, properties: Object.fromEntries(entries) };
  });
}

export function removeProperty(schema: unknown, path: PropertyPath): JsonSchema {
  const name = path[path.length - 1];
  return withParent(schema, path, (obj) => {
    const props = isPlainObject(obj.properties) ? obj.properties : {};
    const next: JsonSchema = { ...obj, properties: without(props, [name]) };
    return Array.isArray(obj.required) ? withRequiredList(next, obj.required, name, false) : next;
  });
}

function withRequiredList(obj: JsonSchema, list: unknown[], name: string, on: boolean): JsonSchema {
  const has = list.includes(name);
  if (on === has) return obj;
  const required = on ? [...list, name] : list.filter((r) => r !== name);
  return required.length === 0 ? without(obj, ['required']) : { ...obj, required };
}

export function setRequired(schema: unknown, path: PropertyPath, on: boolean): JsonSchema {
  const name = path[path.length - 1];
  return withParent(schema, path, (obj) =>
    withRequiredList(obj, Array.isArray(obj.required) ? obj.required : [], name, on),
  );
}

export function setKind(schema: unknown, path: PropertyPath, kind: PropertyKind): JsonSchema {
  return withProperty(schema, path, (prop, name) => setKindOf(prop, name, kind));
}

/** Sets `title` or `description`; an empty text removes the key. */
export function setText(
  schema: unknown,
  path: PropertyPath,
  key: 'title' | 'description',
  value: string,
): JsonSchema {
  return withProperty(schema, path, (prop) =>
    value === '' ? without(prop, [key]) : { ...prop, [key]: value },
  );
}

/** Sets the default; `undefined` removes it. */
export function setDefault(schema: unknown, path: PropertyPath, value: unknown): JsonSchema {
  return withProperty(schema, path, (prop) =>
    value === undefined ? without(prop, ['default']) : { ...prop, default: value },
  );
}

/** Sets a constraint; null (or NaN) removes it. */
export function setConstraint(
  schema: unknown,
  path: PropertyPath,
  key: ConstraintKey,
  value: number | string | null,
): JsonSchema {
  const gone = value === null || (typeof value === 'number' && !Number.isFinite(value));
  return withProperty(schema, path, (prop) =>
    gone ? without(prop, [key]) : { ...prop, [key]: value },
  );
}

export function setEnumValues(schema: unknown, path: PropertyPath, values: unknown[]): JsonSchema {
  return withProperty(schema, path, (prop) => {
    const next: JsonSchema = { ...prop, enum: values };
    const allStrings = values.every((v) => typeof v === 'string');
    if (allStrings && next.type === undefined) return { type: 'string', ...next };
    if (!allStrings && next.type === 'string') return without(next, ['type']);
    return next;
  });
}

/** An array property's item type: `items.type`, other keys of `items` kept. */
export function setItemKind(schema: unknown, path: PropertyPath, kind: ItemKind): JsonSchema {
  return withProperty(schema, path, (prop) => {
    const items = isPlainObject(prop.items) ? prop.items : {};
    return { ...prop, items: setKindOf(items, '', kind) };
  });
}

// ---------------------------------------------------------------------------------------
// Minimal changes, for a writer that edits one key path at a time.

export type SchemaChange =
  { path: string[]; op: 'set'; value: unknown } | { path: string[]; op: 'delete' };

/**
 * The key-path sets and deletes that turn `before` into `after`: maps whose keys kept
 * their order are compared key by key; anything else that differs is set whole. A key
 * new in `after` is set after the existing ones (the writer appends it), so a map whose
 * surviving keys moved (a rename, a reorder) is set whole to keep the order asked for.
 */
export function schemaChanges(
  before: unknown,
  after: unknown,
  base: string[] = [],
): SchemaChange[] {
  if (sameInOrder(before, after)) return [];
  if (after === undefined) return [{ path: base, op: 'delete' }];
  if (!isPlainObject(before) || !isPlainObject(after))
    return [{ path: base, op: 'set', value: after }];
  const kept = Object.keys(before).filter((k) => k in after);
  const afterOrder = Object.keys(after);
  const keptInAfter = afterOrder.filter((k) => k in before);
  const added = afterOrder.filter((k) => !(k in before));
  const orderKept =
    kept.every((k, i) => keptInAfter[i] === k) &&
    // New keys can only be appended.
    afterOrder.slice(afterOrder.length - added.length).every((k) => !(k in before));
  if (!orderKept) return [{ path: base, op: 'set', value: after }];
  const out: SchemaChange[] = [];
  for (const k of Object.keys(before))
    if (!(k in after)) out.push({ path: [...base, k], op: 'delete' });
  for (const k of afterOrder) out.push(...schemaChanges(before[k], after[k], [...base, k]));
  return out;
}

/** Applies changes to a plain value (for tests and previews; the editor applies them to YAML). */
export function applyChanges(value: unknown, changes: readonly SchemaChange[]): unknown {
  let out = value;
  for (const c of changes) out = applyOne(out, c.path, c);
  return out;
}

function applyOne(value: unknown, path: string[], change: SchemaChange): unknown {
  if (path.length === 0) return change.op === 'set' ? change.value : undefined;
  const [head, ...rest] = path;
  const obj = isPlainObject(value) ? value : {};
  const next = applyOne(obj[head], rest, change);
  if (next === undefined) return without(obj, [head]);
  return { ...obj, [head]: next };
}

// ---------------------------------------------------------------------------------------
// Warnings.

export interface BuilderWarning {
  /** The property the warning is about. */
  path: PropertyPath;
  keyword: 'pattern' | 'default';
  message: string;
}

/** The property a schema pointer lies in (`/properties/a/items/pattern` → ['a']). */
function propertyAt(pointer: string): PropertyPath {
  const segs = pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const path: string[] = [];
  for (let i = 0; i + 1 < segs.length && segs[i] === 'properties'; i += 2) path.push(segs[i + 1]);
  return path;
}

/** Unsafe or invalid patterns (checked here, at once). */
export function schemaWarnings(schema: unknown): BuilderWarning[] {
  const read = readSchema(schema);
  if (!read.ok) return [];
  const out: BuilderWarning[] = [];
  for (const unsafe of findUnsafePatterns(schema)) {
    const path = propertyAt(unsafe.pointer);
    if (path.length > 0)
      out.push({
        path,
        keyword: 'pattern',
        message: `${unsafe.error.message}: calls are refused until it is rewritten without backreferences or lookaround.`,
      });
  }
  for (const p of allProperties(read.properties)) {
    const s = isPlainObject(p.schema) ? p.schema : {};
    if (typeof s.pattern !== 'string') continue;
    try {
      new RegExp(s.pattern, 'u');
    } catch (err) {
      out.push({
        path: p.path,
        keyword: 'pattern',
        message: `Not a valid pattern: ${errorMessage(err)}`,
      });
    }
  }
  return out;
}

function allProperties(props: PropertyView[]): PropertyView[] {
  return props.flatMap((p) => [p, ...allProperties(p.children)]);
}

/** A property's default, and the schema it must fit (the property's own, without it). */
export interface DefaultCheck {
  path: PropertyPath;
  value: unknown;
  schema: JsonSchema;
}

/** Keys of the root a property's schema needs to mean what it means there. */
const ROOT_CONTEXT_KEYS = ['$schema', '$defs', 'definitions'] as const;

/**
 * Every property's default, at any depth, with the schema to judge it by: the property's
 * own (its `default` left out), with the root's dialect and definitions so that `$ref`s
 * and 2020-12 keywords mean what they mean in a call.
 */
export function defaultChecks(schema: unknown): DefaultCheck[] {
  const read = readSchema(schema);
  if (!read.ok || !isPlainObject(schema)) return [];
  const context: JsonSchema = {};
  for (const key of ROOT_CONTEXT_KEYS) if (key in schema) context[key] = schema[key];
  return allProperties(read.properties)
    .filter((p) => p.hasDefault && isPlainObject(p.schema))
    .map((p) => ({
      path: p.path,
      value: p.default,
      schema: { ...context, ...without(p.schema as JsonSchema, ['default']) },
    }));
}

/** ajv's wording, with the comparison signs a reader expects. */
function readable(message: string): string {
  return message.replace(/>=/g, '≥').replace(/<=/g, '≤');
}

/**
 * The warning for a default the host's check refused, or null: when it fits, and when
 * the schema itself cannot be used (the validator and the pattern warnings say why).
 */
export function defaultWarning(
  check: DefaultCheck,
  result: ArgumentCheckReply,
): BuilderWarning | null {
  if (result.ok || result.errors.length === 0) return null;
  const problems = result.errors.map(
    (e) => `${readable(e.message)}${e.path === '/' ? '' : ` at ${e.path}`}`,
  );
  return {
    path: check.path,
    keyword: 'default',
    message: `The default ${short(JSON.stringify(check.value))} does not fit this property: ${problems.join('; ')}.`,
  };
}

function short(s: string): string {
  return s.length > 60 ? `${s.slice(0, 59)}…` : s;
}

/** JSON equality, the order of map keys included (what a writer shows). */
function sameInOrder(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => sameInOrder(x, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k, i) => kb[i] === k && sameInOrder(a[k], b[k]));
  }
  return false;
}
