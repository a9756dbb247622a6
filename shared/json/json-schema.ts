/**
 * The one configuration of ajv for the JSON Schemas skills bring (`input_schema`,
 * `output_schema`): the validator checks them, the runner validates call arguments with
 * them. A skill's schema comes from anyone, so:
 *
 * - `pattern` and `patternProperties` run on RE2 (the re2js port: pure JavaScript, time
 *   linear in the input), never on the backtracking engine of JavaScript, where
 *   `^(a+)+$` and a string of 30 `a`s and a `b` take seconds and block every request;
 * - a pattern RE2 cannot run (a backreference, a lookaround, a repeat over 1000) is an
 *   UnsafePatternError when a schema is compiled to validate data, and the validator
 *   warns about it (SCHEMA_PATTERN_UNSAFE) with `findUnsafePatterns`;
 * - the dialect follows `$schema` (2020-12, 2019-09, else draft-07), formats are on,
 *   `$id`s stay out of ajv's registry (two skills sharing an `$id` do not collide), and
 *   compiled validators are kept in a bounded cache keyed by the schema's JSON text;
 * - whether a schema is a schema is checked against its dialect's meta-schema with
 *   validators ajv generated ahead of time (meta-schema.ts), not by compiling the
 *   meta-schema in every process; messages are ajv's own ("schema is invalid: data/type
 *   must be …");
 * - RE2 is loaded the first time a pattern is compiled, so a process whose schemas have
 *   no pattern never loads it;
 * - `checkSkillSchema` asks the process's store of verdicts (schema-verdicts.ts) before it
 *   compiles, and the ajv classes live in skill-ajv.ts, which the CLI loads on first use.
 *
 * Works in Node and the browser; ajv compiles to code with `new Function`, which a strict
 * CSP forbids (the renderer leaves schema checks to the host: schemaCompilerAvailable).
 */
import type { Options, ValidateFunction } from 'ajv';
import type { RE2JS } from 're2js';
import { errorMessage } from '../errors';
import type { Dialect } from './meta-schema';
import { schemaVerdictStore, type SchemaVerdict } from './schema-verdicts';
import { createSkillAjv, skillAjvStandaloneCode, type SkillAjv } from './skill-ajv';

export type { Dialect } from './meta-schema';

/** A pattern valid in JavaScript that RE2 cannot run in linear time. */
export class UnsafePatternError extends Error {
  constructor(
    readonly pattern: string,
    readonly reason: string,
  ) {
    super(
      `the pattern ${JSON.stringify(shortPattern(pattern))} cannot be checked safely (${reason}); only patterns RE2 can run in linear time are used`,
    );
    this.name = 'UnsafePatternError';
  }
}

function shortPattern(p: string): string {
  return p.length > 80 ? `${p.slice(0, 79)}…` : p;
}

/**
 * What in `pattern` RE2 does not support by design (backtracking would be needed), or
 * null. Escapes and character classes are skipped, so `[(?=]` and `\(?=` are plain text.
 */
function backtrackingConstruct(pattern: string): string | null {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      if (!inClass && /[1-9]/.test(next)) return 'a backreference';
      if (!inClass && next === 'k' && pattern[i + 2] === '<') return 'a named backreference';
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '(' && pattern[i + 1] === '?') {
      const look = pattern.slice(i + 2, i + 4);
      if (look[0] === '=' || look[0] === '!') return 'a lookahead';
      if (look === '<=' || look === '<!') return 'a lookbehind';
    }
  }
  return null;
}

// Declared here because shared/ compiles without Node's types.
declare const require: (id: string) => unknown;
declare const process: { getBuiltinModule?(id: string): unknown } | undefined;

let re2js: typeof RE2JS | undefined;

/**
 * RE2, loaded the first time a pattern is compiled: most schemas have none, and loading
 * it is a good part of a short CLI run. The bundles (esbuild, rolldown) and vitest turn
 * `require` into a lazy load of the bundled module; an unbundled ES module in Node (tsx)
 * has no `require` and takes one from node:module.
 */
