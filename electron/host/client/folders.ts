/**
 * Skill folders named by path, read without a workspace: `validate PATH…` and the path
 * targets of `portability`. The walk and the reads use synchronous calls (scan-io.ts): the
 * caller waits for the answer anyway, and a thread-pool round trip per file costs more.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { baseProfileFor, isClientId } from '../../../shared/skill/client-profiles';
import type { SkillRecord } from '../../../shared/skill/model';
import { clientRecordDiagnostics } from '../portability/portability';
import { findSkillFolders, type FoundSkillFolder } from '../registry/find-skill-folders';
import { readListedSkillFolder, readSkillFolder, type ValidationProfile } from '../registry/scan';
import type { CheckedSkill, CliMethods } from './cli-methods';
import type { DomainHandlers } from './domain';

/** A folder to read as a skill: a path, or one the walk already listed. */
export type SkillFolder = string | FoundSkillFolder;

/**
 * The skill folders a path names: a skill folder, its SKILL.md, or a folder of skill
 * folders. A folder with no skill anywhere in it is taken as a skill folder that lacks its
 * SKILL.md (SKILL_MD_MISSING), never as nothing to check.
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

/** Reads one folder as a project skill with `profile`. */
export function readFolder(
  folder: SkillFolder,
  opts: { profile: ValidationProfile; countFiles?: boolean },
): Promise<SkillRecord> {
  // countFiles left out keeps the scan's default (count them).
  const o = { ...opts, sync: true as const };
  if (opts.countFiles === undefined) delete o.countFiles;
  return typeof folder === 'string'
    ? readSkillFolder(folder, 'project', o)
    : readListedSkillFolder(folder, 'project', o);
}

export const handlers: DomainHandlers<'folders.validate'> = {
  async 'folders.validate'({ targets, profile: asked }) {
    // A client id reads with that client's base profile, then through its rules.
    const client = isClientId(asked) ? asked : null;
    const profile = client ? baseProfileFor(client) : 'studio';
    const folders: SkillFolder[] = [];
    for (const t of targets) folders.push(...(await foldersFor(t)));
    const checked: CheckedSkill[] = [];
    for (const f of folders) {
      // Only diagnostics are reported: the file count would list every sidecar folder again.
      const r = await readFolder(f, { profile, countFiles: false });
      // Only what the report shows is kept: 10,000 whole records would keep the GC busy.
      checked.push({
        dir: r.dir,
        name: r.summary.name,
        skillMdPath: r.skillMdPath,
        diagnostics: client ? clientRecordDiagnostics(r, client) : r.diagnostics,
      });
    }
    return checked satisfies CliMethods['folders.validate'][1];
  },
};
