/**
 * The one ajv setup for our own schemas: the Studio API's params (electron/host/router.ts),
 * A2E messages (shared/protocol/codec.ts) and skill-studio.json
 * (electron/host/workspace/workspace-config.ts). Skills' own schemas are another matter,
 * compiled loosely by shared/json/json-schema.ts (authors write what they write).
 *
 * Ours are code we write, so they compile in ajv's strict mode: an unknown keyword, a
 * `required` key with no schema or a keyword that cannot apply is a bug that throws at
 * compile time. What may differ between uses is only what each caller reports or fills,
 * and each option below says why.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { usePrecompiledMetaSchema } from './meta-schema';

export interface InternalSchemaOptions {
  /**
   * Collect every error (true), where the reply or the diagnostics list them all (A2E
   * replies, skill-studio.json), or stop at the first (false), where one message is
   * reported (the router).
   */
  allErrors: boolean;
  /** Fill each schema's `default`s into the data (A2E requests: the protocol's defaults). */
  useDefaults?: boolean;
  /** Keep each validator's source, for internalStandaloneCode (a validator kept between runs). */
  keepSource?: boolean;
}

/** A new ajv instance for our own schemas (compile each schema once and keep the validator). */
export function createInternalAjv(options: InternalSchemaOptions): Ajv {
  const ajv = new Ajv({
    strict: true,
    // `{ type: ['string', 'null'] }` is how our schemas say "or null".
    allowUnionTypes: true,
    // NaN and ±Infinity are not numbers to a schema: JSON text cannot hold them, but values
    // from IPC or in-process callers can.
    strictNumbers: true,
    allErrors: options.allErrors,
    useDefaults: options.useDefaults ?? false,
    code: { source: options.keepSource ?? false },
  });
  // Checks each schema against draft-07's meta-schema without compiling it (meta-schema.ts).
  usePrecompiledMetaSchema(ajv, 'draft-07');
  return ajv;
}

/** `validate`'s code as a CommonJS module (ajv's standalone code; `ajv` made with keepSource). */
export function internalStandaloneCode(ajv: Ajv, validate: ValidateFunction): string {
  return standaloneCode(ajv, validate);
}
