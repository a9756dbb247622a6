/**
 * The in-process host's providers (`providers`, `providers approve ID`): the providers
 * domain's table for the command line (providers/local-handlers.ts) over the caller's
 * folder, its environment and, unless `--no-user`, the user's home folder.
 */
import { providerToolHandlers } from '../providers/local-handlers';
import { sourceHome, type ProxyContext } from './context';

export const localHandlers = (ctx: ProxyContext) =>
  providerToolHandlers({ workspace: ctx.cwd, env: ctx.env, home: sourceHome(ctx) });
