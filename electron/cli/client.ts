/**
 * The CLI's proxy of the host (electron/host/in-process): the current folder is the workspace,
 * `--root` and `--no-user` choose the sources, and skill-studio.json's problems are printed
 * on stderr when the host reads them (a broken file is left out, never fatal, never silent).
 */
import { statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHostProxy, type HostProxy } from '../host/in-process/host-proxy';
import type { CommandContext } from './command';
import { formatDiagnostic } from './format';
import { colours, UsageError } from './io';

/** The `--root` folders, absolute; a missing one is a usage mistake. */
export function rootFolders(ctx: CommandContext): string[] {
  const roots = ctx.common.root.map((r) => path.resolve(ctx.io.cwd, r));
  for (const r of roots) {
    try {
      statSync(r);
    } catch {
      throw new UsageError(`--root ${r}: no such folder`);
    }
  }
  return roots;
}

/**
 * A client for this run. `workspace` (the default): the `--root` folders are checked now;
 * commands that never read the workspace's skills pass false.
 */
export function openClient(ctx: CommandContext, opts: { workspace?: boolean } = {}): HostProxy {
  const cwd = ctx.io.cwd;
  return createHostProxy({
    cwd,
    env: ctx.io.env,
    userHome: ctx.io.env.HOME ?? os.homedir(),
    roots: opts.workspace === false ? [] : rootFolders(ctx),
    noUser: ctx.common.noUser,
    schemaVerdicts: ctx.io.cache
      ? {
          file: ctx.io.cache.dir && path.join(ctx.io.cache.dir, 'schema-verdicts.json'),
          seed: ctx.io.cache.seed,
          buildId: ctx.io.cache.buildId,
        }
      : undefined,
    // Verdicts on skills, kept unless `--no-cache` (the commands that keep them take it).
    verdicts:
      ctx.io.cache && !ctx.values['no-cache']
        ? {
            dir: ctx.io.cache.dir,
            buildId: ctx.io.cache.buildId,
            listingSeed: ctx.io.cache.listingSeed,
          }
        : null,
    validatorCache: ctx.io.cache?.dir
      ? { dir: path.join(ctx.io.cache.dir, 'validators'), buildId: ctx.io.cache.buildId }
      : undefined,
    onConfigDiagnostics: (file, diagnostics) => {
      for (const d of diagnostics)
        ctx.io.stderr.write(formatDiagnostic(file, d, colours(ctx.io), cwd) + '\n');
    },
  });
}

/** Refuses an `--agent` the workspace's skill-studio.json does not name (a usage mistake). */
export async function requireAgent(client: HostProxy, agent: string | null): Promise<void> {
  if (agent === null) return;
  const { agents } = await client.invoke('workspace.info', {});
  if (!agents.some((a) => a.id === agent))
    throw new UsageError(`no agent '${agent}' in skill-studio.json`);
}

/** A client for `fn`, closed again when it is done. `openWorkspace`: open the whole host first. */
export async function withClient<T>(
  ctx: CommandContext,
  fn: (client: HostProxy) => Promise<T>,
  opts: { workspace?: boolean; openWorkspace?: boolean } = {},
): Promise<T> {
  const client = openClient(ctx, opts);
  try {
    if (opts.openWorkspace) await client.openWorkspace();
    return await fn(client);
  } finally {
    await client.close();
  }
}
