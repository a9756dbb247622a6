/**
 * Validates call arguments against a skill's `input_schema` (DESIGN §6). Each
 * distinct schema is compiled once and kept in a small LRU keyed by its JSON text,
 * so re-scanned records (new objects, same schema) reuse the compiled validator.
 *
 * Skill authors write loose schemas, so ajv runs non-strict (unknown keywords like
 * `example` are ignored), with formats, and with `useDefaults` so a schema's own
 * `default`s fill absent arguments. The dialect follows `$schema`: 2020-12 and
 * 2019-09 get their ajv builds; everything else is treated as draft-07.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import Ajv2019 from 'ajv/dist/2019.js';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { schemaErrorDetails, type SchemaErrorDetail } from '../../../shared/protocol/codec';

type AjvLike = Pick<Ajv, 'compile'>;

function makeAjv(ctor: new (opts: object) => Ajv): AjvLike {
  const ajv = new ctor({
    allErrors: true,
    strict: false,
    useDefaults: true,
    validateFormats: true,
  });
  // ajv-formats' types target the default Ajv class; the 2019/2020 builds share its core.
  addFormats(ajv);
  return ajv;
}

export type ArgumentCheck =
  | { ok: true; arguments: Record<string, unknown> }
  | { ok: false; kind: 'schema_violation'; message: string; details: SchemaErrorDetail[] }
  | { ok: false; kind: 'bad_schema'; message: string };

export class ArgumentValidator {
  private readonly cache = new Map<string, ValidateFunction | Error>();
  private engines: Partial<Record<'07' | '2019' | '2020', AjvLike>> = {};

  constructor(private readonly maxEntries = 256) {}

  private engineFor(schema: Record<string, unknown>): AjvLike {
    const dialect = typeof schema.$schema === 'string' ? schema.$schema : '';
    const key = dialect.includes('2020-12') ? '2020' : dialect.includes('2019-09') ? '2019' : '07';
    let engine = this.engines[key];
    if (!engine) {
      const ctor = key === '2020' ? Ajv2020 : key === '2019' ? Ajv2019 : Ajv;
      engine = makeAjv(ctor as unknown as new (opts: object) => Ajv);
      this.engines[key] = engine;
    }
    return engine;
  }

  private compiled(schema: Record<string, unknown>): ValidateFunction | Error {
    let key: string;
    try {
      key = JSON.stringify(schema);
    } catch (err) {
      // YAML aliases can make a cycle; such a schema cannot be used.
      return err instanceof Error ? err : new Error(String(err));
    }
    const hit = this.cache.get(key);
    if (hit) {
      // Refresh its place in the LRU.
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    let entry: ValidateFunction | Error;
    try {
      // ajv keeps schemas with an $id; compile a copy without it so two skills that
      // share an $id (copied templates) do not collide in one ajv instance.
      const { $id: _id, ...rest } = schema;
      entry = this.engineFor(schema).compile(rest);
    } catch (err) {
      entry = err instanceof Error ? err : new Error(String(err));
    }
    this.cache.set(key, entry);
    if (this.cache.size > this.maxEntries) {
      const oldest = this.cache.keys().next().value as string;
      this.cache.delete(oldest);
    }
    return entry;
  }

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
      const why = err instanceof Error ? err.message : String(err);
      return {
        ok: false,
        kind: 'schema_violation',
        message: `arguments cannot be copied: ${why}`,
        details: [],
      };
    }
    if (!schema || Object.keys(schema).length === 0) return { ok: true, arguments: copy };
    const validate = this.compiled(schema);
    if (validate instanceof Error) {
      return {
        ok: false,
        kind: 'bad_schema',
        message: `input_schema is not a valid JSON Schema: ${validate.message}`,
      };
    }
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
