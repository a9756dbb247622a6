import os from 'node:os';
import path from 'node:path';
import type { CommandContext, CommandImpl } from '../command';
import { stringFlag } from '../command';
import { UsageError } from '../io';
import { openClient } from '../client';

export function stateDirFor(ctx: CommandContext): string {
  const env = ctx.io.env;
  if (env.SKILL_STUDIO_STATE_DIR) return env.SKILL_STUDIO_STATE_DIR;
  const config = env.XDG_CONFIG_HOME ?? path.join(env.HOME ?? os.homedir(), '.config');
  return path.join(config, 'skill-studio');
}

export const serveCommand: CommandImpl = {
  async run(ctx) {
    const portText = stringFlag(ctx, 'port') ?? '0';
    const port = Number(portText);
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new UsageError(`--port must be 0–65535, not '${portText}'`);
    const bindHost = stringFlag(ctx, 'host') ?? '127.0.0.1';
    const allowRemote = Boolean(ctx.values['allow-remote']);
    // The roots are the server's own to read (never checked here, as ever).
    const roots = ctx.common.root.map((r) => path.resolve(ctx.io.cwd, r));
    const client = openClient(ctx, { workspace: false });
    const loopback = await client.invoke('serve.isLoopback', { address: bindHost });
    if (!loopback && !allowRemote) {
      throw new UsageError(
        `refusing to bind ${bindHost}: only loopback is served unless you pass --allow-remote`,
      );
    }
    if (!loopback) {
      ctx.io.stderr.write(
        `warning: serving on ${bindHost}: anyone who can reach it and has the token can read and change your skills\n`,
      );
    }
    const workspace = path.resolve(ctx.io.cwd, stringFlag(ctx, 'workspace') ?? '.');
    const tokenFile =
      stringFlag(ctx, 'token-file') && path.resolve(ctx.io.cwd, stringFlag(ctx, 'token-file')!);
    const token = await client.invoke('serve.token', { file: tokenFile || null });
    const server = await client.serve({
      workspace,
      roots,
      stateDir: stateDirFor(ctx),
      port,
      bindHost,
      token,
      allowRemote,
      announce: (line) => ctx.io.stdout.write(`${line}\n`),
    });
    ctx.io.stdout.write(`Skill Studio: ${server.url}\n`);
    // The link above works once; outside clients use the API token as a Bearer header.
    if (!tokenFile) ctx.io.stdout.write(`Skill Studio API token: ${token}\n`);
    // Runs until asked to stop (SIGINT, SIGTERM, SIGHUP, or the parent died); the
    // entry point has cancelled every run by the time the server closes.
    await new Promise<void>((resolve) => ctx.io.onInterrupt(resolve));
    await server.close();
    return 0;
  },
};
