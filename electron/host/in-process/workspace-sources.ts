/**
 * The workspace of one client: its folder, its settings (skill-studio.json) and the source
 * flags, as the options the skill sources resolve from (registry/sources.ts), exactly as
 * StudioHost resolves them. Shared by the catalog (catalog.ts) and the name lookup
 * (lookup.ts), which read skills without the rest of the host.
 */
import { lstatSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { frameworkSkillsDir } from '../app-paths';
import { NotFoundError } from '../fs/errors';
import type { ResolveSourcesOptions } from '../registry/sources';
import type { LoadedWorkspaceConfig } from '../workspace/workspace-config';
import { defaultWorkspaceConfig, WORKSPACE_CONFIG_FILE } from '../workspace/workspace-file';
import { sourceHome, type ProxyContext } from './context';

export type SettingsLoader = (workspace: string) => Promise<LoadedWorkspaceConfig>;

/**
 * The settings, loading their reader only when there is a file to read: without
 * skill-studio.json (the usual case) the answer is the defaults, as the reader's own.
 */
export const settingsIfAny: SettingsLoader = async (workspace) => {
  try {
    lstatSync(path.join(workspace, WORKSPACE_CONFIG_FILE));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT')
      return { config: defaultWorkspaceConfig(), diagnostics: [] };
  }
  const { loadWorkspaceConfig } = await import('../workspace/workspace-config');
  return loadWorkspaceConfig(workspace);
};

function isFolder(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** Where the workspace's skills come from; settings problems go to `onConfigDiagnostics`. */
export async function workspaceSources(
  ctx: ProxyContext,
  loadSettings: SettingsLoader = settingsIfAny,
): Promise<ResolveSourcesOptions> {
  const cwd = ctx.cwd;
  if (!isFolder(cwd)) throw new NotFoundError(`${cwd} is not a folder`);
  const workspace = realpathSync(cwd);
  const { config, diagnostics } = await loadSettings(workspace);
  if (diagnostics.length > 0)
    ctx.onConfigDiagnostics?.(path.join(cwd, WORKSPACE_CONFIG_FILE), diagnostics);
  return {
    workspace,
    home: sourceHome(ctx),
    frameworkDir: frameworkSkillsDir(),
    config,
    roots: ctx.roots.length > 0 ? ctx.roots : undefined,
    noUser: ctx.noUser,
  };
}

/**
 * The workspace's sources, read once per proxy (their settings' problems told once), for
 * every domain that reads skills without the rest of the host.
 */
export function sourcesOf(ctx: ProxyContext): Promise<ResolveSourcesOptions> {
  ctx.sources ??= workspaceSources(ctx);
  return ctx.sources;
}
