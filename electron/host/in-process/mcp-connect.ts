/**
 * The in-process host's "connect to" an MCP client (`mcp --connect`, `--disconnect`): the
 * MCP domain's table (mcp/connect-handlers.ts) over the user's home folder (a user-scope
 * config is there even with `--no-user`) and this machine's platform.
 */
import { mcpConnectHandlers } from '../mcp/connect-handlers';
import type { ProxyContext } from './context';

export const localHandlers = (ctx: ProxyContext) =>
  mcpConnectHandlers({ home: ctx.userHome, platform: process.platform, appData: ctx.env.APPDATA });
