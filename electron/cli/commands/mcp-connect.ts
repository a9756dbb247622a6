/**
 * `mcp --connect CLIENT` / `mcp --disconnect CLIENT` [--scope project|user] [--dry-run]
 * [--agent ID] [--workspace DIR]: writes or removes this workspace's MCP entry in an
 * MCP client's config (electron/host/mcp/connect.ts), showing the diff and the backup.
 * Prints the command line too, for clients it does not write.
 */
import os from 'node:os';
import path from 'node:path';
import {
  applyPlan,
  commandLine,
  ConfigNotJsonError,
  configFile,
  isMcpClient,
  MCP_CLIENTS,
  planConnect,
  planDisconnect,
  serverEntry,
  serverNameFor,
  type ConnectScope,
} from '../../host/mcp/connect';
import type { CommandContext } from '../command';
import { stringFlag } from '../command';
import { EXIT_FAILED, UsageError } from '../io';

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
  const scope: ConnectScope = scopeFlag;
  const workspace = path.resolve(ctx.io.cwd, stringFlag(ctx, 'workspace') ?? '.');
  const agent = stringFlag(ctx, 'agent') ?? null;
  const file = configFile(client, scope, {
    home: ctx.io.env.HOME ?? os.homedir(),
    project: workspace,
    platform: process.platform,
    appData: ctx.io.env.APPDATA,
  });
  const name = serverNameFor(agent);
  const entry = serverEntry({
    node: process.execPath,
    // The running CLI: bin/skill-studio.cjs, or the source entry with its loader flags.
    cli: process.argv[1] ?? 'skill-studio',
    nodeArgs: process.execArgv,
    workspace,
    agent,
  });
  const out = ctx.io.stdout;
  out.write(`command: ${commandLine(entry)}\n`);
  let plan;
  try {
    plan =
      connect !== undefined
        ? await planConnect(file, name, entry)
        : await planDisconnect(file, name);
  } catch (err) {
    if (err instanceof ConfigNotJsonError) {
      ctx.io.stderr.write(`skill-studio mcp: ${err.message}\n`);
      return EXIT_FAILED;
    }
    throw err;
  }
  if (!plan.changes) {
    out.write(`${file}: nothing to change\n`);
    return 0;
  }
  out.write(plan.diff);
  if (ctx.values['dry-run']) {
    out.write('(dry run: nothing written)\n');
    return 0;
  }
  const { backup } = await applyPlan(plan);
  out.write(`${connect !== undefined ? 'connected' : 'disconnected'}: ${file}\n`);
  if (backup) out.write(`backup: ${backup}\n`);
  out.write(
    connect !== undefined
      ? `undo: skill-studio mcp --disconnect ${client} --scope ${scope}${agent ? ` --agent ${agent}` : ''}\n`
      : '',
  );
  return 0;
}
