/**
 * The Studio API methods on the workspace itself: what is open, opening another folder, and
 * the agents' allowlists in skill-studio.json. Kept apart from studio-host.ts, which spreads
 * them into its handler table; they reach the host only through the narrow context below.
 */
import path from 'node:path';
import type { StudioEvent, WorkspaceInfo } from '../../../shared/api/studio-api';
import type { Handlers } from '../handler-table';
import { StudioError } from '../../../shared/errors';
import type { WorkspaceConfigPatch } from './workspace-config';

export interface WorkspaceContext {
  /** The open workspace folder, or null. */
  workspace(): string | null;
  info(): Promise<WorkspaceInfo>;
  /** Opens `root` (absolute) as the workspace: its settings, its skills, their watch. */
  open(root: string): Promise<void>;
  /** Writes skill-studio.json (WorkspaceService.save); the UI hears of it before this resolves. */
  save(patch: WorkspaceConfigPatch): Promise<unknown>;
  emit(event: StudioEvent): void;
}

type WorkspaceMethods = 'workspace.info' | 'workspace.open' | 'agents.save';

export function workspaceHandlers(ctx: WorkspaceContext): Pick<Handlers, WorkspaceMethods> {
  return {
    'workspace.info': () => ctx.info(),
    'workspace.open': async ({ root }) => {
      await ctx.open(path.resolve(root));
      const info = await ctx.info();
      // Another folder: every view of the old one starts over.
      ctx.emit({ type: 'workspace.changed', info });
      ctx.emit({ type: 'skills.changed', added: [], changed: [], removed: [] });
      return info;
    },
    'agents.save': async ({ agents }) => {
      if (!ctx.workspace())
        throw new StudioError(
          'precondition',
          'open a workspace first: agents live in its skill-studio.json',
        );
      await ctx.save({ agents });
      return ctx.info();
    },
  };
}
