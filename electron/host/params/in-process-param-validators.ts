/**
 * The validators of the methods the in-process host serves itself
 * (local-method-domains.ts), generated from the same schemas as every method's
 * (./param-validators.ts) but alone: a command that lists skills parses the checks of the
 * few methods its router may serve, not of the whole API.
 */
import { IN_PROCESS_PARAM_VALIDATORS } from './vendor/in-process-param-validators.generated';
import { validatorLookup } from './validator-lookup';

/** The validator of `method`'s params, or undefined for a method the in-process host does not serve itself. */
export const inProcessParamValidator = validatorLookup(IN_PROCESS_PARAM_VALIDATORS);
