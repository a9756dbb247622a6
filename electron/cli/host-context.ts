/** Opens the host services for one CLI run: the current folder is the workspace. */
import os from 'node:os';
import path from 'node:path';
import { StudioHost } from '../host/studio-host';
import type { CommandContext } from './command';
import { colours } from './io';
import { rootFolders } from './catalog';
import { formatDiagnostic } from './format';
import { WORKSPACE_CONFIG_FILE } from '../host/workspace/workspace-config';

export async function openHost(
  ctx: CommandContext,
  opts: { watch?: boolean } = {},
): Promise<StudioHost> {
  const roots = rootFolders(ctx);
  const host = await StudioHost.create({
    workspace: ctx.io.cwd,
    home: ctx.common.noUser ? null : (ctx.io.env.HOME ?? os.homedir()),
    stateDir: null,
    roots: roots.length > 0 ? roots : undefined,
    noUser: ctx.common.noUser,
    watch: opts.watch ?? false,
  });
  // A broken skill-studio.json is left out, never fatal — but never silent either.
  const config = path.join(ctx.io.cwd, WORKSPACE_CONFIG_FILE);
  for (const d of (await host.info()).configDiagnostics)
    ctx.io.stderr.write(formatDiagnostic(config, d, colours(ctx.io), ctx.io.cwd) + '\n');
  return host;
}

/** The same, closed again when `fn` is done. */
export async function withHost<T>(
  ctx: CommandContext,
  fn: (host: StudioHost) => Promise<T>,
): Promise<T> {
  const host = await openHost(ctx);
  try {
    return await fn(host);
  } finally {
    await host.close();
  }
}
