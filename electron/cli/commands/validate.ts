import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { countBySeverity } from '../../../shared/skill/diagnostics';
import type { SkillRecord } from '../../../shared/skill/model';
import { findSkillFolders } from '../../host/registry/find-skill-folders';
import { readSkillFolder } from '../../host/registry/scan';
import type { Command } from '../command';
import { stringFlag } from '../command';
import { colours, UsageError, writeJson } from '../io';
import { formatDiagnostic, plural } from '../format';

/**
 * The skill folders a PATH names: a skill folder, its SKILL.md, or a folder of skill
 * folders. A folder with no skill anywhere in it is taken as a skill folder that
 * lacks its SKILL.md (SKILL_MD_MISSING), never as nothing to check.
 */
async function foldersFor(target: string): Promise<string[]> {
  const st = statSync(target);
  if (st.isFile()) return [path.dirname(target)];
  // A skill folder is checked as itself, without walking its sidecars.
  if ((await findSkillFolders(target, { maxDepth: 0 })).length > 0) return [target];
  const found = (await findSkillFolders(target)).map((f) => f.dir);
  return found.length > 0 ? found : [target];
}

export const validateCommand: Command = {
  name: 'validate',
  usage: 'validate PATH… [--profile studio|spec] [--json]',
  summary:
    'Check skill folders (a skill, its SKILL.md, or a folder of skills) against the SKILL.md rules.',
  options: { profile: { type: 'string' } },
  async run(ctx) {
    if (ctx.positionals.length === 0)
      throw new UsageError('name at least one skill folder, SKILL.md or folder of skills');
    const profile = stringFlag(ctx, 'profile') ?? 'studio';
    if (profile !== 'studio' && profile !== 'spec')
      throw new UsageError(`--profile must be studio or spec, not '${profile}'`);
    const folders: string[] = [];
    for (const p of ctx.positionals) {
      const abs = path.resolve(ctx.io.cwd, p);
      if (!existsSync(abs)) throw new UsageError(`${p}: no such file or folder`);
      folders.push(...(await foldersFor(abs)));
    }
    const records: SkillRecord[] = [];
    for (const dir of folders) records.push(await readSkillFolder(dir, 'project', { profile }));

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
          name: r.summary.name,
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
