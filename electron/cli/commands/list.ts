import type { CommandImpl } from '../command';
import { colours, writeJson } from '../io';
import { openCatalog } from '../catalog';
import { effectiveStatus } from '../../host/runner/skill-readiness';

export const listCommand: CommandImpl = {
  async run(ctx) {
    const host = await openCatalog(ctx);
    const all = host.all();
    if (ctx.common.json) {
      writeJson(ctx.io, {
        skills: all.map((r) => ({
          name: r.summary.name,
          description: r.summary.description,
          source: r.summary.source,
          // docs/contracts.md (CLI) names the folder `path` in this output.
          path: r.summary.dir,
          license: r.summary.license,
          files_count: r.summary.files_count,
          has_warnings: r.summary.has_warnings,
          // Blocked when the skill's errors keep it from running (as discover says).
          status: effectiveStatus(r),
          has_errors: r.summary.has_errors,
          shadowed_by: r.summary.shadowed_by,
        })),
        conflicts: host.conflicts(),
      });
      return 0;
    }
    const c = colours(ctx.io);
    if (all.length === 0) {
      ctx.io.stdout.write('No skills found.\n');
      return 0;
    }
    const width = Math.min(40, Math.max(...all.map((r) => r.summary.name.length)));
    for (const r of all) {
      const s = r.summary;
      const status = effectiveStatus(r);
      const badges = [
        s.has_errors ? c.red('errors') : '',
        s.has_warnings ? c.yellow('warnings') : '',
        status !== 'Published' ? status : '',
        s.shadowed_by ? c.dim(`shadowed by ${s.shadowed_by}`) : '',
        s.conflict ? c.red('name conflict') : '',
      ].filter(Boolean);
      ctx.io.stdout.write(
        `${c.bold(s.name.padEnd(width))}  ${c.cyan(s.source.padEnd(9))}  ${s.dir}${badges.length ? '  ' + badges.join(' · ') : ''}\n`,
      );
    }
    return 0;
  },
};
