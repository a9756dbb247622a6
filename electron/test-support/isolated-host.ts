/**
 * A StudioHost for tests and benchmarks: only the given workspace (and, if named, a
 * bundled-skills folder) — never the real home, no state kept, no watching.
 */
import { StudioHost } from '../host/studio-host';

export function isolatedHost(
  workspace: string | null,
  opts: { frameworkDir?: string | null } = {},
): Promise<StudioHost> {
  return StudioHost.create({
    workspace,
    home: null,
    stateDir: null,
    noUser: true,
    frameworkDir: opts.frameworkDir ?? null,
  });
}
