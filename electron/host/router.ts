/**
 * The one router behind every transport (IPC, HTTP, in-process): refuses a method its
 * caller may not use (params/method-callers.ts), validates the params of each Studio API
 * method at the boundary (schemas in electron/host/params/, typed against the API so they
 * cannot drift), calls the host service, and turns every failure into a
 * `StudioErrorPayload` with a stable code. It never throws.
 */
import type { CallerKind, StudioErrorPayload } from '../../shared/api/studio-api';
import { callerMayUse } from './params/method-callers';
import { paramValidator } from './params/param-validators';
import { StudioError, errorMessage } from '../../shared/errors';
import type { MethodTable } from './lazy-handler-table';

export type RouterResult = { ok: true; result: unknown } | { ok: false; error: StudioErrorPayload };

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
    const validate = paramValidator(method);
    if (!validate || !table.serves(method)) {
      return {
        ok: false,
        error: { code: 'invalid_params', message: `unknown method '${method}'` },
      };
    }
    // Only the user chooses a path: a window or a request over the network never names one.
    if (!callerMayUse(method, caller, params)) {
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
