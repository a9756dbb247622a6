/**
 * Verdicts on skills' schemas ("is this a JSON Schema ajv accepts?"), kept by whoever can
 * keep them between runs: the CLI keeps them in the user's cache folder, so that `list`,
 * run again and again by agents and CI, compiles a schema it has seen before neither with
 * ajv nor loads ajv at all. A verdict never decides a call: a call's arguments are checked
 * by the schema's own validator, compiled (json-schema.ts, use 'validate') or kept by an
 * earlier run under the schema's hash (validator-cache.ts).
 *
 * The store is found under a registered symbol rather than a module variable, because
 * each of the CLI's bundles carries its own copy of the modules it uses: the store one of
 * them installs must be the one another's copy of json-schema.ts asks.
 */
export type SchemaVerdict = { ok: true } | { ok: false; message: string };

export interface SchemaVerdictStore {
  /** The verdict kept for `key` (the dialect and the schema's JSON text), if any. */
  get(key: string): SchemaVerdict | undefined;
  set(key: string, verdict: SchemaVerdict): void;
}

const STORE = Symbol.for('skill-studio.schema-verdicts');
type Holder = { [STORE]?: SchemaVerdictStore | null };

/** Makes `store` the process's store of verdicts (null: none, every check compiles). */
export function useSchemaVerdictStore(store: SchemaVerdictStore | null): void {
  (globalThis as Holder)[STORE] = store;
}

/** The process's store of verdicts, or null. */
export function schemaVerdictStore(): SchemaVerdictStore | null {
  return (globalThis as Holder)[STORE] ?? null;
}
