/**
 * Compiled validators kept between runs as files of the CLI's cache folder
 * (shared/json/validator-cache.ts says where): compiling a skill's `input_schema` with ajv
 * is most of what checking a call's arguments costs, and the CLI is run again and again
 * with the same skills (skill-studio.json's own schema is kept the same way).
 *
 * A file holds ajv's standalone code of one validator (json-schema.ts,
 * standaloneValidatorCode) and is named by a hash of the build and of a key that says
 * exactly what was compiled (argumentsKey: the dialect and the schema's JSON text), so the
 * arguments are checked by exactly the schema the skill has now: a changed schema, or
 * another build (another ajv, another setup), is another name and misses. A file is used only when the user running the CLI owns it and its first
 * line holds its own name's hash and its code's: a foreign, corrupt, truncated or renamed
 * file is ignored (the check then compiles, in a worker, as without a cache) and replaced.
 * Its code requires only ajv's runtime helpers, ajv-formats' formats and our RE2 engine,
 * given here, so a kept validator runs its patterns in linear time, as a compiled one.
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import equal from 'ajv/dist/runtime/equal.js';
import ucs2length from 'ajv/dist/runtime/ucs2length.js';
import ValidationError from 'ajv/dist/runtime/validation_error.js';
import * as formats from 'ajv-formats/dist/formats.js';
import {
  LINEAR_ENGINE_MODULE,
  linearEngine,
  schemaKey,
  dialectOf,
} from '../../../shared/json/json-schema';
import type { ValidatorCachePlace } from '../../../shared/json/validator-cache';
import { readCacheText, writeCacheText } from './cache-file';
import { nodeCrypto } from '../lazy-crypto';
import { logSwallowed } from '../log';

/** Changes whenever what a file holds, or how it is read, changes. */
const FORMAT = 'skill-studio argument validator 1';
/** Code larger than this is not kept (such a schema compiles each time instead). */
const MAX_CODE_CHARS = 512 * 1024;
/** Most files kept: past it, the least recently written go first. */
const MAX_FILES = 500;

/**
 * The function a CommonJS module exports as `default`, whichever way the import of it was
 * resolved: the function itself, or (Node's own interop, in the bundles) its exports.
 */
function defaultOf(imported: unknown): unknown {
  return typeof imported === 'function' ? imported : (imported as { default: unknown }).default;
}

/** What a validator's code may require, and what it gets. */
const MODULES: Record<string, unknown> = {
  'ajv/dist/runtime/equal': { default: defaultOf(equal) },
  'ajv/dist/runtime/ucs2length': { default: defaultOf(ucs2length) },
  'ajv/dist/runtime/validation_error': { default: defaultOf(ValidationError) },
  'ajv-formats/dist/formats': formats,
  [LINEAR_ENGINE_MODULE]: { linearEngine },
};

// node:crypto is loaded when a hash is first needed: list's bundles hold this module too.
const sha256 = (text: string): string =>
  nodeCrypto().createHash('sha256').update(text).digest('hex');

/** The key of the validator of calls' arguments for `schema`, or null (no JSON text). */
export function argumentsKey(schema: Record<string, unknown>): string | null {
  const key = schemaKey(schema, dialectOf(schema));
  return typeof key === 'string' ? `arguments\n${key}` : null;
}

/** The file that keeps the validator of `key` in `place`. */
function fileFor(place: ValidatorCachePlace, key: string): string {
  return path.join(place.dir, `${sha256(`${FORMAT}\n${place.buildId}\n${key}`)}.cjs`);
}

function header(file: string, code: string): string {
  return `// ${FORMAT} ${path.basename(file, '.cjs')} ${sha256(code)}\n`;
}

/**
 * The validator module `code` exports, run with the modules it may require (anything
 * else throws): what a kept file holds, past its header.
 */
export function loadValidatorCode(code: string): ValidateFunction {
  const module = { exports: {} as unknown };
  const require = (id: string): unknown => {
    if (!Object.prototype.hasOwnProperty.call(MODULES, id))
      throw new Error(`a kept validator may not require ${id}`);
    return MODULES[id];
  };
  // Our own code, written by standaloneValidatorCode and checked by its hash: not a compile
  // of the schema, only V8 reading a small function.
  new Function('require', 'module', 'exports', code)(require, module, module.exports);
  if (typeof module.exports !== 'function') throw new Error('a kept validator exports no function');
  return module.exports as ValidateFunction;
}

/** The validator kept for `key` in `place`, or null (none, not ours, or unusable). */
export function readKeptValidator(
  place: ValidatorCachePlace,
  key: string,
): ValidateFunction | null {
  const file = fileFor(place, key);
  try {
    const text = readCacheText(file);
    if (text === null) return null;
    const nl = text.indexOf('\n');
    const code = text.slice(nl + 1);
    if (nl < 0 || text.slice(0, nl + 1) !== header(file, code)) return null;
    return loadValidatorCode(code);
  } catch {
    return null; // none yet, or unusable: the check compiles
  }
}

/**
 * Keeps `code`, the standalone code of the validator of `key`, in `place` (atomically: a
 * reader sees the whole file or none), then drops the oldest files past MAX_FILES. Never
 * throws: a cache that cannot be written only costs the compiling next time.
 */
export async function keepValidator(
  place: ValidatorCachePlace,
  key: string,
  code: string,
): Promise<void> {
  const file = fileFor(place, key);
  if (code.length > MAX_CODE_CHARS) return;
  try {
    // Checked before it is kept: code that does not load here would never load later.
    loadValidatorCode(code);
    await writeCacheText(file, header(file, code) + code);
    prune(place.dir);
  } catch (err) {
    logSwallowed('keep a compiled validator for the next run')(err);
  }
}

function prune(dir: string): void {
  const names = readdirSync(dir);
  if (names.length <= MAX_FILES) return;
  const byAge = names
    .map((name) => {
      try {
        return { name, at: statSync(path.join(dir, name)).mtimeMs };
      } catch {
        return { name, at: 0 };
      }
    })
    .sort((a, b) => a.at - b.at);
  for (const { name } of byAge.slice(0, names.length - MAX_FILES))
    rmSync(path.join(dir, name), { force: true });
}
