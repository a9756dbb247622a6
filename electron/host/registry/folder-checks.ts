/**
 * Skill folders named by path, read without a workspace: `validate PATH…` and the path
 * targets of `portability`. The walk and the reads use synchronous calls (scan-io.ts): the
 * caller waits for the answer anyway, and a thread-pool round trip per file costs more.
 * Many folders are checked by this thread and worker threads together
 * (registry/scan-parallel.ts): the same report, in the same order. Then what no skill shows
 * alone: cycles through `skills:` and names two skills found under one folder argument share.
 */
import path from 'node:path';
import { baseProfileFor, isClientId, type ClientId } from '../../../shared/skill/client-profiles';
import type { Diagnostic } from '../../../shared/check/diagnostics';
import type { SkillRecord } from '../../../shared/skill/model';
import { nameConflictDiagnostic, skillCycleDiagnostic } from '../../../shared/skill/validate';
import { findSkillFolders, type FoundSkillFolder } from './find-skill-folders';
import { compositionCycles } from './skill-cycles';
import { nameKey } from './skill-name';
import { readSkillFolderOrListed, type ValidationProfile } from './scan';
import { settledIO, syncScanCalls, syncScanIO } from './scan-io';
import { keptOrRead } from './kept-run';
import type { RunRecorder } from './run-recorder';
import {
  openVerdictCache,
  withKeptVerdicts,
  type VerdictCache,
  type VerdictCacheOptions,
} from './verdict-cache';
import { folderChecker, packFolder, type CheckedFolder } from './scan-jobs';
import { readAll, type ParallelOptions } from './scan-parallel';

/** One skill as `validate` reports it (whichever thread read it: scan-jobs.ts). */
type CheckedSkill = CheckedFolder;

/** A folder to read as a skill: a path, or one the walk already listed. */
export type SkillFolder = string | FoundSkillFolder;

/**
 * The skill folders a path names: a skill folder, its SKILL.md, or a folder of skill
 * folders. A folder with no skill anywhere in it is taken as a skill folder that lacks its
 * SKILL.md (SKILL_MD_MISSING), never as nothing to check.
 */
export async function foldersFor(target: string, io = syncScanIO): Promise<SkillFolder[]> {
  const st = await io.stat(target);
  if (st.isFile()) return [path.dirname(target)];
  // A skill folder is checked as itself, without walking its sidecars.
  const self = await findSkillFolders(target, { maxDepth: 0, io });
  if (self.length > 0) return self;
  const found = await findSkillFolders(target, { io });
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
  return readSkillFolderOrListed(folder, 'project', o);
}

/**
 * What `validate` reports of each folder, in order: read as project skills with `profile`
 * (with `client`, its base profile, then seen through its rules). `parallel`: how worker
 * threads may share the reading (true: when it pays).
 */
export function checkFolders(
  folders: readonly SkillFolder[],
  profile: ValidationProfile,
  client: ClientId | null,
  parallel: boolean | ParallelOptions,
  recordInputs: { runStart: number } | null = null,
): Promise<CheckedSkill[]> {
  const checkFolder = folderChecker(profile, client, recordInputs);
  const check = (i: number) => checkFolder(folders[i]);
  return readAll(folders.length, check, {
    options: parallel === true ? {} : parallel || null,
    job: () => ({
      kind: 'folders',
      folders: folders.map(packFolder),
      profile,
      client,
      recordInputs,
    }),
  });
}

/**
 * TOPOLOGY_SKILL_CYCLE on each checked skill whose `skills:` lead back to it through other
 * checked skills, names resolved among them (the first folder of a name answers to it), as
 * the registry does over a workspace (registry/skill-index.ts).
 */
export function addSkillCycles(checked: CheckedSkill[]): void {
  if (!checked.some((c) => c.composes.length > 0)) return;
  const byKey = new Map<string, CheckedSkill>();
  for (const c of checked) if (!byKey.has(nameKey(c.name))) byKey.set(nameKey(c.name), c);
  for (const [key, chain] of compositionCycles(byKey)) {
    const c = byKey.get(key)!;
    c.diagnostics = [...c.diagnostics, skillCycleDiagnostic(chain, c.skillsPosition ?? undefined)];
  }
}

/**
 * SKILL_NAME_CONFLICT on each checked skill whose name (compared as the registry compares
 * names) another skill of the same source has too. `sourceOf[i]` names the source of
 * `checked[i]`: the skills one folder argument's walk found are one source, where a call by
 * that name could not tell them apart (registry/skill-index.ts flags the same); skills named
 * by separate paths, each in its own folder, are not.
 */
