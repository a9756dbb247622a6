/** `mcp --connect CLIENT` / `--disconnect CLIENT`: the CLI face of electron/host/mcp/connect.ts. */
import type { CommandContext } from '../command';
export async function runConnect(ctx: CommandContext): Promise<number> {
  void ctx;
  return 2;
}
