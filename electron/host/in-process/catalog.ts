/**
 * The in-process host's catalog (`list`, `explain`, `portability`): the workspace's skills read once
 * (skills/catalog-handlers.ts) over the sources every such domain shares.
 */
import { portabilityHandlers } from '../skills/portability-handlers';
import { catalogHandlers } from '../skills/catalog-handlers';
import type { ProxyContext } from './context';
import { sourcesOf } from './workspace-sources';

export function localHandlers(ctx: ProxyContext) {
  const sources = () => sourcesOf(ctx);
  return {
    ...catalogHandlers({ sources, verdicts: ctx.verdicts }),
    ...portabilityHandlers({ sources }),
  };
}
