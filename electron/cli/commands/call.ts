import { encodeMessage } from '../../../shared/protocol/codec';
import { makeCallRequest } from '../../../shared/protocol/messages';
import { TranscriptView } from '../transcript-view';
import { overrideFromFlags } from '../provider-flags';
import type { CommandImpl } from '../command';
import { stringFlag } from '../command';
import { colours, EXIT_FAILED, EXIT_OK, EXIT_USAGE, UsageError } from '../io';
import { withClient } from '../client';

function parseArgsJson(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`--args is not JSON: ${(err as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new UsageError('--args must be a JSON object, e.g. {"text": "hello"}');
  }
  return value as Record<string, unknown>;
}

export const callCommand: CommandImpl = {
  run: (ctx) =>
    withClient(
      ctx,
      async (client) => {
        const [name] = ctx.positionals;
        if (!name) throw new UsageError('name the skill to call');
        const args = parseArgsJson(stringFlag(ctx, 'args'));
        const timeoutText = stringFlag(ctx, 'timeout');
        const timeout = timeoutText === undefined ? 60 : Number(timeoutText);
        if (!Number.isFinite(timeout) || timeout <= 0)
          throw new UsageError(`--timeout must be a positive number of seconds`);
        const agent = stringFlag(ctx, 'agent') ?? null;
        if (agent !== null && !(await client.invoke('agents.exists', { agent })))
          throw new UsageError(`no agent '${agent}' in skill-studio.json`);

        const llm_override = overrideFromFlags(
          stringFlag(ctx, 'provider'),
          stringFlag(ctx, 'model'),
        );
        const req = makeCallRequest({
          name,
          arguments: args,
          timeout: Math.ceil(timeout),
          llm_override,
        });
        const json = ctx.common.json;
        // Model runs stream their answer as a transcript; other calls look as before.
        const view = new TranscriptView(ctx.io, colours(ctx.io));
        if (json) ctx.io.stdout.write(encodeMessage(req) + '\n');

        // Ctrl-C cancels the call; the host kills the skill's whole process group.
        const controller = new AbortController();
        const off = ctx.io.onInterrupt(() => {
          if (!json) ctx.io.stderr.write('\ncancelling…\n');
          controller.abort('cancelled');
        });
        try {
          const resp = await client.call(
            req,
            agent,
            (event) =>
              json ? ctx.io.stdout.write(encodeMessage(event) + '\n') : view.event(event),
            controller.signal,
          );
          // An unknown skill is a missing path, as for read and files (exit 2), not a failed run.
          const failed = resp.error?.code === 'unknown_skill' ? EXIT_USAGE : EXIT_FAILED;
          if (json) {
            ctx.io.stdout.write(encodeMessage(resp) + '\n');
            return resp.data?.success ? EXIT_OK : failed;
          }
          return view.done(resp) ? EXIT_OK : failed;
        } finally {
          off();
        }
      },
      { openWorkspace: true },
    ),
};
