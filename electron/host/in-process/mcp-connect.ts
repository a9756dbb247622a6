/**
 * This workspace's MCP server entry in an MCP client's config (mcp/connect.ts): where it
 * goes, the command line it holds, and writing or removing it (with the diff and a backup).
 */
import {
  applyPlan,
  commandLine,
  ConfigNotJsonError,
  configFile,
  planConnect,
  planDisconnect,
  serverEntry,
  serverNameFor,
} from '../mcp/connect';
import type { McpEntryParams } from './cli-methods';
import type { ProxyContext } from './context';
import type { DomainHandlers } from './domain';

function entryOf(p: McpEntryParams, ctx: ProxyContext) {
  const file = configFile(p.client, p.scope, {
    home: ctx.userHome,
    project: p.workspace,
    platform: process.platform,
    appData: ctx.env.APPDATA,
  });
  const entry = serverEntry({
    node: p.node,
    cli: p.cli,
    nodeArgs: p.nodeArgs,
    workspace: p.workspace,
    agent: p.agent,
  });
  return { file, name: serverNameFor(p.agent), entry };
}

export const handlers: DomainHandlers<'mcp.entry' | 'mcp.connect'> = {
  async 'mcp.entry'(params, ctx) {
    const { file, entry } = entryOf(params, ctx);
    return { file, command: commandLine(entry) };
  },

  async 'mcp.connect'(params, ctx) {
    const { file, name, entry } = entryOf(params, ctx);
    let plan;
    try {
      plan = params.connect
        ? await planConnect(file, name, entry)
        : await planDisconnect(file, name);
    } catch (err) {
      if (err instanceof ConfigNotJsonError) return { kind: 'not_json', message: err.message };
      throw err;
    }
    if (!plan.changes) return { kind: 'unchanged' };
    if (params.dryRun) return { kind: 'planned', diff: plan.diff };
    const { backup } = await applyPlan(plan);
    return { kind: 'applied', diff: plan.diff, backup };
  },
};
