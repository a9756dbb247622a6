/**
 * A skill's `input_schema` (JSON Schema) turned into a form model: one field per
 * property, with the widget it needs (object, array, select, checkbox, number,
 * text/textarea), its label (the schema's `title`, else the property name), its
 * required mark and default. What a form cannot show faithfully (oneOf unions,
 * schemas with no type, maps without properties) becomes a raw JSON field, so
 * every schema still gets a usable form and nothing is silently dropped.
 *
 * The model does not depend on where a field sits: array items share one item
 * model, and the form passes JSON Pointer paths down as it renders.
 */
import { fromPointer, isPlainObject } from './json-path';

export type JsonSchema = Record<string, unknown>;

interface FieldBase {
  /** Property name ('' for the root and for array items). */
  key: string;
  label: string;
  description: string | null;
  required: boolean;
  /** The schema's own `default`, if any. */
  default?: unknown;
  /** The type list allows null. */
  nullable: boolean;
}

export interface ObjectField extends FieldBase {
  kind: 'object';
  fields: FieldModel[];
  /** Keys beyond `fields` are allowed (no properties declared, or additionalProperties). */
  open: boolean;
}
export interface ArrayField extends FieldBase {
  kind: 'array';
  item: FieldModel;
  minItems: number | null;
  maxItems: number | null;
}
export interface EnumField extends FieldBase {
  kind: 'enum';
  options: { value: unknown; label: string }[];
}
export interface BooleanField extends FieldBase {
  kind: 'boolean';
}
export interface NumberField extends FieldBase {
  kind: 'number';
  integer: boolean;
  minimum: number | null;
  maximum: number | null;
}
export interface StringField extends FieldBase {
  kind: 'string';
  multiline: boolean;
  format: string | null;
  minLength: number | null;
  maxLength: number | null;
  placeholder: string | null;
}
export interface JsonField extends FieldBase {
  kind: 'json';
  /** Why the form shows raw JSON here. */
  reason: string;
}

export type FieldModel =
  ObjectField | ArrayField | EnumField | BooleanField | NumberField | StringField | JsonField;

/** Names that usually carry prose: their strings get a textarea. */
const PROSE_KEY =
  /(text|body|content|prompt|markdown|message|notes?|description|html|code|question|query|instructions?|input)$/i;
const MAX_REF_DEPTH = 12;

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v : null;
}

/** Resolves a local `$ref` ("#/definitions/x", "#/$defs/x", "#") against the root schema. */
function resolveRef(root: JsonSchema, ref: string): JsonSchema | null {
  if (!ref.startsWith('#')) return null;
  const parts = fromPointer(decodeURIComponent(ref.slice(1))).filter((p) => p !== '');
  let cur: unknown = root;
  for (const p of parts) {
    if (!isPlainObject(cur)) return null;
    cur = cur[p];
  }
  return isPlainObject(cur) ? cur : null;
}

/** `allOf` members merged into one schema (properties and required lists joined). */
function mergeAllOf(schema: JsonSchema, root: JsonSchema, depth: number): JsonSchema {
  const parts = Array.isArray(schema.allOf) ? schema.allOf.filter(isPlainObject) : [];
  if (parts.length === 0) return schema;
  const { allOf: _allOf, ...rest } = schema;
  let merged: JsonSchema = { ...rest };
  for (const raw of parts) {
    const part = deref(raw, root, depth + 1);
    if (!part) continue;
    const props = {
      ...(isPlainObject(merged.properties) ? merged.properties : {}),
      ...(isPlainObject(part.properties) ? part.properties : {}),
    };
    const required = [
      ...(Array.isArray(merged.required) ? merged.required : []),
      ...(Array.isArray(part.required) ? part.required : []),
    ];
    merged = { ...part, ...merged, properties: props, required };
    if (merged.type === undefined && part.type !== undefined) merged.type = part.type;
  }
  return merged;
}

function deref(schema: JsonSchema, root: JsonSchema, depth: number): JsonSchema | null {
  let cur: JsonSchema | null = schema;
  let hops = 0;
  while (cur && typeof cur.$ref === 'string') {
    if (++hops + depth > MAX_REF_DEPTH) return null;
    const target = resolveRef(root, cur.$ref);
    if (!target) return null;
    const { $ref: _ref, ...siblings } = cur;
    cur = { ...target, ...siblings };
  }
  return cur ? mergeAllOf(cur, root, depth) : null;
}

