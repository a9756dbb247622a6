/**
 * Which callers may use a method (shared/api/studio-api.ts `CallerKind`), declared per
 * method: every method not named here is for any caller. A method that reads or writes a
 * path its caller names (a folder to check, a file to write) is for a local process only,
 * so a window or a request over the network can never make the host touch a path the user
 * did not choose. The router refuses the others before any check of the params.
 */
import type { CallerKind, StudioMethod } from '../../../shared/api/studio-api';
import { isLocalProcessMethod } from '../local-method-domains';

/** The methods every host serves that are for a local process only. */
const LOCAL_PROCESS_ONLY: ReadonlySet<string> = new Set<StudioMethod>([
  'agentClients.writeRecords',
]);

/** Whether `caller` may call `method`: every local-process method (local-method-domains.ts) is a local process's only. */
export function callerMayUse(method: string, caller: CallerKind): boolean {
  return (
    caller === 'local-process' || !(LOCAL_PROCESS_ONLY.has(method) || isLocalProcessMethod(method))
  );
}
