/**
 * The router's check of each method's params: the validators generated ahead of time from
 * the schemas in ./studio-params.ts, one module per namespace of methods
 * (scripts/param-validators.ts writes them; a unit test
 * fails when they are out of date). One message per refusal, so validation stops at the
 * first error; NaN and ±Infinity are refused like any wrong type (IPC and in-process
 * callers can send them, and NaN slips through every comparison a handler makes).
 */
import { PARAM_VALIDATOR_NAMESPACES } from './vendor/param-validators.generated';

/** What a generated validator is: ajv's validate function, its errors set when it refuses. */
export interface ParamValidator {
  (data: unknown): boolean;
  errors?: { instancePath?: string; message?: string }[] | null;
}

const NAMESPACES = PARAM_VALIDATOR_NAMESPACES as Readonly<
  Record<string, { PARAM_VALIDATORS: Readonly<Record<string, ParamValidator>> }>
>;
const has = (o: object, key: string): boolean => Object.prototype.hasOwnProperty.call(o, key);

/**
 * The validator of `method`'s params, or undefined for a method the API does not have.
 * Only its namespace's module is read (the CLI's build loads each when first read).
 */
export function paramValidator(method: string): ParamValidator | undefined {
  const dot = method.indexOf('.');
  const ns = method.slice(0, dot);
  if (dot < 0 || !has(NAMESPACES, ns)) return undefined;
  const validators = NAMESPACES[ns].PARAM_VALIDATORS;
  return has(validators, method) ? validators[method] : undefined;
}
