import { toPromptXml } from '../../../shared/skill/prompt-index';
import type { Command } from '../command';
import { stringFlag } from '../command';
import { UsageError } from '../io';
import { withHost } from '../host-context';

export const toPromptCommand: Command = {
  name: 'to-prompt',
  usage: 'to-prompt [--agent ID]',
  summary:
    'Print the <available_skills> XML index (only the skills an agent may use with --agent).',
  options: { agent: { type: 'string' } },
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
