import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { countBySeverity, type Diagnostic } from '../../../shared/skill/diagnostics';
import { baseProfileFor, CLIENT_IDS, isClientId } from '../../../shared/skill/client-profiles';
import { clientRecordDiagnostics } from '../../host/portability/portability';
import { findSkillFolders, type FoundSkillFolder } from '../../host/registry/find-skill-folders';
import { readListedSkillFolder, readSkillFolder } from '../../host/registry/scan';
import type { CommandImpl } from '../command';
import { stringFlag } from '../command';
import { colours, UsageError, writeJson } from '../io';
import { formatDiagnostic, plural } from '../format';

/** A folder to read as a skill: a path, or one the walk already listed. */
type SkillFolder = string | FoundSkillFolder;

/** What the report shows of one skill checked. */
interface Checked {
  dir: string;
  name: string;
  skillMdPath: string | null;
  diagnostics: Diagnostic[];
}

/**
 * The skill folders a PATH names: a skill folder, its SKILL.md, or a folder of skill
 * folders. A folder with no skill anywhere in it is taken as a skill folder that
 * lacks its SKILL.md (SKILL_MD_MISSING), never as nothing to check. The CLI waits for
 * the answer anyway, so the walk uses synchronous calls (scan-io.ts).
 */
export async function foldersFor(target: string): Promise<SkillFolder[]> {
  const st = statSync(target);
  if (st.isFile()) return [path.dirname(target)];
  // A skill folder is checked as itself, without walking its sidecars.
  const self = await findSkillFolders(target, { maxDepth: 0, sync: true });
  if (self.length > 0) return self;
  const found = await findSkillFolders(target, { sync: true });
  return found.length > 0 ? found : [target];
}

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
    const profile = client ? baseProfileFor(client) : 'studio';
    const folders: SkillFolder[] = [];
    for (const p of ctx.positionals) {
      const abs = path.resolve(ctx.io.cwd, p);
      if (!existsSync(abs)) throw new UsageError(`${p}: no such file or folder`);
      folders.push(...(await foldersFor(abs)));
    }
    const records: Checked[] = [];
    // Only diagnostics are reported: the file count would list every sidecar folder again.
    const opts = { profile, sync: true, countFiles: false } as const;
    for (const f of folders) {
      const r =
        typeof f === 'string'
          ? await readSkillFolder(f, 'project', opts)
          : await readListedSkillFolder(f, 'project', opts);
      // Only what the report shows is kept: 10,000 whole records would keep the GC busy.
      records.push({
        dir: r.dir,
        name: r.summary.name,
        skillMdPath: r.skillMdPath,
        diagnostics: client ? clientRecordDiagnostics(r, client) : r.diagnostics,
      });
    }

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
