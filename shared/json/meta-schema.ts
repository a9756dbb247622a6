/**
 * Checking that a schema is a schema without compiling a meta-schema: ajv checks every
 * schema it compiles against its dialect's meta-schema, and compiling that meta-schema
 * costs each process tens of milliseconds (a good part of a short CLI run). The
 * validators ajv generates for the draft-07, 2019-09 and 2020-12 meta-schemas are checked
 * in (vendor/ajv-meta-validators.generated.ts, written by scripts/meta-validators.ts, kept
 * current by meta-validators.test.ts), and `usePrecompiledMetaSchema` makes an ajv
 * instance use them. Used by both ajv setups: skills' schemas (json-schema.ts) and our
 * own (internal-schemas.ts).
 */
import type Ajv from 'ajv';
import type { ErrorObject } from 'ajv';
import { draft07, draft2019, draft2020 } from './vendor/ajv-meta-validators.generated';

export type Dialect = 'draft-07' | '2019-09' | '2020-12';

interface MetaValidator {
  (schema: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/** Each dialect's generated meta-schema validator, and the `$schema` values naming it. */
const META: Record<Dialect, { validate: MetaValidator; ids: string[] }> = {
  'draft-07': { validate: draft07, ids: ['http://json-schema.org/draft-07/schema'] },
  '2019-09': { validate: draft2019, ids: ['https://json-schema.org/draft/2019-09/schema'] },
  '2020-12': { validate: draft2020, ids: ['https://json-schema.org/draft/2020-12/schema'] },
};

/** What of ajv this needs (the draft-07, 2019-09 and 2020-12 classes all have it). */
type AjvCore = Pick<Ajv, 'validateSchema' | 'errors' | 'errorsText' | 'opts'>;

/**
 * Makes `ajv` check schemas against its dialect's meta-schema with the generated
 * validator: ajv's validateSchema, step for step, with the meta-schema already compiled
 * (generated with all errors collected; an instance that stops at the first reports the
 * first). A `$schema` naming anything else (another draft, a vocabulary) takes ajv's own
 * path.
 */
export function usePrecompiledMetaSchema(ajv: AjvCore, dialect: Dialect): void {
  const ajvValidateSchema = ajv.validateSchema.bind(ajv);
  const meta = META[dialect];
  ajv.validateSchema = (schema, throwOrLogError) => {
    if (typeof schema !== 'object' || schema === null)
      return ajvValidateSchema(schema, throwOrLogError);
    const declared: unknown = (schema as { $schema?: unknown }).$schema;
    const named =
      declared === undefined || meta.ids.some((id) => declared === id || declared === `${id}#`);
    if (!named) return ajvValidateSchema(schema, throwOrLogError);
    const valid = meta.validate(schema);
    const errors = meta.validate.errors ?? null;
    ajv.errors = ajv.opts.allErrors || !errors ? errors : errors.slice(0, 1);
    if (!valid && throwOrLogError) throw new Error(`schema is invalid: ${ajv.errorsText()}`);
    return valid;
  };
}
