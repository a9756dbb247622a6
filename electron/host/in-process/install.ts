/**
 * Installs from the command line: what a source holds, installing it into a client's
 * skills folder, removing what was installed, and comparing installs with their sources.
 * Installs are rooted at the home folder and the caller's folder.
 */
import { detectClients, type InstallRoots } from '../install/clients';
import { installSkills, uninstallSkill } from '../install/install';
import {
  classifySource,
  openSource,
  type OpenedSource,
  type SourceRef,
} from '../install/install-source';
import { lockTrustFor, rememberLockfile } from '../install/lock-trust';
import { checkOutdated, foreignLockfiles, updateInstalled } from '../install/updates';
import type { ProxyContext } from './context';
import type { DomainHandlers } from './domain';

function installRoots(ctx: ProxyContext): InstallRoots {
  return { home: ctx.userHome, workspace: ctx.cwd };
}

/** This user's record of own lockfiles, in the user's settings folder. */
const trustOf = (ctx: ProxyContext) => lockTrustFor(ctx.env, ctx.userHome);

/** Opens the source `src` names, runs `fn` on it, and always lets it go again. */
async function withSource<T>(
  ctx: ProxyContext,
  src: { src: string; link: boolean; ref?: string },
  fn: (source: OpenedSource, ref: SourceRef) => Promise<T>,
): Promise<T> {
  const ref = classifySource(src.src, ctx.cwd, { asFolder: src.link });
  const source = await openSource(ref, { ref: src.ref, given: src.src });
  try {
    return await fn(source, ref);
  } finally {
    await source.dispose();
  }
}

export const handlers: DomainHandlers<
  | 'install.inspect'
  | 'install.run'
  | 'install.remove'
  | 'install.outdated'
  | 'install.update'
  | 'install.lockfiles'
  | 'install.trustLockfiles'
> = {
  'install.inspect': (params, ctx) =>
    withSource(ctx, params, async (source, ref) => ({
      source: { ...ref, commit: source.commit },
      skills: source.skills.map((s) => ({
        name: s.name,
        path: s.subpath,
        problem: s.problem,
        diagnostics: s.diagnostics,
      })),
      clients: await detectClients(installRoots(ctx)),
    })),

  'install.run': (params, ctx) =>
    withSource(ctx, params, async (source, ref) => ({
      report: await installSkills(source, {
        client: params.client,
        scope: params.scope,
        roots: installRoots(ctx),
        mode: params.link ? 'link' : 'copy',
        pick: params.pick,
        onConflict: params.onConflict,
        force: params.force,
        trust: trustOf(ctx),
      }),
      source: { ...ref, commit: source.commit },
    })),

  'install.remove': ({ name, client, scope, force }, ctx) =>
    uninstallSkill(name, client, scope, installRoots(ctx), { force, trust: trustOf(ctx) }),

  'install.outdated': ({ approved }, ctx) =>
    checkOutdated(installRoots(ctx), { trust: trustOf(ctx), approved }),

  'install.update': ({ apply, names, force, approved }, ctx) =>
    updateInstalled(installRoots(ctx), { apply, names, force, trust: trustOf(ctx), approved }),

  'install.lockfiles': (_params, ctx) =>
    foreignLockfiles(installRoots(ctx), { trust: trustOf(ctx) }),

  'install.trustLockfiles': async ({ approved }, ctx) => {
    for (const a of approved) await rememberLockfile(trustOf(ctx), a.file, a.hash);
    return { recorded: approved.length };
  },
};
