/**
 * Whole-skill operations on disk: delete (to the trash when there is one), rename (folder
 * and `name:` together) and duplicate. Each leaves either the old state or the new one:
 * a rename whose SKILL.md cannot be rewritten moves the folder back; a duplicate is
 * built in a temp folder and renamed into place. The caller (the host) decides which
 * skills may be changed; these functions only check names and paths.
 */
import { copyFile, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { constants as fsConstants } from 'node:fs';
import path from 'node:path';
import { checkName } from '../../../shared/skill/name-rules';
import { withFrontmatterName } from '../../../shared/skill/set-name';
import { isBundleIgnored } from '../fs/ignored-names';
import { MAX_BUNDLE_ENTRIES } from '../bundle/export-bundle';
import { walkSkillTree } from '../fs/walk-tree';
import { tempNameFor, writeFileAtomic } from '../fs/atomic-write';
import {
  ExistsError,
  FileServiceError,
  InvalidRequestError,
  toFileServiceError,
  TooLargeError,
} from '../fs/errors';
import { copyName, existsNoFollow, firstFreeName } from '../fs/free-name';
import type { Trash } from './trash';
import { errorMessage } from '../../../shared/errors';
import { logSwallowed } from '../log';

/** Refuses a name that is not a valid skill name (it becomes a folder name too). */
export function assertSkillName(name: string): void {
  const problems = checkName(name).filter((p) => p.severity === 'error');
  const why =
    name.trim() === ''
      ? 'it is empty'
      : name !== name.trim()
        ? 'spaces around it'
        : problems.map((p) => p.message).join('; ');
  if (why) {
    throw new InvalidRequestError(`'${name}' is not a valid skill name: ${why}`);
  }
}

/** SKILL.md (or the lowercase skill.md the scan accepts) inside a folder, or null. */
async function skillMdIn(dir: string): Promise<string | null> {
  const names = await readdir(dir);
  const found =
    names.find((n) => n === 'SKILL.md') ?? names.find((n) => n.toLowerCase() === 'skill.md');
  return found ? path.join(dir, found) : null;
}

/** Sets `name:` in the folder's SKILL.md (atomically), when it has one. */
async function setSkillMdName(dir: string, name: string): Promise<void> {
  const file = await skillMdIn(dir);
  if (!file) return;
  const text = await readFile(file, 'utf8');
  const next = withFrontmatterName(text, name);
  if (next !== text) await writeFileAtomic(file, next);
}

export type DeleteOutcome = { trashed: boolean };

/**
 * Deletes a skill folder: into `trash` when there is one, permanently only when the
 * caller says so (the UI asked the user, saying it cannot be undone).
 */
export async function deleteSkillFolder(
  dir: string,
  trash: Trash | null,
  opts: { permanent?: boolean } = {},
): Promise<DeleteOutcome> {
  const shown = path.basename(dir);
  if (!(await existsNoFollow(dir))) throw toFileServiceError({ code: 'ENOENT' }, shown);
  if (trash && !opts.permanent) {
    try {
      await trash.put(dir);
    } catch (err) {
      const detail = errorMessage(err);
      throw new FileServiceError(
        'internal',
        `Could not move ${shown} to ${trash.label}: ${detail}`,
      );
    }
    return { trashed: true };
  }
  if (!opts.permanent) {
    throw new InvalidRequestError(
      `there is no trash here: deleting ${shown} would be permanent, and that was not asked for`,
      shown,
    );
  }
  await rm(dir, { recursive: true, force: true });
  return { trashed: false };
}

/**
 * Renames a skill: its folder becomes `<parent>/<to>` and its SKILL.md's `name:` becomes
 * `to`. Refuses when `to` exists. Returns the new folder.
 */
export async function renameSkillFolder(dir: string, to: string): Promise<string> {
  assertSkillName(to);
  const target = path.join(path.dirname(dir), to);
  if (target === dir) {
    await setSkillMdName(dir, to);
    return dir;
  }
  // A case-only rename is the same folder on a case-insensitive disk: lstat finds "it".
  const caseOnly = target.toLowerCase() === dir.toLowerCase();
  if (!caseOnly && (await existsNoFollow(target))) {
    throw new ExistsError(`a skill folder named "${to}" already exists beside it`, to);
  }
  await rename(dir, target).catch((err: unknown) => {
    throw toFileServiceError(err, to);
  });
  try {
    await setSkillMdName(target, to);
  } catch (err) {
    // The folder and its name change together or not at all.
    await rename(target, dir).catch(logSwallowed('put back a skill folder after a failed rename'));
    throw toFileServiceError(err, `${to}/SKILL.md`);
  }
  return target;
}

/**
 * Copies a skill's tree as export would bundle it (fs/walk-tree.ts: a link inside the skill
 * is copied as what it points to, one leading outside is left out, and so is what export
 * leaves out: `.git`, `node_modules`, …), modes kept.
 */
async function copySkillTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  const { entries, truncated } = await walkSkillTree(from, {
    ignore: isBundleIgnored,
    includeDirs: true,
    maxEntries: MAX_BUNDLE_ENTRIES,
  });
  if (truncated) {
    throw new TooLargeError(
      `The skill has more than ${MAX_BUNDLE_ENTRIES} files or folders nested too deep to copy`,
    );
  }
  // Sorted by path: a folder comes before what it holds.
  for (const e of entries) {
    const dst = path.join(to, ...e.path.split('/'));
    if (e.dir) await mkdir(dst, { recursive: true });
    else await copyFile(e.realPath, dst, fsConstants.COPYFILE_EXCL);
  }
}

/**
 * Copies a skill into `intoDir` as `name` (default: `<its folder name>-copy`, then
 * `-copy-2`, …) with `name:` updated. Built in a temp folder, then renamed into place.
 * Returns the new folder.
 */
export async function duplicateSkillFolder(
  dir: string,
  intoDir: string,
  name?: string,
): Promise<string> {
  await mkdir(intoDir, { recursive: true });
  // A name given is checked; the default one is as good as the original's folder name.
  if (name !== undefined) assertSkillName(name);
  const to = name ?? (await firstFreeName(intoDir, copyName(path.basename(dir))));
  const target = path.join(intoDir, to);
  if (await existsNoFollow(target)) {
    throw new ExistsError(`a skill folder named "${to}" already exists`, to);
  }
  const staging = tempNameFor(target);
  try {
    await copySkillTree(dir, staging);
    await setSkillMdName(staging, to);
    if (await existsNoFollow(target)) {
      throw new ExistsError(`a skill folder named "${to}" already exists`, to);
    }
    await rename(staging, target);
  } catch (err) {
    await rm(staging, { recursive: true, force: true }).catch(
      logSwallowed('remove the staging folder of a duplicate'),
    );
    throw toFileServiceError(err, to);
  }
  return target;
}