/** The non-null types a schema names, and whether null is allowed. */
function typesOf(schema: JsonSchema): { types: string[]; nullable: boolean } {
  const t = schema.type;
  const list =
    typeof t === 'string'
      ? [t]
      : Array.isArray(t)
        ? t.filter((x): x is string => typeof x === 'string')
        : [];
  const nullable = list.includes('null') || schema.nullable === true;
  return { types: list.filter((x) => x !== 'null'), nullable };
}

function optionLabel(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A union of constants (`oneOf: [{const: a, title}, …]`) reads as a select. */
function constUnion(members: JsonSchema[]): { value: unknown; label: string }[] | null {
  const out: { value: unknown; label: string }[] = [];
  for (const m of members) {
    if ('const' in m) out.push({ value: m.const, label: str(m.title) ?? optionLabel(m.const) });
    else if (Array.isArray(m.enum))
      for (const v of m.enum) out.push({ value: v, label: optionLabel(v) });
    else return null;
  }
  return out;
}

interface BuildContext {
  root: JsonSchema;
  depth: number;
}

function build(raw: unknown, key: string, required: boolean, ctx: BuildContext): FieldModel {
  const fallbackLabel = key || 'value';
  if (!isPlainObject(raw)) {
    // `true` (anything) or a missing schema: raw JSON.
    return {
      kind: 'json',
      key,
      label: fallbackLabel,
      description: null,
      required,
      nullable: false,
      reason: 'any JSON value',
    };
  }
  const resolved = deref(raw, ctx.root, ctx.depth);
  if (!resolved) {
    return {
      kind: 'json',
      key,
      label: str(raw.title) ?? fallbackLabel,
      description: str(raw.description),
      required,
      nullable: false,
      reason: 'a recursive or external $ref',
    };
  }
  const schema = resolved;
  const { types, nullable } = typesOf(schema);
  const base: FieldBase = {
    key,
    label: str(schema.title) ?? fallbackLabel,
    description: str(schema.description),
    required,
    nullable,
  };
  if ('default' in schema) base.default = schema.default;

  if ('const' in schema)
    return {
      ...base,
      kind: 'enum',
      options: [{ value: schema.const, label: optionLabel(schema.const) }],
    };
  if (Array.isArray(schema.enum)) {
    return {
      ...base,
      kind: 'enum',
      options: schema.enum.map((v) => ({ value: v, label: optionLabel(v) })),
    };
  }
  const union = (
    Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : null
  )?.filter(isPlainObject);
  if (union && union.length > 0) {
    const consts = constUnion(union);
    if (consts) return { ...base, kind: 'enum', options: consts };
    // `anyOf: [X, {type: null}]` is a nullable X.
    const nonNull = union.filter((m) => m.type !== 'null');
    if (nonNull.length === 1 && union.length === 2) {
      const { oneOf: _o, anyOf: _a, ...rest } = schema;
      const inner = build({ ...nonNull[0], ...rest }, key, required, {
        ...ctx,
        depth: ctx.depth + 1,
      });
      return { ...inner, nullable: true };
    }
    return { ...base, kind: 'json', reason: 'one of several shapes' };
  }

  let type = types.length === 1 ? types[0] : types.length === 0 ? null : 'multi';
  if (type === null) {
    if (isPlainObject(schema.properties)) type = 'object';
    else if (schema.items !== undefined) type = 'array';
  }
  switch (type) {
    case 'object': {
      const props = isPlainObject(schema.properties) ? schema.properties : {};
      const req = new Set(
        Array.isArray(schema.required)
          ? schema.required.filter((r): r is string => typeof r === 'string')
          : [],
      );
      const fields = Object.entries(props).map(([k, s]) =>
        build(s, k, req.has(k), { ...ctx, depth: ctx.depth + 1 }),
      );
      const declared = Object.keys(props).length > 0;
      const open =
        !declared ||
        (schema.additionalProperties !== undefined && schema.additionalProperties !== false);
      if (!declared && key !== '')
        return { ...base, kind: 'json', reason: 'an object with free-form keys' };
      return { ...base, kind: 'object', fields, open };
    }
    case 'array': {
      const items = Array.isArray(schema.items)
        ? schema.items[0]
        : (schema.items ?? schema.prefixItems);
      const item = build(Array.isArray(items) ? items[0] : items, '', false, {
        ...ctx,
        depth: ctx.depth + 1,
      });
      return {
        ...base,
        kind: 'array',
        item: { ...item, label: item.label === 'value' ? 'item' : item.label },
        minItems: num(schema.minItems),
        maxItems: num(schema.maxItems),
      };
    }
    case 'boolean':
      return { ...base, kind: 'boolean' };
    case 'integer':
    case 'number':
      return {
        ...base,
        kind: 'number',
        integer: type === 'integer',
        minimum: num(schema.minimum) ?? num(schema.exclusiveMinimum),
        maximum: num(schema.maximum) ?? num(schema.exclusiveMaximum),
      };
    case 'string': {
      const maxLength = num(schema.maxLength);
      const format = str(schema.format);
      // `x-multiline` (the studio's hint, written by the schema builder) wins over guesses.
      const multiline =
        schema['x-multiline'] !== false &&
        ((maxLength !== null && maxLength > 200) ||
          format === 'textarea' ||
          format === 'markdown' ||
          schema['x-multiline'] === true ||
          (typeof schema.contentMediaType === 'string' &&
            schema.contentMediaType.startsWith('text/')) ||
          (maxLength === null && format === null && PROSE_KEY.test(key)));
      return {
        ...base,
        kind: 'string',
        multiline,
        format,
        minLength: num(schema.minLength),
        maxLength,
        placeholder:
          Array.isArray(schema.examples) && typeof schema.examples[0] === 'string'
            ? schema.examples[0]
            : null,
      };
    }
    default:
      return {
        ...base,
        kind: 'json',
        reason: type === 'multi' ? `one of the types ${types.join(', ')}` : 'any JSON value',
      };
  }
}

/**
 * The form model of a skill's input. The root is always an object: A2E arguments
 * are a JSON object. An absent or empty schema gives an open object with no fields.
 */
export function buildFormModel(schema: unknown): ObjectField {
  const root = isPlainObject(schema) ? schema : {};
  const model = build(Object.keys(root).length === 0 ? { type: 'object' } : root, '', true, {
    root,
    depth: 0,
  });
  if (model.kind === 'object') return { ...model, label: 'Arguments' };
  // A root schema that is not an object cannot describe A2E arguments: raw JSON it is.
  return {
    kind: 'object',
    key: '',
    label: 'Arguments',
    description: null,
    required: true,
    nullable: false,
    fields: [],
    open: true,
  };
}

/** The value a field starts with: its own default, else the defaults of its parts when it is required. */
function fieldInitial(field: FieldModel): unknown {
  if (field.default !== undefined) return structuredCopy(field.default);
  if (field.kind === 'object' && field.required) {
    const obj: Record<string, unknown> = {};
    for (const f of field.fields) {
      const v = fieldInitial(f);
      if (v !== undefined) obj[f.key] = v;
    }
    return obj;
  }
  if (field.kind === 'array' && field.required && field.minItems !== null && field.minItems > 0) {
    return Array.from({ length: field.minItems }, () => emptyValue(field.item));
  }
  return undefined;
}

/**
 * The arguments a fresh form shows: the skill's `arguments` defaults, then the
 * schema's own `default`s for what they leave out.
 */
export function initialArguments(
  model: ObjectField,
  skillDefaults: unknown,
): Record<string, unknown> {
  const out: Record<string, unknown> = isPlainObject(skillDefaults)
    ? (structuredCopy(skillDefaults) as Record<string, unknown>)
    : {};
  for (const f of model.fields) {
    if (out[f.key] !== undefined) continue;
    const v = fieldInitial(f);
    if (v !== undefined) out[f.key] = v;
  }
  return out;
}

/** What "Add item" puts in an array: the item's default, else an empty value of its kind. */
export function emptyValue(field: FieldModel): unknown {
  if (field.default !== undefined) return structuredCopy(field.default);
  switch (field.kind) {
    case 'object': {
      const obj: Record<string, unknown> = {};
      for (const f of field.fields) {
        const v = f.required ? emptyValue(f) : fieldInitial(f);
        if (v !== undefined) obj[f.key] = v;
      }
      return obj;
    }
    case 'array':
      return [];
    case 'boolean':
      return false;
    case 'number':
      return field.minimum ?? 0;
    case 'enum':
      return field.options[0]?.value ?? null;
    case 'string':
      return '';
    case 'json':
      return null;
  }
}

function structuredCopy<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}
