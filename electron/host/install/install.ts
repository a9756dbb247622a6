/**
 * Installing skills into an agent client's skills folder, and removing them again.
 *
 * An install checks the skill with the target client's portability check (errors
 * refuse it unless forced), then writes it so that no reader ever sees half a skill:
 * a copy goes to a temp folder beside the target and is renamed into place, a link is
 * made under a temp name and renamed; replacing an existing skill is bundle import's
 * atomic swap. A skill of that name already there is not touched unless the caller
 * chose replace, keep or rename: the result says `conflict` and carries the file diff
 * and both SKILL.md texts. What was written is recorded in the folder's lockfile, and
 * uninstall removes exactly that: a copy only when its files are still the ones
 * installed (or when forced), a link only when it still is the link installed.
 * Whatever else sits at a recorded name (a folder without SKILL.md, a file, a link where
 * a copy was) is not the skill installed: uninstall and update never replace or remove
 * it, even when forced. The skills folder itself must really lie in the project (or the
 * home folder): clients.ts checks it before anything is written.
 */
import {
  lstat,
  readFile,
  readlink,
  realpath,
  rename,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import type {
  FileChanges,
  InstallCheck,
  InstallConflict,
  InstallConflictChoice,
  InstallMode,
  InstallOutcome,
  InstallReport,
  InstallScope,
  UninstallResult,
} from '../../../shared/api/install';
import { cellStatus, checkForClient, type ClientId } from '../../../shared/skill/client-profiles';
import { withFrontmatterName } from '../../../shared/skill/set-name';
import { swapIn } from '../bundle/import-bundle';
import { tempNameFor } from '../fs/atomic-write';
import { readRegularFile } from '../fs/safe-read';
import { InvalidRequestError, NotFoundError, ConflictError } from '../fs/errors';
import { existsNoFollow, firstFreeName, keepBothName } from '../fs/free-name';
import { checkedInstallFolder, type InstallRoots } from './clients';
import { folderNameProblem } from './folder-name';
import { withoutCredentials } from './git-source';
import type { OpenedSource, SourceSkill } from './install-source';
import type { LockTrust } from './lock-trust';
import { lockfilePath, readLockfile, updateLockfile, type LockEntry } from './lockfile';
import {
  compareFiles,
  copySnapshot,
  hasChanges,
  snapshotSkill,
  type SkillSnapshot,
} from '../fs/skill-tree';
import { logSwallowed } from '../log';

export interface InstallRequest {
  client: ClientId;
  scope: InstallScope;
  roots: InstallRoots;
  mode?: InstallMode;
  /** Names (or paths inside the source) of the skills to install; default: every one. */
  pick?: readonly string[];
  onConflict?: InstallConflictChoice;
  /** Install even when the client's check reports errors. */
  force?: boolean;
  /** Where this user's own lockfiles are recorded (lock-trust.ts); unset: not recorded. */
  trust?: LockTrust;
}

/**
 * The client's verdict on a skill, as it would be named in the target folder. This is
 * the portability check of shared/skill/client-profiles.ts, the same cell the
 * Portability panel and `skill-studio portability` show.
 */
export function checkSkillForClient(
  skillMd: string,
  client: ClientId,
  folderName: string,
): InstallCheck {
  const diagnostics = checkForClient(skillMd, client, { folderName });
  return { client, status: cellStatus(diagnostics), diagnostics };
}

/** The skills of `source` that `pick` names (all when unset); unknown names are refused. */
export function pickSkills(source: OpenedSource, pick?: readonly string[]): SourceSkill[] {
  if (source.skills.length === 0)
    throw new InvalidRequestError(
      `${source.ref.location} holds no skills (no folder with SKILL.md)`,
    );
  if (!pick || pick.length === 0) return source.skills;
  const chosen: SourceSkill[] = [];
  for (const want of pick) {
    const hit = source.skills.find(
      (s) => s.name === want || s.subpath === want || path.basename(s.dir) === want,
    );
    if (!hit)
      throw new NotFoundError(
        `${source.ref.location} has no skill "${want}" (it has: ${source.skills.map((s) => s.name).join(', ')})`,
        want,
      );
    if (!chosen.includes(hit)) chosen.push(hit);
  }
  return chosen;
}

/** A snapshot of whatever is at `target` now, or null when it cannot be read as a skill. */
async function snapshotExisting(target: string): Promise<SkillSnapshot | null> {
  try {
    return await snapshotSkill(await realpath(target));
  } catch {
    return null;
  }
}

/**
 * A SKILL.md to show beside a conflict, or null. What sits at an install name may be a
 * link a repository committed: a regular file of at most 1 MiB is read, never a device
 * or a pipe that would block or never end.
 */
async function readText(file: string): Promise<string | null> {
  try {
    return (await readRegularFile(file, file, { maxBytes: 1024 * 1024 })).data.toString('utf8');
  } catch {
    return null;
  }
}

async function describeConflict(
  target: string,
  skill: SourceSkill,
  folder: string,
): Promise<InstallConflict> {
  const existing = await snapshotExisting(target);
  const incoming = skill.snapshot as SkillSnapshot;
  return {
    path: target,
    changes: compareFiles(existing?.files ?? {}, incoming.files),
    existingSkillMd: await readText(path.join(target, 'SKILL.md')),
    incomingSkillMd: skill.skillMd,
    renameAs: await firstFreeName(folder, keepBothName(skill.name)),
    existingIsLink: (await lstat(target)).isSymbolicLink(),
  };
}

/** Puts `skill` at `target` (temp beside it, then rename or swap); returns what was written. */
async function placeSkill(
  skill: SourceSkill,
  target: string,
  mode: InstallMode,
  replace: boolean,
): Promise<SkillSnapshot | null> {
  const staging = tempNameFor(target);
  let written: SkillSnapshot | null = null;
  try {
    if (mode === 'link') {
      await symlink(skill.dir, staging, process.platform === 'win32' ? 'junction' : 'dir');
    } else {
      await mkdir(staging);
      await copySnapshot(skill.dir, skill.snapshot as SkillSnapshot, staging);
      const name = path.basename(target);
      if (name !== skill.name) {
        const md = path.join(staging, 'SKILL.md');
        await writeFile(md, withFrontmatterName(await readFile(md, 'utf8'), name));
      }
      // What the lockfile records is what is on disk, not what the source held a moment ago.
      written = await snapshotSkill(staging);
    }
    if (replace && (await existsNoFollow(target))) await swapIn(staging, target);
    else {
      if (await existsNoFollow(target))
        throw new ConflictError(`${target} appeared while installing`, target, null);
      await rename(staging, target);
    }
  } catch (err) {
    await rm(staging, { recursive: true, force: true }).catch(
      logSwallowed('remove the staging folder of an install'),
    );
    throw err;
  }
  return written;
}

function lockEntry(
  skill: SourceSkill,
  source: OpenedSource,
  client: ClientId,
  mode: InstallMode,
  written: SkillSnapshot | null,
): LockEntry {
  const snap = written ?? (skill.snapshot as SkillSnapshot);
  return {
    name: skill.name,
    client,
    source: {
      kind: source.ref.kind,
      // An update opens the location an older lockfile recorded, credentials and all.
      location: withoutCredentials(source.ref.location),
      subpath: skill.subpath,
    },
    commit: source.commit,
    hash: snap.hash,
    mode,
    installed_at: new Date().toISOString(),
    files:
      mode === 'link'
        ? {}
        : Object.fromEntries(Object.entries(snap.files).map(([k, f]) => [k, f.hash])),
  };
}

/**
 * Installs the picked skills of an opened source into the client's folder. Hostile
 * skills refuse the whole request before anything is written; a client check with
 * errors or an unresolved conflict leaves that skill out and says so in its outcome.
 */
export async function installSkills(
  source: OpenedSource,
  req: InstallRequest,
): Promise<InstallReport> {
  const folder = await checkedInstallFolder(req.client, req.scope, req.roots);
  const mode = req.mode ?? 'copy';
  if (mode === 'link' && source.ref.kind !== 'folder')
    throw new InvalidRequestError(
      `--link needs a local folder to link to; ${source.ref.location} is a ${source.ref.kind} source`,
    );
  const skills = pickSkills(source, req.pick);
  const hostile = skills.filter((s) => s.problem !== null);
  if (hostile.length > 0)
    throw new InvalidRequestError(
      hostile.map((s) => s.problem).join('; ') +
        (skills.length > hostile.length ? ' (pick the others with --skill NAME)' : ''),
    );

  const outcomes: InstallOutcome[] = [];
  const entries: Record<string, LockEntry> = {};
  for (const skill of skills) {
    let installedAs = skill.name;
    let target = path.join(folder, installedAs);
    const check = checkSkillForClient(skill.skillMd, req.client, installedAs);
    const base = { name: skill.name, mode, check };
    if (check.status === 'fail' && !req.force) {
      outcomes.push({
        ...base,
        installedAs,
        path: target,
        result: 'refused',
        reason: `${check.diagnostics.filter((d) => d.severity === 'error').length} error(s) for this client; fix them or install anyway (--force)`,
      });
      continue;
    }
    let result: InstallOutcome['result'] = 'installed';
    if (await existsNoFollow(target)) {
      if ((await realpath(target).catch(() => target)) === (await realpath(skill.dir))) {
        outcomes.push({
          ...base,
          installedAs,
          path: target,
          result: 'kept',
          reason: 'it is this very folder',
        });
        continue;
      }
      if (!req.onConflict) {
        const conflict = await describeConflict(target, skill, folder);
        outcomes.push({ ...base, installedAs, path: target, result: 'conflict', conflict });
        continue;
      }
      if (req.onConflict === 'keep') {
        outcomes.push({ ...base, installedAs, path: target, result: 'kept' });
        continue;
      }
      if (req.onConflict === 'rename') {
        installedAs = await firstFreeName(folder, keepBothName(skill.name));
        target = path.join(folder, installedAs);
        result = 'renamed';
      } else result = 'replaced';
    }
    await mkdir(folder, { recursive: true });
    const written = await placeSkill(skill, target, mode, result === 'replaced');
    entries[installedAs] = lockEntry(skill, source, req.client, mode, written);
    outcomes.push({ ...base, installedAs, path: target, result });
  }
  if (Object.keys(entries).length > 0)
    await updateLockfile(folder, (locked) => Object.assign(locked, entries), req.trust);
  return {
    client: req.client,
    scope: req.scope,
    folder,
    lockfile: lockfilePath(folder),
    skills: outcomes,
  };
}

/**
 * What is at an installed name now, compared with its lockfile entry: nothing, the skill
 * installed (unedited or edited since), or something else (`foreign`: never replaced or
 * removed by uninstall or update, forced or not).
 */
export type InstalledState =
  | { kind: 'missing' }
  | { kind: 'unedited' }
  | { kind: 'edited'; changes: FileChanges }
  | { kind: 'foreign'; why: string };

export async function installedState(
  folder: string,
  installedAs: string,
  entry: LockEntry,
): Promise<InstalledState> {
  const bad = folderNameProblem(installedAs);
  if (bad)
    return { kind: 'foreign', why: `${JSON.stringify(installedAs)} is no folder name (${bad})` };
  const target = path.join(folder, installedAs);
  const st = await lstat(target).catch(() => null);
  if (!st) return { kind: 'missing' };
  if (entry.mode === 'link') {
    const to = st.isSymbolicLink() ? await readlink(target).catch(() => null) : null;
    const linked = path.resolve(entry.source.location, entry.source.subpath);
    return to !== null && path.resolve(folder, to) === linked
      ? { kind: 'unedited' }
      : { kind: 'foreign', why: `${target} is not the link to ${linked} installed` };
  }
  if (st.isSymbolicLink())
    return { kind: 'foreign', why: `${target} is a symbolic link, not the copy installed` };
  if (!st.isDirectory()) return { kind: 'foreign', why: `${target} is not a folder` };
  let now: SkillSnapshot;
  try {
    now = await snapshotSkill(target);
  } catch (err) {
    return {
      kind: 'foreign',
      why: `${target} is not the skill installed (${err instanceof Error ? err.message : String(err)})`,
    };
  }
  const recorded = Object.fromEntries(
    Object.entries(entry.files).map(([k, hash]) => [
      k,
      { hash, executable: now.files[k]?.executable ?? false },
    ]),
  );
  const changes = compareFiles(recorded, now.files);
  return hasChanges(changes) ? { kind: 'edited', changes } : { kind: 'unedited' };
}

/**
 * Replaces an installed copy with a source's newer version (`update`), relocking it.
 * What is there is checked again first: only the skill installed is replaced (an edited
 * one only with `force`), never something else that took its name.
 */
export async function reinstallSkill(
  folder: string,
  installedAs: string,
  skill: SourceSkill,
  source: OpenedSource,
  prior: LockEntry,
  opts: { force?: boolean; trust?: LockTrust } = {},
): Promise<void> {
  const state = await installedState(folder, installedAs, prior);
  if (state.kind === 'foreign')
    throw new ConflictError(`${state.why}; left alone, remove or move it by hand`, folder, null);
  if (state.kind === 'edited' && !opts.force)
    throw new ConflictError(
      `${path.join(folder, installedAs)} was edited since its install`,
      folder,
      null,
    );
  const written = await placeSkill(skill, path.join(folder, installedAs), prior.mode, true);
  const entry = lockEntry(skill, source, prior.client, prior.mode, written);
  await updateLockfile(
    folder,
    (locked) => {
      locked[installedAs] = entry;
    },
    opts.trust,
  );
}

/**
 * Removes a skill this tool installed (it must be in the lockfile): a link only while it
 * is the link installed, a copy only while its files are those installed, unless
 * `force`. NAME is one folder name; anything else at that name is never removed.
 */
export async function uninstallSkill(
  name: string,
  client: ClientId,
  scope: InstallScope,
  roots: InstallRoots,
  opts: { force?: boolean; trust?: LockTrust } = {},
): Promise<UninstallResult> {
  const bad = folderNameProblem(name);
  if (bad)
    throw new InvalidRequestError(
      `${JSON.stringify(name)} is not an installed skill's folder name (${bad}); nothing removed`,
      name,
    );
  const folder = await checkedInstallFolder(client, scope, roots);
  const lock = await readLockfile(folder);
  const entry = Object.hasOwn(lock.skills, name) ? lock.skills[name] : undefined;
  if (!entry)
    throw new NotFoundError(
      `${name} was not installed into ${folder} by skill-studio (no entry in its skills-lock.json); nothing removed`,
      name,
    );
  const target = path.join(folder, name);
  const state = await installedState(folder, name, entry);
  if (state.kind === 'foreign')
    throw new ConflictError(`${state.why}; nothing removed, remove it by hand`, target, null);
  if (state.kind === 'edited' && !opts.force) {
    const { added, removed, changed } = state.changes;
    throw new ConflictError(
      `${target} changed since it was installed (${[...added, ...removed, ...changed].join(', ')}); pass --force to remove it anyway`,
      target,
      null,
    );
  }
  if (state.kind !== 'missing') {
    // Out of sight in one rename first, so no reader sees a half-deleted skill.
    const away = tempNameFor(target);
    await rename(target, away);
    await rm(away, { recursive: true, force: true });
  }
  await updateLockfile(
    folder,
    (locked) => {
      delete locked[name];
    },
    opts.trust,
  );
  return { name, path: target, folder, mode: entry.mode };
}
