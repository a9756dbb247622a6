import { DEFAULT_MAX_FRAME_CHARS, encodeMessage } from '../../../shared/protocol/codec';
import { makeProtocolError } from '../../../shared/protocol/messages';
import { LineSplitter } from '../../host/runner/script-output';
import type { Command } from '../command';
import { stringFlag } from '../command';
import { UsageError } from '../io';
import { withHost } from '../host-context';

export const a2eCommand: Command = {
  name: 'a2e',
  usage: 'a2e --stdio [--agent ID]',
  summary: 'Speak the A2E skills protocol over stdin/stdout, one JSON message per line.',
  options: { stdio: { type: 'boolean' }, agent: { type: 'string' } },
  run: (ctx) =>
    withHost(ctx, async (host) => {
      if (!ctx.values.stdio)
        throw new UsageError(
          'only --stdio is supported here; the WebSocket lives at /a2e of `serve`',
        );
      const agent = stringFlag(ctx, 'agent') ?? null;
      if (agent !== null && !host.agentExists(agent))
        throw new UsageError(`no agent '${agent}' in skill-studio.json`);
      const out = ctx.io.stdout;
      const conn = host.openA2E(agent, (frame) => out.write(frame + '\n'), {
        // A reader that stops reading must not make us buffer without limit.
        bufferedAmount: () => (out as NodeJS.WriteStream).writableLength ?? 0,
        onOverflow: () =>
          ctx.io.stderr.write('skill-studio a2e: the reader is not keeping up; closing\n'),
      });

      await new Promise<void>((resolve) => {
        const splitter = new LineSplitter(
          DEFAULT_MAX_FRAME_CHARS * 4,
          (line) => {
            if (line.trim() !== '') conn.receive(line);
          },
          () => {
            // A line this long cannot be resynchronised: say why, then stop reading.
            out.write(
              encodeMessage(
                makeProtocolError('parse_error', 'message line too long; closing', ''),
              ) + '\n',
            );
            resolve();
          },
        );
        ctx.io.stdin.on('data', (chunk: Buffer | string) =>
          splitter.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)),
        );
        ctx.io.stdin.on('end', () => {
          splitter.end();
          resolve();
        });
        ctx.io.stdin.on('error', () => resolve());
        ctx.io.onInterrupt(() => resolve());
      });
      // Input is over: let the calls already asked for finish, then close.
      await conn.whenIdle();
      conn.close();
      return 0;
    }),
};
