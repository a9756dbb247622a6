/**
 * The params schemas of the providers, MCP clients and local server as the command line sets them up (shared/api/local-tools.ts), spread into the router's table
 * (./studio-params.ts) and checked against `LocalToolMethods` by `schemaTable`.
 */
import type { LocalToolMethods } from '../../../shared/api/local-tools';
import * as s from './typed-schema';

type ParamTypes = { [M in keyof LocalToolMethods]: LocalToolMethods[M][0] };

export const LOCAL_TOOL_PARAM_SCHEMAS = s.schemaTable<ParamTypes>()({
  'providers.checkAll': s.empty(),
  // Any id: an unknown one is refused by the approval itself, naming the configured ones.
  'providers.approveInCwd': s.object({ id: s.string() }, ['id']),
});
