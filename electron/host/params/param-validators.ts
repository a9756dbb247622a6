/**
 * The router's check of each method's params: the validators generated ahead of time from
 * the schemas in ./studio-params.ts (scripts/param-validators.ts writes them; a unit test
 * fails when they are out of date). One message per refusal, so validation stops at the
 * first error; NaN and ±Infinity are refused like any wrong type (IPC and in-process
 * callers can send them, and NaN slips through every comparison a handler makes).
 */
import { PARAM_VALIDATORS } from './vendor/param-validators.generated';

/** What a generated validator is: ajv's validate function, its errors set when it refuses. */
export interface ParamValidator {
  (data: unknown): boolean;
  errors?: { instancePath?: string; message?: string }[] | null;
}

const VALIDATORS = PARAM_VALIDATORS as Readonly<Record<string, ParamValidator>>;

/** The validator of `method`'s params, or undefined for a method the API does not have. */
export function paramValidator(method: string): ParamValidator | undefined {
  return Object.prototype.hasOwnProperty.call(VALIDATORS, method) ? VALIDATORS[method] : undefined;
}
