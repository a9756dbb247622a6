/** Opens the host services for one CLI run: the current folder is the workspace. */
import os from 'node:os';
import path from 'node:path';
import { StudioHost } from '../host/studio-host';
import type { CommandContext } from './command';
import { UsageError } from './io';
import { existsSync } from 'node:fs';

export async function openHost(
  ctx: CommandContext,
  opts: { watch?: boolean } = {},
): Promise<StudioHost> {
  const roots = ctx.common.root.map((r) => path.resolve(ctx.io.cwd, r));
  for (const r of roots) {
    if (!existsSync(r)) throw new UsageError(`--root ${r}: no such folder`);
  }
  return StudioHost.create({
    workspace: ctx.io.cwd,
    home: ctx.common.noUser ? null : (ctx.io.env.HOME ?? os.homedir()),
    stateDir: null,
    roots: roots.length > 0 ? roots : undefined,
    noUser: ctx.common.noUser,
    watch: opts.watch ?? false,
  });
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
