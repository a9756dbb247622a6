/**
 * Compiles the JSON Schemas of `input_schema` / `output_schema` with ajv, for the
 * validator (is it a schema ajv accepts?) and for the runner (validate call
 * arguments). Works in Node and in the browser.
 *
 * One ajv instance per JSON Schema dialect, created on first use. Compiled
 * validators are cached by the schema's JSON text, so scanning thousands of
 * skills that share a schema compiles it once, and the cache is bounded; each
 * schema is removed from ajv's own registry right after compiling so that
 * editing a skill for hours does not grow ajv's memory, and two skills with the
 * same `$id` do not collide.
 */
import Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import Ajv2019 from 'ajv/dist/2019.js';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export type SchemaCompileResult =
  { ok: true; validate: ValidateFunction } | { ok: false; message: string };

type Dialect = 'draft-07' | '2019-09' | '2020-12';
type AnyAjv = Ajv | Ajv2019 | Ajv2020;

const instances = new Map<Dialect, AnyAjv>();

function ajvFor(dialect: Dialect): AnyAjv {
  let ajv = instances.get(dialect);
  if (!ajv) {
    // addUsedSchema: false keeps `$id`s out of the shared registry (see above);
    // logger: false because unknown formats would otherwise be printed to the console.
    const opts = { strict: false, allErrors: true, addUsedSchema: false, logger: false as const };
    ajv =
      dialect === '2020-12'
        ? new Ajv2020(opts)
        : dialect === '2019-09'
          ? new Ajv2019(opts)
          : new Ajv(opts);
    addFormats(ajv);
    instances.set(dialect, ajv);
  }
  return ajv;
}

function dialectOf(schema: Record<string, unknown>): Dialect {
  const declared = schema.$schema;
  if (typeof declared === 'string') {
    if (declared.includes('2020-12')) return '2020-12';
    if (declared.includes('2019-09')) return '2019-09';
  }
  return 'draft-07';
}

let compilerAvailable: boolean | null = null;

/**
 * ajv compiles schemas to code with `new Function`; a Content-Security-Policy
 * without 'unsafe-eval' forbids that. Checked once.
 */
export function schemaCompilerAvailable(): boolean {
  if (compilerAvailable === null) {
    try {
      compilerAvailable = new Function('return true')() === true;
    } catch {
      compilerAvailable = false;
    }
  }
  return compilerAvailable;
}

const CACHE_LIMIT = 256;
const cache = new Map<string, SchemaCompileResult>();

const MAX_MESSAGE = 400;

function shorten(message: string): string {
  return message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE - 1)}…` : message;
}

/** Compiles a JSON Schema (a map); `ok: false` with ajv's message when ajv refuses it. */
export function compileJsonSchema(schema: Record<string, unknown>): SchemaCompileResult {
  const dialect = dialectOf(schema);
  let key: string;
  try {
    key = `${dialect}\n${JSON.stringify(schema)}`;
  } catch (e) {
    // A cyclic object cannot come from YAML or JSON, but the API is public.
    return { ok: false, message: `not serialisable as JSON: ${(e as Error).message}` };
  }
  const hit = cache.get(key);
  if (hit) {
    // Refresh its place so that the most used schemas stay.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const ajv = ajvFor(dialect);
  let result: SchemaCompileResult;
  try {
    result = { ok: true, validate: ajv.compile(schema) };
  } catch (e) {
    result = { ok: false, message: shorten(e instanceof Error ? e.message : String(e)) };
  } finally {
    try {
      ajv.removeSchema(schema);
    } catch {
      // Nothing was registered.
    }
  }
  cache.set(key, result);
  if (cache.size > CACHE_LIMIT) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return result;
}

/** ajv's errors of the last validation as one readable line. */
export function schemaErrorsText(validate: ValidateFunction): string {
  const errors = validate.errors ?? [];
  return errors
    .map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`.trim())
    .join('; ');
}
