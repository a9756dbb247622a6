import os from 'node:os';
import path from 'node:path';
import { rendererDir } from '../../host/app-paths';
import { writeFileAtomic } from '../../host/fs/atomic-write';
import { StudioHost } from '../../host/studio-host';
import { isLoopbackAddress, newSecret } from '../../server/security';
import { readTokenFile } from '../../server/token-file';
import { startServer } from '../../server/server';
import type { CommandContext, CommandImpl } from '../command';
import { stringFlag } from '../command';
import { UsageError } from '../io';

/**
 * Reuses the token in FILE when there is one, else writes a new one there (owner-only).
 * A FILE others own or can read or write is refused (see token-file.ts).
 */
async function tokenFrom(file: string | undefined): Promise<string> {
  if (!file) return newSecret();
  const read = await readTokenFile(file);
  if (!read.ok) throw new UsageError(read.message);
  const existing = read.token ?? '';
  if (existing.length >= 16) return existing;
  const token = newSecret();
  await writeFileAtomic(file, token + '\n', { mode: 0o600 });
  return token;
}

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
    if (!isLoopbackAddress(bindHost) && !allowRemote) {
      throw new UsageError(
        `refusing to bind ${bindHost}: only loopback is served unless you pass --allow-remote`,
      );
    }
    if (!isLoopbackAddress(bindHost)) {
      ctx.io.stderr.write(
        `warning: serving on ${bindHost}: anyone who can reach it and has the token can read and change your skills\n`,
      );
    }
    const workspace = path.resolve(ctx.io.cwd, stringFlag(ctx, 'workspace') ?? '.');
    const roots = ctx.common.root.map((r) => path.resolve(ctx.io.cwd, r));
    const tokenFile =
      stringFlag(ctx, 'token-file') && path.resolve(ctx.io.cwd, stringFlag(ctx, 'token-file')!);
    const token = await tokenFrom(tokenFile);
    const host = await StudioHost.create({
      workspace,
      home: ctx.common.noUser ? null : (ctx.io.env.HOME ?? os.homedir()),
      stateDir: stateDirFor(ctx),
      roots: roots.length ? roots : undefined,
      noUser: ctx.common.noUser,
      watch: true,
    });
    const server = await startServer({
      host,
      port,
      bindHost,
      token,
      allowRemote,
      rendererDir: rendererDir(),
      announce: (line) => ctx.io.stdout.write(`${line}\n`),
    }).catch(async (err: unknown) => {
      await host.close();
      throw err;
    });
    ctx.io.stdout.write(`Skill Studio: ${server.url}\n`);
    // The link above works once; outside clients use the API token as a Bearer header.
    if (!tokenFile) ctx.io.stdout.write(`Skill Studio API token: ${token}\n`);
    // Runs until asked to stop (SIGINT, SIGTERM, SIGHUP, or the parent died); the
    // entry point has cancelled every run by the time the server closes.
    await new Promise<void>((resolve) => ctx.io.onInterrupt(resolve));
    await server.close();
    await host.close();
    return 0;
  },
};
