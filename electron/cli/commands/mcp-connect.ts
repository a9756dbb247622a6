/**
 * `mcp --connect CLIENT` / `mcp --disconnect CLIENT` [--scope project|user] [--dry-run]
 * [--agent ID] [--workspace DIR]: writes or removes this workspace's MCP entry in an
 * MCP client's config (electron/host/mcp/connect.ts), showing the diff and the backup.
 * Prints the command line too, for clients it does not write.
 */
import path from 'node:path';
import { isMcpClient, MCP_CLIENTS, type McpEntryParams } from '../../../shared/api/local-tools';
import type { CommandContext } from '../command';
import { stringFlag } from '../command';
import { EXIT_FAILED, UsageError } from '../io';
import { withClient } from '../client';

export async function runConnect(ctx: CommandContext): Promise<number> {
  const connect = stringFlag(ctx, 'connect');
  const client = connect ?? stringFlag(ctx, 'disconnect') ?? '';
  if (connect !== undefined && stringFlag(ctx, 'disconnect') !== undefined)
    throw new UsageError('--connect and --disconnect go one at a time');
  if (!isMcpClient(client))
    throw new UsageError(`the client must be one of ${MCP_CLIENTS.join(', ')}, not '${client}'`);
  const scopeFlag = stringFlag(ctx, 'scope') ?? (client === 'claude-desktop' ? 'user' : 'project');
  if (scopeFlag !== 'project' && scopeFlag !== 'user')
    throw new UsageError(`--scope must be project or user, not '${scopeFlag}'`);
  if (client === 'claude-desktop' && scopeFlag === 'project')
    throw new UsageError('Claude Desktop has only a user config: use --scope user');
  const scope = scopeFlag;
  const agent = stringFlag(ctx, 'agent') ?? null;
  const entry: McpEntryParams = {
    client,
    scope,
    workspace: path.resolve(ctx.io.cwd, stringFlag(ctx, 'workspace') ?? '.'),
    agent,
    node: process.execPath,
    // The running CLI: bin/skill-studio.cjs, or the source entry with its loader flags.
    cli: process.argv[1] ?? 'skill-studio',
    nodeArgs: process.execArgv,
  };
  return withClient(
    ctx,
    async (host) => {
      const { file, command } = await host.invoke('mcp.entry', entry);
      const out = ctx.io.stdout;
      out.write(`command: ${command}\n`);
      const connecting = connect !== undefined;
      const plan = await host.invoke('mcp.connect', {
        ...entry,
        connect: connecting,
        dryRun: true,
      });
      if (plan.kind === 'not_json') {
        ctx.io.stderr.write(`skill-studio mcp: ${plan.message}\n`);
        return EXIT_FAILED;
      }
      if (plan.kind === 'unchanged') {
        out.write(`${file}: nothing to change\n`);
        return 0;
      }
      if (plan.kind === 'planned') out.write(plan.diff);
      if (ctx.values['dry-run']) {
        out.write('(dry run: nothing written)\n');
        return 0;
      }
      const applied = await host.invoke('mcp.connect', {
        ...entry,
        connect: connecting,
        dryRun: false,
      });
      if (applied.kind === 'not_json') {
        ctx.io.stderr.write(`skill-studio mcp: ${applied.message}\n`);
        return EXIT_FAILED;
      }
      out.write(`${connecting ? 'connected' : 'disconnected'}: ${file}\n`);
      if (applied.kind === 'applied' && applied.backup) out.write(`backup: ${applied.backup}\n`);
      out.write(
        connecting
          ? `undo: skill-studio mcp --disconnect ${client} --scope ${scope}${agent ? ` --agent ${agent}` : ''}\n`
          : '',
      );
      return 0;
    },
    { workspace: false },
  );
}