function re2(): typeof RE2JS {
  if (!re2js) {
    let loaded: unknown;
    try {
      loaded = require('re2js');
    } catch (err) {
      if (!(err instanceof ReferenceError)) throw err;
      const nodeModule = process?.getBuiltinModule?.('node:module') as {
        createRequire(from: string): (id: string) => unknown;
      };
      // shared/ compiles without Node's types, where import.meta has no url.
      const here = (import.meta as unknown as { url: string }).url;
      loaded = nodeModule.createRequire(here)('re2js');
    }
    re2js = (loaded as typeof import('re2js')).RE2JS;
  }
  return re2js;
}

/**
 * RE2's program for `pattern` (with JavaScript's flags i, m and s, when given), or an
 * UnsafePatternError; a pattern JavaScript refuses throws its SyntaxError.
 */
export function compileLinearRegExp(pattern: string, flags = ''): RE2JS {
  // Invalid in JavaScript is invalid in JSON Schema (ECMA-262 patterns, unicode mode).
  new RegExp(pattern, 'u');
  const construct = backtrackingConstruct(pattern);
  if (construct) throw new UnsafePatternError(pattern, `it uses ${construct}`);
  try {
    const engine = re2();
    let bits = 0;
    if (flags.includes('i')) bits |= engine.CASE_INSENSITIVE;
    if (flags.includes('m')) bits |= engine.MULTILINE;
    if (flags.includes('s')) bits |= engine.DOTALL;
    return engine.compile(engine.translateRegExp(pattern), bits);
  } catch (err) {
    const why = err instanceof Error ? err.message.replace(/^error parsing regexp: /, '') : '';
    throw new UnsafePatternError(pattern, `RE2 cannot run it: ${why}`);
  }
}

/** The pattern engine of validators for calls: RE2, refusing what it cannot run. */
export function linearEngine(pattern: string, flags: string): { test(s: string): boolean } {
  const re = compileLinearRegExp(pattern);
  // ajv keys its per-schema cache of patterns on toString.
  return { test: (s: string) => re.test(s), toString: () => `/${pattern}/${flags}` } as {
    test(s: string): boolean;
  };
}
/**
 * The module a validator's standalone code requires for its patterns (ajv writes this
 * expression where the code makes each pattern): whoever loads that code must resolve it
 * to this module's `linearEngine`, so a kept validator runs its patterns on RE2 too.
 */
export const LINEAR_ENGINE_MODULE = 'skill-studio/linear-engine';
linearEngine.code = `require(${JSON.stringify(LINEAR_ENGINE_MODULE)}).linearEngine`;

/**
 * For checking a schema only (the validator never validates data with it): a pattern
 * RE2 cannot run still compiles, so the rest of the schema is checked too, and running
 * it would throw rather than backtrack.
 */
function checkOnlyEngine(pattern: string, flags: string): { test(s: string): boolean } {
  try {
    return linearEngine(pattern, flags);
  } catch (err) {
    if (!(err instanceof UnsafePatternError)) throw err;
    return {
      test: () => {
        throw err;
      },
      toString: () => `/${pattern}/${flags}`,
    } as { test(s: string): boolean };
  }
}
checkOnlyEngine.code = 'checkOnlyEngine';

export type SchemaUse = 'check' | 'validate';

const instances = new Map<string, SkillAjv>();

function ajvFor(dialect: Dialect, use: SchemaUse): SkillAjv {
  const key = `${dialect}:${use}`;
  let ajv = instances.get(key);
  if (!ajv) {
    const opts: Options = {
      // Skill authors write loose schemas: unknown keywords (`example`) are ignored.
      strict: false,
      allErrors: true,
      // Keeps `$id`s out of the shared registry (see the header).
      addUsedSchema: false,
      // Unknown formats would otherwise be printed to the console.
      logger: false as const,
      // A call's arguments get the schema's own `default`s.
      useDefaults: use === 'validate',
      code: {
        regExp: use === 'validate' ? linearEngine : checkOnlyEngine,
        // A call's validator can be written out as code (standaloneValidatorCode).
        source: use === 'validate',
      },
    };
    ajv = createSkillAjv(dialect, opts);
    instances.set(key, ajv);
  }
  return ajv;
}

export function dialectOf(schema: Record<string, unknown>): Dialect {
  const declared = schema.$schema;
  if (typeof declared === 'string') {
    if (declared.includes('2020-12')) return '2020-12';
    if (declared.includes('2019-09')) return '2019-09';
  }
  return 'draft-07';
}

