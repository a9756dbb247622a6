/**
 * Installs from the command line: the install domain's source handlers
 * (install/source-handlers.ts) over the proxy's context. Installs are rooted at the home
 * folder and the caller's folder, and a source's relative path is read from the latter.
 */
import { lockTrustFor } from '../install/lock-trust';
import { sourceInstallHandlers } from '../install/source-handlers';
import type { ProxyContext } from './context';

export const localHandlers = (ctx: ProxyContext) =>
  sourceInstallHandlers({
    roots: { home: ctx.userHome, workspace: ctx.cwd },
    // This user's record of own lockfiles, in the user's settings folder.
    trust: lockTrustFor(ctx.env, ctx.userHome),
    cwd: ctx.cwd,
    // The whole host, loaded only then: an install from a source never parses it.
    workspaceInstall: async (params) =>
      (await (await import('./studio')).openStudio(ctx)).invoke('install.skill', params),
  });
