/**
 * `mcp [--agent ID]` (docs/contracts.md, CLI): the workspace's skills over MCP on stdin/stdout
 * (electron/host/mcp/skills-server.ts). Runs until the client closes stdin or the
 * process is asked to stop; either way every run it started is cancelled first.
 * `--connect CLIENT` / `--disconnect CLIENT` write or remove this server's entry in
 * an MCP client's config instead (electron/host/mcp/connect.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { SkillsMcpServer } from '../../host/mcp/skills-server';
import type { Command } from '../command';
import { stringFlag } from '../command';
import { UsageError } from '../io';
import { withHost } from '../host-context';
import { runConnect } from './mcp-connect';
import { logSwallowed } from '../../host/log';

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
    return withHost(ctx, async (host) => {
      const agent = stringFlag(ctx, 'agent') ?? null;
      if (agent !== null && !host.agentExists(agent))
        throw new UsageError(`no agent '${agent}' in skill-studio.json`);
      const mcp = new SkillsMcpServer(host, { agent });
      const transport = new StdioServerTransport(
        ctx.io.stdin as Readable,
        ctx.io.stdout as Writable,
      );
      await new Promise<void>((resolve) => {
        transport.onclose = () => resolve();
        // The client closed stdin: nothing more will be asked.
        ctx.io.stdin.on('end', () => resolve());
        ctx.io.onInterrupt(() => resolve());
        ctx.io.onOutputClosed(() => resolve());
        void mcp.server.connect(transport);
      });
      // No run outlives the server: cancel them and wait for their processes to stop.
      await host.a2e.cancelAll();
      await mcp.server.close().catch(logSwallowed('close the MCP server'));
      (ctx.io.stdin as Partial<NodeJS.ReadStream>).destroy?.();
      return 0;
    });
  },
};
