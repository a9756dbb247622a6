/**
 * Validates call arguments against a skill's `input_schema` (docs/contracts.md, A2E), with the
 * shared ajv setup of shared/json/json-schema.ts: non-strict (skill authors write
 * loose schemas), formats on, `useDefaults` so a schema's own `default`s fill absent
 * arguments, the dialect from `$schema`, and compiled validators cached by the
 * schema's JSON text. Patterns run on RE2 in linear time; a schema with a pattern RE2
 * cannot run is refused (bad_schema) rather than run with backtracking.
 *
 * `checkValue` is the same check for any JSON value, named in its messages as the caller
 * says: the schema builder's `schema.check` uses it, so a value the builder judges is
 * judged exactly as a call's arguments are.
 */
import { compileSkillSchema } from '../../../../shared/json/json-schema';
import { schemaErrorDetails } from '../../../../shared/protocol/codec';
import { errorMessage } from '../../../../shared/errors';
import type {
  ArgumentCheck,
  ArgumentCheckReply,
} from '../../../../shared/playground/argument-check';

export type { ArgumentCheck };

/** The check of any JSON value: ArgumentCheck with the checked copy as `value`. */
export type ValueCheck = { ok: true; value: unknown } | Exclude<ArgumentCheck, { ok: true }>;

/** How messages name the value and its schema. */
export interface CheckNames {
  /** The value, as it starts a path (`arguments/city`). */
  value: string;
  schema: string;
  /** "<value> do(es) not match <schema>". */
  mismatch: string;
}

export const ARGUMENT_NAMES: CheckNames = {
  value: 'arguments',
  schema: 'input_schema',
  mismatch: 'arguments do not match input_schema',
};

export const VALUE_NAMES: CheckNames = {
  value: 'value',
  schema: 'the schema',
  mismatch: 'value does not match the schema',
};

/**
 * Checks a copy of `value` against `schema` as a call's arguments are checked: the
 * schema's defaults fill the copy, unsafe patterns are refused. An absent or empty
 * schema accepts anything.
 */
export function checkValue(
  schema: Record<string, unknown> | undefined | null,
  value: unknown,
  names: CheckNames = VALUE_NAMES,
): ValueCheck {
  // Validate a copy: useDefaults writes into it, and the caller's value stays as sent.
  let copy: unknown;
  try {
    copy = jsonCopy(value);
  } catch (err) {
    // JSON.stringify overflows the stack on absurdly deep nesting.
    const why = errorMessage(err);
    return {
      ok: false,
      kind: 'schema_violation',
      message: `${names.value} cannot be copied: ${why}`,
      details: [],
    };
  }
  if (!schema || Object.keys(schema).length === 0) return { ok: true, value: copy };
  const compiled = compileSkillSchema(schema, 'validate');
  if (!compiled.ok) {
    return {
      ok: false,
      kind: 'bad_schema',
      message: compiled.unsafe
        ? `${names.schema} cannot be used: ${compiled.message}`
        : `${names.schema} is not a valid JSON Schema: ${compiled.message}`,
    };
  }
  const validate = compiled.validate;
  if (validate(copy)) return { ok: true, value: copy };
  const details = schemaErrorDetails(validate.errors);
  const summary = details
    .slice(0, 3)
    .map((d) => `${d.path === '/' ? names.value : `${names.value}${d.path}`} ${d.message}`)
    .join('; ');
  return {
    ok: false,
    kind: 'schema_violation',
    message: `${names.mismatch}: ${summary}`,
    details,
  };
}

/** A value check read as an argument check (the checked copy is the arguments). */
export function asArgumentCheck(checked: ValueCheck): ArgumentCheck {
  return checked.ok ? { ok: true, arguments: checked.value as Record<string, unknown> } : checked;
}

/** A check as the Studio API reports it (`playground.validate`, `schema.check`). */
export function toCheckReply(checked: ValueCheck | ArgumentCheck): ArgumentCheckReply {
  if (checked.ok) return { ok: true, errors: [], message: null };
  if (checked.kind === 'bad_schema') return { ok: false, errors: [], message: checked.message };
  return { ok: false, errors: checked.details, message: checked.message };
}

export class ArgumentValidator {
  /**
   * Checks `args` (already merged with the skill's defaults) against `schema`.
   * An absent or empty schema accepts any object.
   */
  check(
    schema: Record<string, unknown> | undefined | null,
    args: Record<string, unknown>,
  ): ArgumentCheck {
    return asArgumentCheck(checkValue(schema, args, ARGUMENT_NAMES));
  }
}

/** JSON round-trip copy: values came from JSON, and this drops anything that did not. */
function jsonCopy(value: unknown): unknown {
  const text = JSON.stringify(value);
  // undefined (nothing to send) has no JSON text: there is nothing to check but "absent".
  return text === undefined ? undefined : (JSON.parse(text) as unknown);
}
