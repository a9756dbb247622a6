import { existsSync } from 'node:fs';
import path from 'node:path';
import { countBySeverity } from '../../../shared/check/diagnostics';
import { CLIENT_IDS, isClientId } from '../../../shared/skill/client-ids';
import type { CommandImpl } from '../command';
import { stringFlag } from '../command';
import { colours, UsageError, writeJson } from '../io';
import { formatDiagnostic, plural } from '../format';
import { withClient } from '../client';

/**
 * `validate PATH… [--profile studio|spec|CLIENT] [--json]` (docs/contracts.md, CLI): each PATH
 * a skill folder, its SKILL.md or a folder of skills, checked by the host (folders.validate).
 */
export const validateCommand: CommandImpl = {
  async run(ctx) {
    if (ctx.positionals.length === 0)
      throw new UsageError('name at least one skill folder, SKILL.md or folder of skills');
    const profileFlag = stringFlag(ctx, 'profile') ?? 'studio';
    // A client id reads with that client's base profile, then through its rules.
    const client = isClientId(profileFlag) ? profileFlag : null;
    if (profileFlag !== 'studio' && client === null)
      throw new UsageError(
        `--profile must be studio or a client (${CLIENT_IDS.join(', ')}), not '${profileFlag}'`,
      );
    const targets: string[] = [];
    for (const p of ctx.positionals) {
      const abs = path.resolve(ctx.io.cwd, p);
      if (!existsSync(abs)) throw new UsageError(`${p}: no such file or folder`);
      targets.push(abs);
    }
    // Folders named by path: no workspace to read, so --root is not looked at.
    const records = await withClient(
      ctx,
      (c) => c.invoke('folders.validate', { targets, profile: client ?? 'studio' }),
      { workspace: false },
    );

    let errors = 0;
    let warnings = 0;
    for (const r of records) {
      const n = countBySeverity(r.diagnostics);
      errors += n.errors;
      warnings += n.warnings;
    }
    if (ctx.common.json) {
      writeJson(ctx.io, {
        skills: records.map((r) => ({
          path: r.dir,
          name: r.name,
          valid: countBySeverity(r.diagnostics).errors === 0,
          diagnostics: r.diagnostics,
        })),
        errors,
        warnings,
      });
    } else {
      const c = colours(ctx.io);
      for (const r of records) {
        const file = r.skillMdPath ?? path.join(r.dir, 'SKILL.md');
        for (const d of r.diagnostics)
          ctx.io.stdout.write(formatDiagnostic(file, d, c, ctx.io.cwd) + '\n');
      }
      const verdict = errors > 0 ? c.red('✗') : c.green('✓');
      ctx.io.stdout.write(
        `${verdict} ${plural(records.length, 'skill')} checked: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}\n`,
      );
    }
    return errors > 0 ? 1 : 0;
  },
};