export function addNameConflicts(checked: CheckedSkill[], sourceOf: readonly number[]): void {
  const byKey = new Map<string, CheckedSkill[]>();
  checked.forEach((c, i) => {
    const key = `${sourceOf[i]}\0${nameKey(c.name)}`;
    const group = byKey.get(key);
    if (group) group.push(c);
    else byKey.set(key, [c]);
  });
  for (const group of byKey.values()) {
    if (group.length < 2) continue;
    // A folder named twice on the command line is one skill, not two.
    const dirs = [...new Set(group.map((c) => path.resolve(c.dir)))];
    if (dirs.length < 2) continue;
    for (const c of group) {
      const others = dirs.filter((d) => d !== path.resolve(c.dir));
      const conflict = nameConflictDiagnostic(c.name, others, c.namePosition ?? undefined);
      c.diagnostics = [...c.diagnostics, conflict];
    }
  }
}

/** A folder the walk listed can have its verdict kept; one named by path is read every time. */
const keptAt = (f: SkillFolder) => (typeof f === 'string' ? null : f);

/**
 * The skills each target names (a skill folder, its SKILL.md, or a folder of skills), each
 * read and checked with `asked` (a client id: its base profile, then its rules), then the
 * checks across them. `verdicts`: where unchanged folders' verdicts are kept between runs.
 */
export async function validateFolders(
  targets: readonly string[],
  asked: 'studio' | ClientId,
  verdicts: VerdictCacheOptions | null | undefined,
): Promise<CheckedSkill[]> {
  if (!verdicts?.dir) return checkTargets(targets, asked, null, null);
  const scope = `validate\0${asked}\0${targets.join('\0')}`;
  // The report an earlier run kept (kept-run.ts): its targets as resolved here are part of
  // what it was made from.
  const resolved = targets.map((t) => path.resolve(t));
  const of = {
    cache: { dir: verdicts.dir, buildId: verdicts.buildId },
    scope,
    runScope: `${asked}\0${resolved.join('\0')}`,
    seeded: () => false,
    isResult: isReport,
  };
  return keptOrRead(of, (opened, run) =>
    checkTargets(targets, asked, openVerdictCache<CheckedSkill>(verdicts, scope, opened), run),
  );
}

/** A kept report's shape, as far as the callers rely on it. */
function isReport(v: unknown): v is CheckedSkill[] {
  return (
    Array.isArray(v) &&
    v.every(
      (c: Partial<CheckedSkill> | null) =>
        typeof c === 'object' &&
        c !== null &&
        typeof c.dir === 'string' &&
        typeof c.name === 'string' &&
        Array.isArray(c.diagnostics) &&
        c.diagnostics.every(isDiagnostic) &&
        Array.isArray(c.composes),
    )
  );
}

/** A diagnostic as the report prints it (a kept one of another shape is no report). */
function isDiagnostic(d: Partial<Diagnostic> | null): boolean {
  return (
    typeof d === 'object' &&
    d !== null &&
    typeof d.severity === 'string' &&
    typeof d.code === 'string' &&
    typeof d.message === 'string' &&
    typeof d.line === 'number' &&
    typeof d.column === 'number'
  );
}

/**
 * validateFolders' reading: with `kept`, kept verdicts stand in for unchanged folders, and
 * `run` records what the report is made from.
 */
async function checkTargets(
  targets: readonly string[],
  asked: 'studio' | ClientId,
  kept: VerdictCache<CheckedSkill> | null,
  run: RunRecorder | null,
): Promise<CheckedSkill[]> {
  const client = isClientId(asked) ? asked : null;
  const profile = client ? baseProfileFor(client) : 'studio';
  // Kept verdicts of the folders the walk listed (verdict-cache.ts), which lists the
  // unchanged folders from their kept listings; the checks across skills below run over
  // them every time.
  const calls = kept ? kept.listings.calls(syncScanCalls) : syncScanCalls;
  const io = settledIO(run ? run.calls(calls) : calls);
  const folders: SkillFolder[] = [];
  const sourceOf: number[] = [];
  for (const [i, t] of targets.entries()) {
    for (const f of await foldersFor(t, io)) {
      folders.push(f);
      sourceOf.push(i);
    }
  }
  const checked = await withKeptVerdicts(
    kept,
    folders,
    keptAt,
    (misses) => checkFolders(misses, profile, client, true, kept && { runStart: kept.runStart }),
    run,
  );
  await kept?.save();
  addSkillCycles(checked);
  // agentskills.io has no rule across skills, and its reference validator checks one skill
  // at a time: under `spec`, a shared name is nobody's finding.
  if (client !== 'spec') addNameConflicts(checked, sourceOf);
  return checked;
}
