import { toPromptXml } from '../../../shared/skill/prompt-index';
import type { CommandImpl } from '../command';
import { stringFlag } from '../command';
import { UsageError } from '../io';
import { withHost } from '../host-context';

export const toPromptCommand: CommandImpl = {
  run: (ctx) =>
    withHost(ctx, async (host) => {
      const agent = stringFlag(ctx, 'agent') ?? null;
      if (agent !== null && !host.agentExists(agent)) {
        throw new UsageError(`no agent '${agent}' in skill-studio.json`);
      }
      const skills = host
        .skills()
        .filter((r) => r.summary.status !== 'Archived' && host.agentAllows(agent, r.summary.name))
        .map((r) => ({
          name: r.summary.name,
          description: r.summary.description,
          location: r.skillMdPath,
        }));
      ctx.io.stdout.write(toPromptXml(skills));
      return 0;
    }),
};
