/**
 * `mcp [--agent ID]` (docs/contracts.md, CLI): the workspace's skills over MCP on stdin/stdout
 * (electron/host/mcp/skills-server.ts). Runs until the client closes stdin and every
 * request it sent is answered, or the process is asked to stop; either way every run it
 * started is cancelled first.
 * `--connect CLIENT` / `--disconnect CLIENT` write or remove this server's entry in
 * an MCP client's config instead (electron/host/mcp/connect.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { Command } from '../command';
import { stringFlag } from '../command';
import { UsageError } from '../io';
import { requireAgent, withClient } from '../client';
import { runConnect } from './mcp-connect';

/** Its name, usage and flags are in commands/index.ts (loaded only when it runs). */
export const mcpCommand: Pick<Command, 'run'> = {
  run: (context) => {
    let ctx = context;
    if (stringFlag(ctx, 'connect') !== undefined || stringFlag(ctx, 'disconnect') !== undefined)
      return runConnect(ctx);
    // MCP clients start us from a folder of their choosing: --workspace names ours.
    const workspace = stringFlag(ctx, 'workspace');
    if (workspace !== undefined) {
      const abs = path.resolve(ctx.io.cwd, workspace);
      if (!existsSync(abs)) throw new UsageError(`--workspace ${workspace}: no such folder`);
      ctx = { ...ctx, io: { ...ctx.io, cwd: abs } };
    }
    return withClient(
      ctx,
      async (client) => {
        const agent = stringFlag(ctx, 'agent') ?? null;
        await requireAgent(client, agent);
        await client.serveMcp(
          agent,
          ctx.io.stdin as Readable,
          ctx.io.stdout as Writable,
          (stop) => {
            // (The end of stdin stops it too, once every request read is answered.)
            ctx.io.onInterrupt(() => stop());
            ctx.io.onOutputClosed(() => stop());
          },
        );
        (ctx.io.stdin as Partial<NodeJS.ReadStream>).destroy?.();
        return 0;
      },
      { openWorkspace: true },
    );
  },
};
