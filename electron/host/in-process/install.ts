/**
 * Installs from the command line: the install domain's source handlers
 * (install/source-handlers.ts) over the proxy's context. Installs are rooted at the home
 * folder and the caller's folder, and a source's relative path is read from the latter.
 */
import { installSkills } from '../install/install';
import { classifySource, openSource } from '../install/install-source';
import { lockTrustFor } from '../install/lock-trust';
import { sourceInstallHandlers } from '../install/source-handlers';
import type { ProxyContext } from './context';
import type { DomainHandlers } from './domain';

export const localHandlers = (ctx: ProxyContext) =>
  sourceInstallHandlers({
    roots: { home: ctx.userHome, workspace: ctx.cwd },
    // This user's record of own lockfiles, in the user's settings folder.
    trust: lockTrustFor(ctx.env, ctx.userHome),
    cwd: ctx.cwd,
  });

export const handlers: DomainHandlers<'install.run'> = {
  'install.run': async (params, ctx) => {
    const ref = classifySource(params.src, ctx.cwd, { asFolder: params.link });
    const source = await openSource(ref, { ref: params.ref, given: params.src });
    try {
      return {
        report: await installSkills(source, {
          client: params.client,
          scope: params.scope,
          roots: { home: ctx.userHome, workspace: ctx.cwd },
          mode: params.link ? 'link' : 'copy',
          pick: params.pick,
          onConflict: params.onConflict,
          force: params.force,
          trust: lockTrustFor(ctx.env, ctx.userHome),
        }),
        source: { ...ref, commit: source.commit },
      };
    } finally {
      await source.dispose();
    }
  },
};
