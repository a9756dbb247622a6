/**
 * The params schemas of the providers, MCP clients and local server as the command line sets them up (shared/api/local-tools.ts), spread into the router's table
 * (./studio-params.ts) and checked against `LocalToolMethods` by `schemaTable`.
 */
import { MCP_CLIENTS, type LocalToolMethods } from '../../../shared/api/local-tools';
import * as s from './typed-schema';

/** The MCP entry as `mcp --connect` sends it: the running CLI's node, script and flags as they are. */
const MCP_ENTRY = {
  client: s.oneOfValues(MCP_CLIENTS),
  scope: s.oneOfValues(['project', 'user']),
  workspace: s.string(),
  agent: s.stringOrNull(),
  node: s.string(),
  cli: s.string(),
  nodeArgs: s.array(s.string()),
};
const MCP_ENTRY_KEYS = [
  'client',
  'scope',
  'workspace',
  'agent',
  'node',
  'cli',
  'nodeArgs',
] as const;

type ParamTypes = { [M in keyof LocalToolMethods]: LocalToolMethods[M][0] };

export const LOCAL_TOOL_PARAM_SCHEMAS = s.schemaTable<ParamTypes>()({
  'providers.checkAll': s.empty(),
  // Any id: an unknown one is refused by the approval itself, naming the configured ones.
  'providers.approveInCwd': s.object({ id: s.string() }, ['id']),
  'mcp.entry': s.object(MCP_ENTRY, MCP_ENTRY_KEYS),
  'mcp.connect': s.object({ ...MCP_ENTRY, connect: s.boolean(), dryRun: s.boolean() }, [
    ...MCP_ENTRY_KEYS,
    'connect',
    'dryRun',
  ]),
  // The address as given to --host: any text, and only loopback is served without --allow-remote.
  'serve.isLoopback': s.object({ address: s.string() }, ['address']),
  'serve.token': s.object({ file: s.stringOrNull() }, ['file']),
});
