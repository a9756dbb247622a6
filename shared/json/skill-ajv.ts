/**
 * The ajv classes for skills' schemas, one per dialect, with formats and the generated
 * meta-schema validators: everything of ajv that compiling a skill's schema needs, and
 * nothing else. json-schema.ts decides the options; this module only builds the instance.
 *
 * Kept apart so that the CLI's bundles can load it on first use (scripts/build.mjs): a
 * run whose schemas were all checked before (schema-verdicts.ts) never reads ajv, its
 * formats or the meta-schema validators, about half of what `list` would load otherwise.
 */
import Ajv, { type Options, type ValidateFunction } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import Ajv2019 from 'ajv/dist/2019.js';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { usePrecompiledMetaSchema, type Dialect } from './meta-schema';

export type SkillAjv = Ajv | Ajv2019 | Ajv2020;

/** A new ajv instance of `dialect`'s class with `options`, formats on, meta-schema precompiled. */
export function createSkillAjv(dialect: Dialect, options: Options): SkillAjv {
  const ajv =
    dialect === '2020-12'
      ? new Ajv2020(options)
      : dialect === '2019-09'
        ? new Ajv2019(options)
        : new Ajv(options);
  // ajv-formats' types name the draft-07 class; the 2019/2020 builds share its core.
  addFormats(ajv as Ajv);
  usePrecompiledMetaSchema(ajv, dialect);
  return ajv;
}

/** `validate`'s code as a CommonJS module (ajv's standalone code; `ajv` needs code.source). */
export function skillAjvStandaloneCode(ajv: SkillAjv, validate: ValidateFunction): string {
  return standaloneCode(ajv, validate);
}
