/**
 * Which callers may use a method (shared/api/studio-api.ts `CallerKind`), declared per
 * method and per param: every method and param not named here is for any caller. A method
 * that reads or writes a path its caller names (a folder to check, a file to write) is for
 * a local process only, and so is a param that names such a path, so a window or a
 * request over the network can never make the host touch a path the user did not choose.
 * The router refuses the others before any check of the params.
 */
import type { CallerKind, StudioMethod } from '../../../shared/api/studio-api';
import { isLocalProcessMethod } from '../local-method-domains';

/** The methods every host serves that are for a local process only. */
const LOCAL_PROCESS_ONLY: ReadonlySet<string> = new Set<StudioMethod>([
  'agentClients.writeRecords',
]);

/**
 * The params of a method any caller may use that only a local process may give: each
 * names a path of this machine (where to write, what to read), which only the user at
 * the command line chooses.
 */
const LOCAL_PROCESS_PARAMS: { readonly [M in StudioMethod]?: readonly string[] } = {
  // A source to install from: a path or URL of this machine's choosing.
  'install.skill': ['from'],
  // Bundles written to and read from paths: a skill folder read as it is, a folder to
  // unpack or create a skill into.
  'bundles.export': ['folder'],
  'bundles.import': ['into'],
  'skills.new': ['into'],
};

const own = (o: object, key: string): boolean => Object.prototype.hasOwnProperty.call(o, key);

/**
 * Whether `caller` may call `method` with `params`: every local-process method
 * (local-method-domains.ts) is a local process's only, and so are the params above.
 */
export function callerMayUse(method: string, caller: CallerKind, params: unknown): boolean {
  if (caller === 'local-process') return true;
  if (LOCAL_PROCESS_ONLY.has(method) || isLocalProcessMethod(method)) return false;
  const localParams = own(LOCAL_PROCESS_PARAMS, method)
    ? LOCAL_PROCESS_PARAMS[method as StudioMethod]
    : undefined;
  if (!localParams || typeof params !== 'object' || params === null) return true;
  const given = params as Record<string, unknown>;
  return !localParams.some((key) => own(given, key) && given[key] !== undefined);
}
