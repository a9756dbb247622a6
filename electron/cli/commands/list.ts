import { effectiveStatus } from '../../../shared/skill/definition';
import type { CommandImpl } from '../command';
import { colours, writeJson } from '../io';
import { withClient } from '../client';
import { printable } from '../format';

export const listCommand: CommandImpl = {
  run: (ctx) =>
    withClient(ctx, async (client) => {
      const { skills: all, conflicts } = await client.invoke('skills.list', {});
      if (ctx.common.json) {
        writeJson(ctx.io, {
          skills: all.map((s) => ({
            name: s.name,
            description: s.description,
            source: s.source,
            // docs/contracts.md (CLI) names the folder `path` in this output.
            path: s.dir,
            license: s.license,
            files_count: s.files_count,
            has_warnings: s.has_warnings,
            // Blocked when the skill's errors keep it from running (as discover says).
            status: effectiveStatus(s),
            has_errors: s.has_errors,
            shadowed_by: s.shadowed_by,
          })),
          conflicts,
        });
        return 0;
      }
      const c = colours(ctx.io);
      if (all.length === 0) {
        ctx.io.stdout.write('No skills found.\n');
        return 0;
      }
      const width = Math.min(40, Math.max(...all.map((s) => s.name.length)));
      for (const s of all) {
        const status = effectiveStatus(s);
        const badges = [
          s.has_errors ? c.red('errors') : '',
          s.has_warnings ? c.yellow('warnings') : '',
          status !== 'Published' ? status : '',
          s.shadowed_by ? c.dim(`shadowed by ${printable(s.shadowed_by)}`) : '',
          s.conflict ? c.red('name conflict') : '',
        ].filter(Boolean);
        ctx.io.stdout.write(
          `${c.bold(printable(s.name).padEnd(width))}  ${c.cyan(s.source.padEnd(9))}  ${printable(s.dir)}${badges.length ? '  ' + badges.join(' · ') : ''}\n`,
        );
      }
      return 0;
    }),
};
