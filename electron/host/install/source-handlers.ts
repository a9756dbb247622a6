/**
 * Installs from a source the command line names (a bundle, a folder or a git repository:
 * a path from the caller's folder, or a URL): what a source holds, installing it
 * (`install.skill` with `from`), removing what was installed, and the installs the
 * clients' lockfiles record compared with their sources. Local-process methods
 * (shared/api/install.ts, InstallSourceMethods) and a local process's form of
 * `install.skill`, served without the rest of the host: the roots installs go to, this
 * user's record of own lockfiles and the caller's folder are all they need.
 */
import type { InstallSkillResult } from '../../../shared/api/install';
import type { ParamsOf } from '../../../shared/api/studio-api';
import type { Handlers } from '../handler-table';
import { detectClients, type InstallRoots } from './clients';
import { installSkills, uninstallSkill } from './install';
import { classifySource, openSource, type OpenedSource } from './install-source';
import { rememberLockfile, type LockTrust } from './lock-trust';
import { checkOutdated, foreignLockfiles, updateInstalled } from './updates';

export interface SourceInstallContext {
  /** The home folder (user installs) and the caller's folder (project installs). */
  roots: InstallRoots;
  /** This user's record of own lockfiles, in the user's settings folder (lock-trust.ts). */
  trust: LockTrust;
  /** The folder a source's relative path is read from. */
  cwd: string;
  /**
   * `install.skill` of a skill of the workspace (`skill`, not `from`): the host that lists
   * the workspace's skills installs it (install/handlers.ts).
   */
  workspaceInstall(params: ParamsOf<'install.skill'>): Promise<InstallSkillResult>;
}

type SourceInstallMethods =
  | 'install.inspect'
  | 'install.remove'
  | 'install.outdated'
  | 'install.update'
  | 'install.lockfiles'
  | 'install.trustLockfiles'
  | 'install.skill';

/**
 * Opens the source `src` names, runs `fn` on it, and always lets it go again. `asFolder`:
 * a local repository is the folder it is (a link points at its working tree), not cloned.
 */
async function withSource<T>(
  cwd: string,
  src: { src: string; ref?: string; asFolder: boolean },
  fn: (source: OpenedSource) => Promise<T>,
): Promise<T> {
  const ref = classifySource(src.src, cwd, { asFolder: src.asFolder });
  const source = await openSource(ref, { ref: src.ref, given: src.src });
  try {
    return await fn(source);
  } finally {
    await source.dispose();
  }
}

export function sourceInstallHandlers(
  ctx: SourceInstallContext,
): Pick<Handlers, SourceInstallMethods> {
  const { roots, trust } = ctx;
  return {
    'install.inspect': ({ src, ref, link }) =>
      withSource(ctx.cwd, { src, ref, asFolder: link }, async (source) => ({
        source: { ...source.ref, commit: source.commit },
        skills: source.skills.map((s) => ({
          name: s.name,
          path: s.subpath,
          problem: s.problem,
          diagnostics: s.diagnostics,
        })),
        clients: await detectClients(roots),
      })),

    'install.skill': async (params) => {
      // A skill of the workspace is the whole host's to find (install/handlers.ts).
      if (params.from === undefined) return ctx.workspaceInstall(params);
      const { from, client, scope, mode, onConflict, force } = params;
      const asFolder = mode === 'link';
      return withSource(ctx.cwd, { src: from.src, ref: from.ref, asFolder }, async (source) => ({
        ...(await installSkills(source, {
          client,
          scope,
          roots,
          mode,
          pick: from.pick,
          onConflict,
          force,
          trust,
        })),
        source: { ...source.ref, commit: source.commit },
      }));
    },

    'install.remove': ({ name, client, scope, force }) =>
      uninstallSkill(name, client, scope, roots, { force, trust }),

    'install.outdated': ({ approved }) => checkOutdated(roots, { trust, approved }),

    'install.update': ({ apply, names, force, approved }) =>
      updateInstalled(roots, { apply, names, force, trust, approved }),

    'install.lockfiles': () => foreignLockfiles(roots, { trust }),

    async 'install.trustLockfiles'({ approved }) {
      for (const a of approved) await rememberLockfile(trust, a.file, a.hash);
      return { recorded: approved.length };
    },
  };
}
