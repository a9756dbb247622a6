/**
 * The workspace of one CLI run: the current folder, its settings (skill-studio.json) and
 * the `--root` / `--no-user` flags, as the options the skill sources resolve from
 * (registry/sources.ts), exactly as StudioHost resolves them. Shared by the full
 * catalog (catalog.ts) and the name lookup (skill-lookup.ts).
 */
import { lstatSync, realpathSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { frameworkSkillsDir } from '../host/app-paths';
import { NotFoundError } from '../host/fs/errors';
import type { ResolveSourcesOptions } from '../host/registry/sources';
import type { LoadedWorkspaceConfig, WorkspaceConfig } from '../host/workspace/workspace-config';
import type { CommandContext } from './command';
import { formatDiagnostic } from './format';
import { colours, UsageError } from './io';

/** workspace-config.ts's WORKSPACE_CONFIG_FILE, without loading its validator (ajv). */
export const SETTINGS_FILE = 'skill-studio.json';
/** workspace-config.ts's defaults: what a workspace without settings uses. */
export const NO_SETTINGS: WorkspaceConfig = { plugins: [], user_sources: {}, agents: [] };

export type SettingsLoader = (workspace: string) => Promise<LoadedWorkspaceConfig>;

/** The `--root` folders, absolute; a missing one is a usage mistake. */
export function rootFolders(ctx: CommandContext): string[] {
  const roots = ctx.common.root.map((r) => path.resolve(ctx.io.cwd, r));
  for (const r of roots) {
    if (!safeStat(r)) throw new UsageError(`--root ${r}: no such folder`);
  }
  return roots;
}

function safeStat(p: string): ReturnType<typeof statSync> | null {
  try {
    return statSync(p);
  } catch {
    return null;
  }
}

/**
 * The settings, loading their reader only when there is a file to read: without
 * skill-studio.json (the usual case) the answer is the defaults, as the reader's own.
 */
export const settingsIfAny: SettingsLoader = async (workspace) => {
  try {
    lstatSync(path.join(workspace, SETTINGS_FILE));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT')
      return { config: { ...NO_SETTINGS }, diagnostics: [] };
  }
  const { loadWorkspaceConfig } = await import('../host/workspace/workspace-config');
  return loadWorkspaceConfig(workspace);
};

/**
 * Where this run's skills come from. Settings problems are printed (a broken
 * skill-studio.json is left out, never fatal — but never silent either).
 */
export async function openWorkspace(
  ctx: CommandContext,
  loadSettings: SettingsLoader = settingsIfAny,
): Promise<ResolveSourcesOptions> {
  const roots = rootFolders(ctx);
  const cwd = ctx.io.cwd;
  if (!safeStat(cwd)?.isDirectory()) throw new NotFoundError(`${cwd} is not a folder`);
  const workspace = realpathSync(cwd);
  const { config, diagnostics } = await loadSettings(workspace);
  const configFile = path.join(cwd, SETTINGS_FILE);
  for (const d of diagnostics)
    ctx.io.stderr.write(formatDiagnostic(configFile, d, colours(ctx.io), cwd) + '\n');
  return {
    workspace,
    home: ctx.common.noUser ? null : (ctx.io.env.HOME ?? os.homedir()),
    frameworkDir: frameworkSkillsDir(),
    config,
    roots: roots.length > 0 ? roots : undefined,
    noUser: ctx.common.noUser,
  };
}
