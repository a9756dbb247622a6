/**
 * Which callers may use a method (shared/api/studio-api.ts `CallerKind`), declared per
 * method: every method not named here is for any caller. A method that reads or writes a
 * path its caller names (a folder to check, a file to write) is for a local process only,
 * so a window or a request over the network can never make the host touch a path the user
 * did not choose. The router refuses the others before any check of the params.
 */
import type { CallerKind, StudioMethod } from '../../../shared/api/studio-api';

/** The methods for a local process only. */
const LOCAL_PROCESS_ONLY: ReadonlySet<string> = new Set<StudioMethod>([
  'agentClients.writeRecords',
]);

/** Whether `caller` may call `method`. */
export function callerMayUse(method: string, caller: CallerKind): boolean {
  return caller === 'local-process' || !LOCAL_PROCESS_ONLY.has(method);
}
