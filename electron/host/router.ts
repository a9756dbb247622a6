/**
 * The one router behind every transport (IPC, HTTP, in-process): refuses a method its
 * caller may not use (params/method-callers.ts), validates the params of each Studio API
 * method at the boundary (schemas in electron/host/params/, typed against the API so they
 * cannot drift), calls the host service, and turns every failure into a
 * `StudioErrorPayload` with a stable code. It never throws.
 */
import type { ValidateFunction } from 'ajv';
import type { CallerKind, StudioErrorPayload, StudioMethod } from '../../shared/api/studio-api';
import { PARAM_SCHEMAS } from './params/studio-params';
import { callerMayUse } from './params/method-callers';
import { createInternalAjv } from '../../shared/json/internal-schemas';
import { StudioError, errorMessage } from '../../shared/errors';
import type { MethodTable } from './lazy-handler-table';

export type RouterResult = { ok: true; result: unknown } | { ok: false; error: StudioErrorPayload };

/** Exported for the router test, which checks every params object is closed. */
export { PARAM_SCHEMAS };

// One message per refusal, so validation stops at the first error. NaN and ±Infinity are
// refused like any wrong type: IPC and in-process callers can send them (HTTP cannot), and
// NaN slips through every comparison a handler makes (a NaN timeout never fires).
// Each method's validator is compiled when the method is first asked for: a process that
// calls three methods (a CLI run) must not compile the schemas of all of them.
let ajv: ReturnType<typeof createInternalAjv> | null = null;
const validators = new Map<string, ValidateFunction>();

function validatorFor(method: string): ValidateFunction | undefined {
  let validate = validators.get(method);
  if (!validate && Object.prototype.hasOwnProperty.call(PARAM_SCHEMAS, method)) {
    ajv ??= createInternalAjv({ allErrors: false });
    validate = ajv.compile(PARAM_SCHEMAS[method as StudioMethod]);
    validators.set(method, validate);
  }
  return validate;
}

function toPayload(err: unknown): StudioErrorPayload {
  // Any StudioError keeps its code: the file service's subclasses and the plain one alike
  // (a remote host that is not there is not_found, not internal).
  if (err instanceof StudioError) return { code: err.code, message: err.message };
  const message = errorMessage(err);
  return { code: 'internal', message };
}

/** One call through the router, by a caller the adapter names. */
export type Route = (method: string, params: unknown, caller: CallerKind) => Promise<RouterResult>;

/** The router over `table` (lazy-handler-table.ts: each domain loaded when first asked for). */
export function createRouter(table: MethodTable): Route {
  return async (method, params, caller) => {
    const validate = validatorFor(method);
    if (!validate || !table.serves(method)) {
      return {
        ok: false,
        error: { code: 'invalid_params', message: `unknown method '${method}'` },
      };
    }
    // Only the user chooses a path: a window or a request over the network never names one.
    if (!callerMayUse(method, caller)) {
      return {
        ok: false,
        error: {
          code: 'forbidden_path',
          message: `the studio never reads or writes a path a ${caller === 'window' ? 'window' : 'request'} names: '${method}' is for the command line only`,
        },
      };
    }
    const input = params ?? {};
    if (!validate(input)) {
      const e = validate.errors?.[0];
      const where = e?.instancePath ? `${e.instancePath} ` : '';
      return {
        ok: false,
        error: {
          code: 'invalid_params',
          message: `${method}: ${where}${e?.message ?? 'invalid parameters'}`,
        },
      };
    }
    try {
      const handler = await table.handlerFor(method);
      return { ok: true, result: await handler(input) };
    } catch (err) {
      return { ok: false, error: toPayload(err) };
    }
  };
}
