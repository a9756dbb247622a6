import { toPromptXml } from '../../../shared/skill/prompt-index';
import type { CommandImpl } from '../command';
import { stringFlag } from '../command';
import { UsageError } from '../io';
import { withClient } from '../client';

export const toPromptCommand: CommandImpl = {
  run: (ctx) =>
    withClient(
      ctx,
      async (client) => {
        const agent = stringFlag(ctx, 'agent') ?? null;
        if (agent !== null && !(await client.invoke('agents.exists', { agent }))) {
          throw new UsageError(`no agent '${agent}' in skill-studio.json`);
        }
        ctx.io.stdout.write(toPromptXml(await client.invoke('prompt.skills', { agent })));
        return 0;
      },
      { openWorkspace: true },
    ),
};
