/**
 * A table of generated params validators as the router reads it (router.ts): the validator
 * of a method by name, never one of Object.prototype.
 */

/** What a generated validator is: ajv's validate function, its errors set when it refuses. */
export interface ParamValidator {
  (data: unknown): boolean;
  errors?: { instancePath?: string; message?: string }[] | null;
}

/** The validator of a method's params, or undefined for a method the table does not have. */
export type ParamValidatorOf = (method: string) => ParamValidator | undefined;

/** The lookup over one generated table. */
export function validatorLookup(table: object): ParamValidatorOf {
  const validators = table as Readonly<Record<string, ParamValidator>>;
  return (method) =>
    Object.prototype.hasOwnProperty.call(validators, method) ? validators[method] : undefined;
}
