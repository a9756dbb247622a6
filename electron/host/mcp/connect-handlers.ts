/**
 * "Connect to…" from the command line (`mcp --connect CLIENT`, `--disconnect`): where the
 * workspace's MCP entry goes in a client's config, the command line it holds, and writing
 * or removing it (connect.ts: every other key kept, the old file backed up first, a config
 * that is not JSON never written). Local-process methods (shared/api/local-tools.ts).
 */
import type { McpEntryParams } from '../../../shared/api/local-tools';
import type { Handlers } from '../handler-table';
import {
  applyPlan,
  commandLine,
  ConfigNotJsonError,
  configFile,
  planConnect,
  planDisconnect,
  serverEntry,
  serverNameFor,
  type ConfigLocation,
} from './connect';

/** Where the clients' user configs are: the home folder, the platform, %APPDATA% on Windows. */
export type McpConnectContext = Readonly<Omit<ConfigLocation, 'project'>>;

type McpConnectMethods = 'mcp.entry' | 'mcp.connect';

export function mcpConnectHandlers(ctx: McpConnectContext): Pick<Handlers, McpConnectMethods> {
  /** The config file, our entry's name and the entry, for this workspace. */
  const entryOf = (p: McpEntryParams) => {
    const file = configFile(p.client, p.scope, { ...ctx, project: p.workspace });
    const entry = serverEntry({
      node: p.node,
      cli: p.cli,
      nodeArgs: p.nodeArgs,
      workspace: p.workspace,
      agent: p.agent,
    });
    return { file, name: serverNameFor(p.agent), entry };
  };
  return {
    async 'mcp.entry'(params) {
      const { file, entry } = entryOf(params);
      return { file, command: commandLine(entry) };
    },

    async 'mcp.connect'(params) {
      const { file, name, entry } = entryOf(params);
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
}
