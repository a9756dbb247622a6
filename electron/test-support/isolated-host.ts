/**
 * A StudioHost for tests and benchmarks: only the given workspace (and, if named, a
 * bundled-skills folder and a trash) — never the real home, no state kept, no watching.
 */
import { StudioHost, type StudioHostOptions } from '../host/studio-host';

export function isolatedHost(
  workspace: string | null,
  opts: Pick<StudioHostOptions, 'frameworkDir' | 'trash'> = {},
): Promise<StudioHost> {
  return StudioHost.create({
    workspace,
    home: null,
    stateDir: null,
    noUser: true,
    ...opts,
    frameworkDir: opts.frameworkDir ?? null,
  });
}
