import type { CommandImpl } from '../command';
import { stringFlag } from '../command';
import { UsageError } from '../io';
import { withClient } from '../client';

export const a2eCommand: CommandImpl = {
  run: (ctx) =>
    withClient(
      ctx,
      async (client) => {
        if (!ctx.values.stdio)
          throw new UsageError(
            'only --stdio is supported here; the WebSocket lives at /a2e of `serve`',
          );
        const agent = stringFlag(ctx, 'agent') ?? null;
        if (agent !== null && !(await client.invoke('agents.exists', { agent })))
          throw new UsageError(`no agent '${agent}' in skill-studio.json`);
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
        // The reader is gone: cancel the calls (their processes die with them).
        const offClosed = ctx.io.onOutputClosed(() => conn.close());

        await new Promise<void>((resolve) => {
          stop = resolve;
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
        return 0;
      },
      { openWorkspace: true },
    ),
};
