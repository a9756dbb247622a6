/**
 * The in-process host's name lookup (`read`, `files`): the skills domain's lookup handlers
 * (skills/lookup-handlers.ts) over the workspace's sources, read once per proxy.
 */
import { lookupHandlers } from '../skills/lookup-handlers';
import type { ProxyContext } from './context';
import { sourcesOf } from './workspace-sources';

export const localHandlers = (ctx: ProxyContext) =>
  lookupHandlers({ sources: () => sourcesOf(ctx) });
