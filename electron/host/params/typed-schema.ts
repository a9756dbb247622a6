/**
 * A small typed builder for the JSON Schemas of our own messages (the Studio API's
 * params, electron/host/params/studio-params.ts). Each builder returns the plain schema
 * object ajv compiles, tagged (in the type only) with the TypeScript type of the values
 * it accepts; `schemaTable` then checks a whole table against the API's types, so a
 * schema and its type cannot drift apart without `tsc` failing at the entry.
 *
 * Every object it builds is closed (additionalProperties false). The builders that check
 * less than their type says (`shallowObject`, `shallowObjectOrNull`, `shallowArray`,
 * `sampledObject`) say so by name: there the schema guards the outer shape and the
 * handler (or the store behind it) reads the value as typed. Compile the result with
 * shared/json/internal-schemas.ts.
 */

declare const ACCEPTS: unique symbol;

/** A JSON Schema (plain data at runtime) whose accepted values are of type T. */
export interface Schema<T> {
  /** Type only, never present at runtime: what the schema accepts. */
  readonly [ACCEPTS]?: T;
  readonly [keyword: string]: unknown;
}

/** The type a schema accepts (`unknown` for a plain object that is no built schema). */
export type TypeOf<S> = S extends Schema<infer T> ? T : never;

/** The one place a type is attached to a schema's plain data. */
function typed<T>(json: Record<string, unknown>): Schema<T> {
  return json as Schema<T>;
}

export interface StringLimits {
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
}

export interface NumberLimits {
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
}

export interface ArrayLimits {
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;
}

export interface RecordLimits {
  readonly maxProperties?: number;
  readonly propertyNames?: StringLimits;
}

/**
 * Picks only the limits a builder knows, so a schema shared with another file (e.g. a
 * config file's `{ type: 'string', pattern }`) can be reused without its other keywords.
 */
function limitsOf<L extends object>(from: L | undefined, keys: readonly (keyof L)[]): Partial<L> {
  const out: Partial<L> = {};
  for (const k of keys) if (from && from[k] !== undefined) out[k] = from[k];
  return out;
}
const STRING_KEYS = ['minLength', 'maxLength', 'pattern'] as const;
const NUMBER_KEYS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] as const;
const ARRAY_KEYS = ['minItems', 'maxItems', 'uniqueItems'] as const;

export const string = (limits?: StringLimits): Schema<string> =>
  typed({ type: 'string', ...limitsOf(limits, STRING_KEYS) });

/** A string or null (`{ type: ['string', 'null'] }`): the limits apply to the string. */
export const stringOrNull = (limits?: StringLimits): Schema<string | null> =>
  typed({ type: ['string', 'null'], ...limitsOf(limits, STRING_KEYS) });

export const number = (limits?: NumberLimits): Schema<number> =>
  typed({ type: 'number', ...limitsOf(limits, NUMBER_KEYS) });

export const integer = (limits?: NumberLimits): Schema<number> =>
  typed({ type: 'integer', ...limitsOf(limits, NUMBER_KEYS) });

export const boolean = (): Schema<boolean> => typed({ type: 'boolean' });

/** Exactly this value (`const`): the tag of a tagged union. */
export const literal = <const V extends string | number | boolean>(value: V): Schema<V> =>
  typed({ const: value });

/** One of these values (`enum`). */
export const oneOfValues = <const V extends string>(values: readonly V[]): Schema<V> =>
  typed({ enum: [...values] });

/** Any JSON value at all (`{}`). */
export const anyValue = (): Schema<unknown> => typed({});

/** Any JSON object, its keys and values unchecked (`{ type: 'object' }`): free-form data. */
export const anyObject = (): Schema<Record<string, unknown>> => typed({ type: 'object' });

export const array = <T>(items: Schema<T>, limits?: ArrayLimits): Schema<T[]> =>
  typed({ type: 'array', ...limitsOf(limits, ARRAY_KEYS), items });

/** Exactly one of these schemas (`oneOf`): a union whose members tell themselves apart. */
export const oneOf = <const S extends readonly Schema<unknown>[]>(
  ...variants: S
): Schema<TypeOf<S[number]>> => typed({ oneOf: [...variants] });

/** An object whose keys are data (a map): closed values, limited keys. */
export const record = <T>(values: Schema<T>, limits?: RecordLimits): Schema<Record<string, T>> =>
  typed({
    type: 'object',
    ...(limits?.maxProperties !== undefined ? { maxProperties: limits.maxProperties } : {}),
    ...(limits?.propertyNames ? { propertyNames: { ...limits.propertyNames } } : {}),
    additionalProperties: values,
  });

type Properties = Readonly<Record<string, Schema<unknown>>>;
type Flat<T> = { [K in keyof T]: T[K] } & {};
/** The object a closed schema accepts: `required` keys as they are, the others optional. */
export type ObjectOf<P extends Properties, R extends keyof P> = Flat<
  { [K in R]: TypeOf<P[K]> } & { [K in Exclude<keyof P, R>]?: TypeOf<P[K]> }
