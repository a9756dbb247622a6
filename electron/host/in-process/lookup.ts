/**
 * The in-process host's name lookup (`read`, `files`): the skills domain's lookup handlers
 * (skills/lookup-handlers.ts) over the workspace's sources, read once per proxy.
 */
import type { ResolveSourcesOptions } from '../registry/sources';
import { lookupHandlers } from '../skills/lookup-handlers';
import type { ProxyContext } from './context';
import { workspaceSources } from './workspace-sources';

/** The workspace's sources, read once per proxy. */
function sourcesOf(ctx: ProxyContext): Promise<ResolveSourcesOptions> {
  ctx.sources ??= workspaceSources(ctx);
  return ctx.sources;
}

export const localHandlers = (ctx: ProxyContext) =>
  lookupHandlers({ sources: () => sourcesOf(ctx) });
