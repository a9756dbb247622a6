/**
 * Validates call arguments against a skill's `input_schema` (docs/contracts.md, A2E), with the
 * shared ajv setup of shared/json/json-schema.ts: non-strict (skill authors write
 * loose schemas), formats on, `useDefaults` so a schema's own `default`s fill absent
 * arguments, the dialect from `$schema`, and compiled validators cached by the
 * schema's JSON text. Patterns run on RE2 in linear time; a schema with a pattern RE2
 * cannot run is refused (bad_schema) rather than run with backtracking.
 */
import { compileSkillSchema } from '../../../shared/json/json-schema';
import { schemaErrorDetails, type SchemaErrorDetail } from '../../../shared/protocol/codec';
import { errorMessage } from '../../../shared/errors';

export type ArgumentCheck =
  | { ok: true; arguments: Record<string, unknown> }
  | { ok: false; kind: 'schema_violation'; message: string; details: SchemaErrorDetail[] }
  | { ok: false; kind: 'bad_schema'; message: string };

export class ArgumentValidator {
  /**
   * Checks `args` (already merged with the skill's defaults) against `schema`.
   * An absent or empty schema accepts any object.
   */
  check(
    schema: Record<string, unknown> | undefined | null,
    args: Record<string, unknown>,
  ): ArgumentCheck {
    // Validate a copy: useDefaults writes into it, and the caller's object stays as sent.
    let copy: Record<string, unknown>;
    try {
      copy = structuredCloneSafe(args);
    } catch (err) {
      // JSON.stringify overflows the stack on absurdly deep nesting.
      const why = errorMessage(err);
      return {
        ok: false,
        kind: 'schema_violation',
        message: `arguments cannot be copied: ${why}`,
        details: [],
      };
    }
    if (!schema || Object.keys(schema).length === 0) return { ok: true, arguments: copy };
    const compiled = compileSkillSchema(schema, 'validate');
    if (!compiled.ok) {
      return {
        ok: false,
        kind: 'bad_schema',
        message: compiled.unsafe
          ? `input_schema cannot be used: ${compiled.message}`
          : `input_schema is not a valid JSON Schema: ${compiled.message}`,
      };
    }
    const validate = compiled.validate;
    if (validate(copy)) return { ok: true, arguments: copy };
    const details = schemaErrorDetails(validate.errors);
    const summary = details
      .slice(0, 3)
      .map((d) => `${d.path === '/' ? 'arguments' : `arguments${d.path}`} ${d.message}`)
      .join('; ');
    return {
      ok: false,
      kind: 'schema_violation',
      message: `arguments do not match input_schema: ${summary}`,
      details,
    };
  }
}

/** JSON round-trip copy: arguments came from JSON, and this drops anything that did not. */
function structuredCloneSafe(value: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
}