>;

/** A closed object: these properties only (additionalProperties false), `required` among them. */
export function object<P extends Properties, const R extends readonly (keyof P & string)[] = []>(
  properties: P,
  required?: R,
): Schema<ObjectOf<P, R[number]>> {
  return typed({
    type: 'object',
    properties,
    required: [...(required ?? [])],
    additionalProperties: false,
  });
}

/** Exactly one key of `A`, of its type; the others absent. */
export type OneKeyOf<A extends Properties> = {
  [K in keyof A]: { [J in K]: TypeOf<A[K]> } & { [J in Exclude<keyof A, K>]?: never };
}[keyof A];

/**
 * A closed object like `object`'s that also holds exactly one key of `alternatives`: a
 * request that names what it acts on in one of several ways (`oneOf` of each key
 * required). Every property keeps its own schema, so a wrong value is refused naming its
 * place, as in `object`; a request naming none of the keys is told the first is missing,
 * one naming more than one gets the `oneOf` refusal.
 */
export function objectWithOneOf<
  P extends Properties,
  A extends Properties,
  const R extends readonly (keyof P & string)[] = [],
>(properties: P, required: R, alternatives: A): Schema<Flat<ObjectOf<P, R[number]> & OneKeyOf<A>>> {
  return typed({
    type: 'object',
    properties: { ...properties, ...alternatives },
    required: [...required],
    additionalProperties: false,
    // Each branch names its key again (unchecked: `properties` checks it) for ajv's strict
    // mode, which wants a required key defined beside it, and `oneOf` is checked first.
    oneOf: Object.keys(alternatives).map((key) => ({ properties: { [key]: {} }, required: [key] })),
  });
}

/** No params at all: the closed empty object, which is what `Record<string, never>` says. */
export const empty = (): Schema<Record<string, never>> => object({});

/**
 * An object (or null) whose contents are not checked here, typed as `T`: for data the
 * host stores or sanitizes as a whole (a call's result, its events), where the schema
 * guards the outer shape only.
 */
export const shallowObject = <T extends object>(): Schema<T> => typed({ type: 'object' });
export const shallowObjectOrNull = <T extends object>(): Schema<T | null> =>
  typed({ type: ['object', 'null'] });
/**
 * Bytes in memory (a Uint8Array), as a caller that passes objects rather than JSON hands
 * them over: JSON Schema cannot tell them from any other object, so the schema guards the
 * outer shape and the handler checks they are bytes (see shallowObject).
 */
export const shallowBytes = (): Schema<Uint8Array> => typed({ type: 'object' });
/** An array whose items are not checked here, typed as `T[]` (see shallowObject). */
export const shallowArray = <T>(limits?: ArrayLimits): Schema<T[]> =>
  typed({ type: 'array', ...limitsOf(limits, ARRAY_KEYS) });

/**
 * An open object typed as `T` whose every required key must be there, of which only
 * `checked` are checked: a digest the host only samples. Unchecked required keys get
 * the empty schema, so the schema stays valid in ajv's strict mode.
 */
export function sampledObject<T extends object>() {
  return (
    checked: { readonly [K in keyof T]?: Schema<T[K]> },
    required: readonly (keyof T & string)[],
  ): Schema<T> => {
    const properties: Record<string, unknown> = {};
    for (const key of required) properties[key] = {};
    Object.assign(properties, checked);
    return typed({ type: 'object', required: [...required], properties });
  };
}

// ── tables checked against types ───────────────────────────────────────────────

/** T with every object flattened (intersections, Omit, interfaces), for comparing by shape. */
type Normal<T> = T extends (infer U)[]
  ? Normal<U>[]
  : T extends object
    ? { [K in keyof T]: Normal<T[K]> }
    : T;
/** Whether A and B are the same type: optional keys, extra keys and `null` all count. */
export type Same<A, B> =
  (<X>() => X extends Normal<A> ? 1 : 2) extends <X>() => X extends Normal<B> ? 1 : 2
    ? true
    : false;

/** What `schemaTable` puts in place of an entry whose schema accepts another type. */
export interface SchemaDrift<K> {
  readonly 'this schema does not accept exactly the type declared for': K;
}

/**
 * A table of schemas, one per key of `Types` ({ name: the type its schema must accept }),
 * checked by `tsc`: a key without a schema, or a schema that accepts a different type
 * (a property missing or added, optional where required, another type) fails at the entry.
 */
export function schemaTable<Types>() {
  // Table is inferred from the entries given (so a missing one is reported by its name),
  // then every name of Types must be there with a schema of exactly its type.
  return <const Table extends { readonly [K in keyof Types]?: Schema<unknown> }>(
    table: Table & {
      readonly [K in keyof Types]-?: K extends keyof Table
        ? Same<TypeOf<Table[K]>, Types[K]> extends true
          ? unknown
          : SchemaDrift<K>
        : SchemaDrift<K>;
    } & { readonly [K in Exclude<keyof Table, keyof Types>]: SchemaDrift<K> },
  ): Table => table;
}
