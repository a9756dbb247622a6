/**
 * The host's names a caller checks its arguments against before it invokes anything: the
 * clients skills install into and the MCP clients whose config can be written.
 */
export { INSTALLABLE_CLIENTS } from '../install/clients';
export { isMcpClient, MCP_CLIENTS } from '../mcp/connect';
