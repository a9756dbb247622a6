/**
 * The host's names a caller checks its arguments against before it invokes anything: the
 * MCP clients whose config can be written. (The clients skills install into are in
 * installable.ts, which loads the client profiles.)
 */
export { isMcpClient, MCP_CLIENTS } from '../mcp/connect';
