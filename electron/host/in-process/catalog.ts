/**
 * The in-process host's catalog (`list`, `explain`): the workspace's skills read once
 * (skills/catalog-handlers.ts), with the settings' reader the registry loads anyway.
 */
import { catalogHandlers } from '../skills/catalog-handlers';
import { loadWorkspaceConfig } from '../workspace/workspace-config';
import type { ProxyContext } from './context';
import { workspaceSources } from './workspace-sources';

export const localHandlers = (ctx: ProxyContext) =>
  catalogHandlers({
    sources: () => workspaceSources(ctx, loadWorkspaceConfig),
    verdicts: ctx.verdicts,
  });
