/**
 * The skills of the current folder, for the commands that only read them (`list`,
 * `read`, `files`): the registry alone, without the rest of the host (router, A2E
 * host, runner, bundles), which those commands never use and would only load.
 * Sources, settings and names resolve exactly as in StudioHost (the same registry,
 * the same skill-studio.json). The one scan uses synchronous file calls: the CLI
 * waits for it anyway, and a thread-pool round trip per file would cost more.
 */
import { realpathSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SkillRecord } from '../../shared/skill/model';
import { frameworkSkillsDir } from '../host/app-paths';
import { NotFoundError } from '../host/fs/errors';
import { SkillRegistry } from '../host/registry/registry';
import { loadWorkspaceConfig, WORKSPACE_CONFIG_FILE } from '../host/workspace/workspace-config';
import type { CommandContext } from './command';
import { formatDiagnostic } from './format';
import { colours, UsageError } from './io';

export interface Catalog {
  all(): SkillRecord[];
  conflicts(): string[];
  /** A skill by name (the winner) or by the absolute folder of any listed skill. */
  resolve(ref: string): SkillRecord;
}

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
 * Reads the skills once. `countFiles: false` leaves files_count at 0, for commands
 * that only resolve a name (which skill wins never depends on the count).
 */
export async function openCatalog(
  ctx: CommandContext,
  opts: { countFiles?: boolean } = {},
): Promise<Catalog> {
  const roots = rootFolders(ctx);
  const cwd = ctx.io.cwd;
  if (!safeStat(cwd)?.isDirectory()) throw new NotFoundError(`${cwd} is not a folder`);
  const workspace = realpathSync(cwd);
  const { config, diagnostics } = await loadWorkspaceConfig(workspace);
  // A broken skill-studio.json is left out, never fatal — but never silent either.
  const configFile = path.join(cwd, WORKSPACE_CONFIG_FILE);
  for (const d of diagnostics)
    ctx.io.stderr.write(formatDiagnostic(configFile, d, colours(ctx.io), cwd) + '\n');
  const registry = new SkillRegistry({
    workspace,
    home: ctx.common.noUser ? null : (ctx.io.env.HOME ?? os.homedir()),
    frameworkDir: frameworkSkillsDir(),
    config,
    roots: roots.length > 0 ? roots : undefined,
    noUser: ctx.common.noUser,
    scan: { sync: true, countFiles: opts.countFiles ?? true },
  });
  await registry.load(); // nothing watched: nothing to close
  return {
    all: () => registry.all(),
    conflicts: () => registry.conflicts(),
    resolve(ref) {
      const found = registry.get(ref) ?? registry.all().find((r) => r.dir === ref);
      if (!found) throw new NotFoundError(`no skill named '${ref}'`);
      return found;
    },
  };
}
