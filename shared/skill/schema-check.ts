/**
 * Schema checks for the validator: is `input_schema` / `output_schema` a JSON Schema ajv
 * accepts, and which of its patterns cannot run safely. The ajv setup (dialects, formats,
 * the linear-time RE2 engine for patterns, the compile cache) is shared with the runner
 * in shared/json/json-schema.ts. Works in Node and in the browser.
 */
import type { ValidateFunction } from 'ajv';
import { compileSkillSchema } from '../json/json-schema';

export {
  checkSkillSchema,
  findInvalidDefaults,
  findUnsafePatterns,
  type UnsafePattern,
} from '../json/json-schema';

export type SchemaCompileResult =
  { ok: true; validate: ValidateFunction } | { ok: false; message: string };

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

/**
 * Compiles a JSON Schema (a map); `ok: false` with ajv's message when ajv refuses it. A
 * pattern RE2 cannot run does not make the schema invalid here (findUnsafePatterns warns
 * about it); validating data that reaches it throws instead of backtracking.
 */
export function compileJsonSchema(schema: Record<string, unknown>): SchemaCompileResult {
  const result = compileSkillSchema(schema, 'check');
  return result.ok ? result : { ok: false, message: result.message };
}

/** ajv's errors of the last validation as one readable line. */
export function schemaErrorsText(validate: ValidateFunction): string {
  const errors = validate.errors ?? [];
  return errors
    .map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`.trim())
    .join('; ');
}
