/**
 * Which callers may use a method (shared/api/studio-api.ts `CallerKind`), declared per
 * method: every method not named here is for any caller. A method that reads or writes a
 * path its caller names (a folder to check, a file to write) is for a local process only,
 * so a window or a request over the network can never make the host touch a path the user
 * did not choose. The router refuses the others before any check of the params.
 */
import type { CallerKind, StudioMethod } from '../../../shared/api/studio-api';

export type MethodCallers = 'local-process';

export const METHOD_CALLERS: { readonly [M in StudioMethod]?: MethodCallers } = {
  'agentClients.writeRecords': 'local-process',
};

/** Whether `caller` may call `method`. */
export function callerMayUse(method: string, caller: CallerKind): boolean {
  const callers = (METHOD_CALLERS as Partial<Record<string, MethodCallers>>)[method];
  return callers === undefined || caller === 'local-process';
}
