import { toPromptXml } from '../../../shared/skill/prompt-index';
import type { CommandImpl } from '../command';
import { stringFlag } from '../command';
import { requireAgent, withClient } from '../client';

export const toPromptCommand: CommandImpl = {
  run: (ctx) =>
    withClient(
      ctx,
      async (client) => {
        const agent = stringFlag(ctx, 'agent') ?? null;
        await requireAgent(client, agent);
        ctx.io.stdout.write(toPromptXml(await client.invoke('skills.promptIndex', { agent })));
        return 0;
      },
      { openWorkspace: true },
    ),
};
