import type { CommandContext, CommandImpl } from '../command';
import { stringFlag } from '../command';
import { UsageError } from '../io';
import { requireAgent, withClient } from '../client';
import type { A2ELineConnection } from '../../host/in-process/host-proxy';

/**
 * Feeds stdin to `conn` until it ends (or we are interrupted, or `stop` is called), then
 * waits for the calls already asked for: the same ending for a local host and a remote one.
 */
async function pumpStdin(
  ctx: CommandContext,
  conn: A2ELineConnection,
  setStop: (stop: () => void) => void,
): Promise<void> {
  // The reader is gone: cancel the calls (their processes die with them).
  const offClosed = ctx.io.onOutputClosed(() => conn.close());
  await new Promise<void>((resolve) => {
    setStop(resolve);
    ctx.io.stdin.on('data', (chunk: Buffer | string) =>
      conn.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)),
    );
    ctx.io.stdin.on('end', () => {
      conn.end();
      resolve();
    });
    ctx.io.stdin.on('error', () => resolve());
    // Asked to stop (a signal, or our parent died): cancel the calls, stop reading.
    ctx.io.onInterrupt(() => {
      conn.close();
      resolve();
    });
  });
  offClosed();
  // Nothing more is read: an open stdin must not keep the process alive.
  ctx.io.stdin.removeAllListeners('data');
  ctx.io.stdin.pause();
  (ctx.io.stdin as Partial<NodeJS.ReadStream>).destroy?.();
  // Input is over: let the calls already asked for finish, then close. When
  // interrupted they were cancelled: this waits only for their runs to stop.
  await conn.whenIdle();
  conn.close();
}

/** `a2e --connect URL [--token-file F]`: stdio bridged to an A2E host elsewhere. */
async function connect(ctx: CommandContext, url: string): Promise<number> {
  if (stringFlag(ctx, 'agent') !== undefined)
    throw new UsageError(
      'the remote host binds the agent: add ?agent=ID to the URL instead of --agent',
    );
  const tokenFile = stringFlag(ctx, 'token-file') ?? null;
  const out = ctx.io.stdout;
  let lost: string | null = null;
  let stop = (): void => undefined;
  return withClient(ctx, async (client) => {
    const conn = await client.connectA2E({
      url,
      tokenFile,
      // A reader that stops reading makes the host wait, not us hold its frames.
      onFrame: (frame, drained) => {
        if (out.write(frame + '\n')) return true;
        out.once('drain', drained);
        return false;
      },
      onClose: (reason, byUs) => {
        if (byUs) return;
        // The host went away: what was asked will not be answered; say why and stop.
        lost = reason;
        stop();
      },
    });
    await pumpStdin(ctx, conn, (s) => {
      stop = s;
      if (lost !== null) s(); // gone before we started reading
    });
    if (lost !== null) {
      ctx.io.stderr.write(`skill-studio a2e: ${lost}\n`);
      return 1;
    }
    return 0;
  });
}

export const a2eCommand: CommandImpl = {
  run: (ctx) => {
    const url = stringFlag(ctx, 'connect');
    if (url !== undefined) return connect(ctx, url);
    if (stringFlag(ctx, 'token-file') !== undefined)
      throw new UsageError('--token-file goes with --connect URL');
    return withClient(
      ctx,
      async (client) => {
        if (!ctx.values.stdio)
          throw new UsageError(
            'give --stdio (this studio) or --connect URL (another host); the WebSocket lives at /a2e of `serve`',
          );
        const agent = stringFlag(ctx, 'agent') ?? null;
        await requireAgent(client, agent);
        const out = ctx.io.stdout;
        const send = (frame: string): void => {
          out.write(frame + '\n');
        };
        let stop = (): void => undefined;
        const conn = await client.openA2ELines(agent, send, {
          // A reader that stops reading must not make us buffer without limit.
          bufferedAmount: () => (out as NodeJS.WriteStream).writableLength ?? 0,
          onOverflow: () => {
            ctx.io.stderr.write('skill-studio a2e: the reader is not keeping up; closing\n');
            stop();
          },
        });
        await pumpStdin(ctx, conn, (s) => (stop = s));
        return 0;
      },
      { openWorkspace: true },
    );
  },
};