export type CompiledSchema =
  | { ok: true; validate: ValidateFunction }
  | {
      ok: false;
      message: string;
      unsafe: UnsafePatternError | null;
      /**
       * The failure may not be the schema's own (the stack ran out on a deep schema, a
       * module failed to load): not a verdict to keep between runs.
       */
      transient?: boolean;
    };

const CACHE_LIMIT = 256;
const caches: Record<SchemaUse, Map<string, CompiledSchema>> = {
  check: new Map(),
  validate: new Map(),
};

const MAX_MESSAGE = 400;

function shorten(message: string): string {
  return message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE - 1)}…` : message;
}

/**
 * Compiles a skill's JSON Schema for `use`: `check` (is it a schema? the validator) or
 * `validate` (arguments of a call: defaults filled in, unsafe patterns refused).
 */
export function compileSkillSchema(
  schema: Record<string, unknown>,
  use: SchemaUse,
): CompiledSchema {
  const dialect = dialectOf(schema);
  const key = schemaKey(schema, dialect);
  if (typeof key !== 'string') return { ...key, unsafe: null };
  const cache = caches[use];
  const hit = cache.get(key);
  if (hit) {
    // Refresh its place so that the most used schemas stay.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const ajv = ajvFor(dialect, use);
  let result: CompiledSchema;
  // For calls, compile without the top-level `$id`: an `$id` ajv cannot resolve (`urn:x`)
  // must not make a skill uncallable, and ids never matter to one self-contained schema.
  const compiled = use === 'validate' ? withoutId(schema) : schema;
  try {
    result = { ok: true, validate: ajv.compile(compiled) };
  } catch (e) {
    const unsafe = e instanceof UnsafePatternError ? e : null;
    // ajv's refusals are plain Errors; a RangeError or an error with a code (Node's own,
    // such as MODULE_NOT_FOUND) says something about this process, not the schema.
    const transient =
      e instanceof RangeError || (typeof e === 'object' && e !== null && 'code' in e);
    result = { ok: false, message: shorten(errorMessage(e)), unsafe, transient };
  } finally {
    try {
      // ajv keeps every compiled schema object; editing a skill for hours must not grow it.
      ajv.removeSchema(compiled);
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

/** The dialect and the schema's JSON text (what caches key on), or why there is none. */
export function schemaKey(
  schema: Record<string, unknown>,
  dialect: Dialect,
): string | { ok: false; message: string } {
  try {
    return `${dialect}\n${JSON.stringify(schema)}`;
  } catch (e) {
    // YAML aliases can make a cycle; such a schema cannot be used.
    return { ok: false, message: `not serialisable as JSON: ${(e as Error).message}` };
  }
}

/**
 * Whether `schema` is a JSON Schema ajv accepts (the validator's question), from the
 * process's store of verdicts when it holds one, else by compiling it (use 'check'), the
 * verdict then kept in the store.
 */
export function checkSkillSchema(schema: Record<string, unknown>): SchemaVerdict {
  const key = schemaKey(schema, dialectOf(schema));
  if (typeof key !== 'string') return key;
  const store = schemaVerdictStore();
  const kept = store?.get(key);
  if (kept) return kept;
  const compiled = compileSkillSchema(schema, 'check');
  const verdict: SchemaVerdict = compiled.ok
    ? { ok: true }
    : { ok: false, message: compiled.message };
  if (compiled.ok || !compiled.transient) store?.set(key, verdict);
  return verdict;
}

/**
 * The validator of a call's arguments for `schema` (compileSkillSchema, use 'validate') as
 * the code of a CommonJS module exporting it (ajv's standalone code), or null when the
 * schema does not compile. The code requires ajv's runtime helpers, ajv-formats' formats
 * and LINEAR_ENGINE_MODULE; loaded with those, it judges every value as the compiled
 * validator does, defaults filled in alike.
 */
export function standaloneValidatorCode(schema: Record<string, unknown>): string | null {
  const compiled = compileSkillSchema(schema, 'validate');
  if (!compiled.ok) return null;
  return skillAjvStandaloneCode(ajvFor(dialectOf(schema), 'validate'), compiled.validate);
}

function withoutId(schema: Record<string, unknown>): Record<string, unknown> {
  const { $id: _id, ...rest } = schema;
  return rest;
}

export interface InvalidDefault {
  /** The keys from the schema's root to the `default` (`properties`, `x`, `default`). */
  path: string[];
  message: string;
}

const MAX_DEFAULTS_CHECKED = 64;

/**
 * The `default`s of a schema's properties (nested objects' too) that their own property
 * schema refuses, judged as a call's arguments are (the same compile, dialect and RE2),
 * so a default the validator passes is one a call accepts. A property schema that cannot
 * be compiled alone (a `$ref` into the root's `$defs`) is left alone: the whole schema's
 * own check speaks for it. Nothing is compiled for a schema without defaults.
 */
export function findInvalidDefaults(schema: Record<string, unknown>): InvalidDefault[] {
  const out: InvalidDefault[] = [];
  const dialect = schema.$schema;
  let checked = 0;
  const walk = (node: unknown, at: string[], depth: number): void => {
    if (depth > MAX_WALK_DEPTH || !isRecord(node) || !isRecord(node.properties)) return;
    for (const [key, sub] of Object.entries(node.properties)) {
      if (!isRecord(sub)) continue;
      const here = [...at, 'properties', key];
      if ('default' in sub && checked++ < MAX_DEFAULTS_CHECKED) {
        const own = typeof dialect === 'string' ? { $schema: dialect, ...sub } : sub;
        const verdict = defaultVerdict(own);
        if (!verdict.ok) out.push({ path: [...here, 'default'], message: verdict.message });
      }
      walk(sub, here, depth + 1);
    }
  };
  walk(schema, [], 0);
  return out;
}

/**
 * Whether the `default` of the property schema `own` fits it (refused: its message), from
 * the process's store of verdicts when it holds one (`list`, run again and again, then
 * loads no ajv for a skill whose defaults it has seen), else by compiling and validating.
 */
function defaultVerdict(own: Record<string, unknown>): SchemaVerdict {
  const key = schemaKey(own, dialectOf(own));
  // No JSON text: nothing compiles; the whole schema's own check speaks for it.
  if (typeof key !== 'string') return { ok: true };
  const keptAs = `default\n${key}`;
  const store = schemaVerdictStore();
  const kept = store?.get(keptAs);
  if (kept) return kept;
  const compiled = compileSkillSchema(own, 'validate');
  let verdict: SchemaVerdict = { ok: true };
  if (compiled.ok && !compiled.validate(JSON.parse(JSON.stringify(own.default ?? null)))) {
    const first = compiled.validate.errors?.[0];
    const where = first?.instancePath ? `at ${first.instancePath} ` : '';
    verdict = {
      ok: false,
      message: shorten(`${where}${first?.message ?? 'is refused by its schema'}`),
    };
  }
  if (compiled.ok || !compiled.transient) store?.set(keptAs, verdict);
  return verdict;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export interface UnsafePattern {
  /** JSON Pointer of the pattern inside the schema (`/properties/code/pattern`). */
  pointer: string;
  error: UnsafePatternError;
}

const MAX_WALK_DEPTH = 64;
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples', 'example']);

/**
 * Every `pattern` value and `patternProperties` key in `schema` that RE2 cannot run,
 * wherever it sits (a plain walk: subschemas and `$defs` alike). Patterns that are not
 * valid JavaScript are left to ajv's own error.
 */
export function findUnsafePatterns(schema: unknown): UnsafePattern[] {
  const out: UnsafePattern[] = [];
  const check = (pattern: string, pointer: string): void => {
    try {
      compileLinearRegExp(pattern);
    } catch (err) {
      if (err instanceof UnsafePatternError) out.push({ pointer, error: err });
    }
  };
  const walk = (node: unknown, pointer: string, depth: number): void => {
    if (depth > MAX_WALK_DEPTH || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, `${pointer}/${i}`, depth + 1));
      return;
    }
    for (const [k, v] of Object.entries(node)) {
      // Data, not schema: a `pattern` inside a default or an example is never run.
      if (DATA_KEYWORDS.has(k)) continue;
      const at = `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (k === 'pattern' && typeof v === 'string') check(v, at);
      if (k === 'patternProperties' && v !== null && typeof v === 'object' && !Array.isArray(v)) {
        for (const p of Object.keys(v))
          check(p, `${at}/${p.replace(/~/g, '~0').replace(/\//g, '~1')}`);
      }
      walk(v, at, depth + 1);
    }
  };
  walk(schema, '', 0);
  return out;
}
