/**
 * Discovery (docs/contracts.md, Discovery): each source folder is scanned depth-1 for
 * sub-folders holding SKILL.md, and each found folder is read into a SkillRecord by
 * record building (skill-record.ts: the bounded SKILL.md reader of skill-md-file.ts,
 * the validator, the one tree walker of fs/walk-tree.ts for files_count). Built for
 * large trees (a scan of 10,000 skills should cost little more than reading and parsing
 * their SKILL.md files): the listing that finds SKILL.md also starts the file count,
 * jobs run with bounded concurrency, and nothing is stat'ed that a directory entry
 * already describes. One-shot callers (the CLI) scan with synchronous calls (`sync`,
 * scan-io.ts): the same calls, without thread-pool waits; with `parallel`, worker threads
 * read a large folder's skills together with this thread (scan-parallel.ts), each
 * skill through readCandidate whichever thread reads it.
 *
 * Never throws for what is on disk: unreadable, huge or binary files become
 * diagnostics on the skill; a folder that vanishes mid-scan is simply absent.
 */
import type { Dirent } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../../../shared/check/diagnostics';
import { SKILL_SOURCES, type SkillRecord, type SkillSource } from '../../../shared/skill/model';
import { skillMdMissingDiagnostic } from '../../../shared/skill/validate';
import type { Position } from '../../../shared/check/yaml-source';
import { readAll, type ParallelRead } from './scan-parallel';
import { packEntries } from './listed-entries';
import {
  resolveScanOptions,
  workerScanOptions,
  type ResolvedScan,
  type ScanOptions,
} from './scan-options';
import { recordFresh, withKeptSkills } from './kept-skills';
import { buildRecord, folderProblem, readSkill, type ScannedSkill } from './skill-record';
import type { SourceFolder } from './sources';
import { isGone, messageOf } from './skill-md-file';
import {
  listSourceFolder,
  realSkillDir,
  skillCandidates,
  type SourceListing,
} from './source-listing';

export { nameKey } from './skill-name';
export { SCAN_DEFAULTS } from './source-listing';
export type { ScanOptions, ValidationProfile } from './scan-options';
export type { ScannedSkill } from './skill-record';

export interface FolderScan {
  folder: SourceFolder;
  folderIndex: number;
  /** The source folder exists (and is a folder). */
  exists: boolean;
  /** The source folder itself holds SKILL.md: it is one skill, not a folder of skills. */
  singleSkill: boolean;
  skills: ScannedSkill[];
  /** Problems with the source folder itself (unreadable, too many skills); `file` names it. */
  problems: Diagnostic[];
}

/** Runs a file-system job within the bound (synchronous calls need none: one runs at a time). */
function limited<T>(r: ResolvedScan, job: () => Promise<T>): Promise<T> {
  return r.limiter ? r.limiter.run(job) : job();
}

/**
 * `job` for every item, results in the items' order: all at once within the bound, or,
 * for synchronous calls, one after another (starting thousands at once would only hold
 * them all in memory together), shared with worker threads when `r.parallel` allows
 * (`parallel` says what they run for the same items).
 */
async function forEachItem<T, R>(
  r: ResolvedScan,
  items: readonly T[],
  job: (item: T) => Promise<R>,
  parallel: Omit<ParallelRead<R>, 'options'>,
): Promise<R[]> {
  const { limiter } = r;
  if (limiter) return Promise.all(items.map((item) => limiter.run(() => job(item))));
  return readAll(items.length, (i) => job(items[i]), { ...parallel, options: r.parallel });
}

/** The source folder whose sub-folders are read as skills: what reading one needs. */
export interface CandidatesAt {
  folder: SourceFolder;
  folderIndex: number;
  /** Real path of the source folder. */
  realSource: string;
}

/**
 * Reads one sub-folder of a source folder (an entry of its listing) as a skill: null when
 * it is not a skill folder (see realSkillDir and readSkill).
 */
export async function readCandidate(
  at: CandidatesAt,
  entry: Dirent,
  r: ResolvedScan,
): Promise<ScannedSkill | Diagnostic | null> {
  const dir = path.join(at.folder.dir, entry.name);
  const realDir = await realSkillDir(entry, dir, at.realSource, r.io);
  if (realDir === null) return null;
  const { folder, folderIndex } = at;
  return readSkill({ folder, folderIndex, dir, realDir, linked: entry.isSymbolicLink() }, r);
}

/** Scans every source folder; one shared bound on concurrency. Results in the folders' order. */
export async function scanFolders(
  folders: readonly SourceFolder[],
  opts: ScanOptions = {},
): Promise<FolderScan[]> {
  const r = resolveScanOptions(opts);
  return Promise.all(folders.map((folder, index) => scanFolderWith(folder, index, r)));
}

export async function scanFolder(
  folder: SourceFolder,
  folderIndex: number,
  opts: ScanOptions = {},
): Promise<FolderScan> {
  return scanFolderWith(folder, folderIndex, resolveScanOptions(opts));
}

async function scanFolderWith(
  folder: SourceFolder,
  folderIndex: number,
  r: ResolvedScan,
): Promise<FolderScan> {
  const result: FolderScan = {
    folder,
    folderIndex,
    exists: false,
    singleSkill: false,
    skills: [],
    problems: [],
  };
  let listing: SourceListing;
  try {
    listing = await listSourceFolder(folder.dir, r.io, (dir) =>
      limited(r, () => r.io.listDir(dir)),
    );
  } catch (err) {
    if (!isGone(err)) {
      result.exists = true;
      result.problems.push(
        folderProblem(
          folder.dir,
          'FILE_UNREADABLE',
          `cannot read the skills folder: ${messageOf(err)}`,
        ),
      );
    }
    return result;
  }
  result.exists = true;
  const { entries, realSource } = listing;
  const add = (item: ScannedSkill | Diagnostic | null): void => {
    if (item && 'record' in item) result.skills.push(item);
    else if (item) result.problems.push(item);
  };

  if (listing.singleSkill) {
    result.singleSkill = true;
    const at = { folder, folderIndex, dir: folder.dir, realDir: realSource, linked: false };
    const item = await limited(r, () => readSkill(at, r, entries));
    if (item && 'record' in item) recordFresh(r, item);
    add(item);
    return result;
  }

  let candidates = skillCandidates(entries);
  if (candidates.length > r.maxSkillsPerSource) {
    result.problems.push(
      folderProblem(
        folder.dir,
        'FILE_TOO_LARGE',
        `holds ${candidates.length} folders; only the first ${r.maxSkillsPerSource} are read as skills`,
        'warning',
      ),
    );
    candidates = candidates.slice(0, r.maxSkillsPerSource);
  }

  const at: CandidatesAt = { folder, folderIndex, realSource };
  const readThese = (these: Dirent[]) =>
    forEachItem(r, these, (entry) => readCandidate(at, entry, r), {
      job: () => ({
        kind: 'candidates',
        at,
        scan: workerScanOptions(r),
        entries: packEntries(folder.dir, these),
        recordRun: r.keptRun !== null,
      }),
      // A worker's skill holds a copy of the source folder: one object, as from this thread.
      adopt: (item) => {
        if (item && 'record' in item) item.folder = folder;
        return item;
      },
    });
  // Kept verdicts stand in for the reads of skills that did not change (kept-skills.ts).
  for (const item of await withKeptSkills(r, at, candidates, readThese)) add(item);
  return result;
}

/**
 * Reads one skill folder (for re-reads after a change). Null when the folder is gone or
 * holds no SKILL.md; a Diagnostic (naming the folder in `file`) when it cannot be listed.
 */
export async function scanSkillFolder(
  folder: SourceFolder,
  folderIndex: number,
  dir: string,
  opts: ScanOptions = {},
): Promise<ScannedSkill | Diagnostic | null> {
  const r = resolveScanOptions(opts);
  let realDir: string;
  let linked: boolean;
  try {
    linked = (await r.io.lstat(dir)).isSymbolicLink();
    realDir = await r.io.realpath(dir);
  } catch {
    return null;
  }
  return readSkill({ folder, folderIndex, dir, realDir, linked }, r);
}

/**
 * Reads one folder as a skill, whatever it holds (for `validate`, `export DIR` and other
 * direct uses): always a record, with SKILL_MD_MISSING when there is no SKILL.md and
 * FILE_UNREADABLE when the folder cannot be read.
 */
export function readSkillFolder(
  dir: string,
  source: SkillSource = 'project',
  opts: ScanOptions = {},
): Promise<SkillRecord> {
  return readSkillFolderOrListed(dir, source, opts);
}

/** A skill folder already listed (findSkillFolders hands over its real path and entries). */
export interface ListedSkillFolder {
  dir: string;
  realDir: string;
  entries: Dirent[];
}

/** The same for a folder already listed: no second listing, no path resolution. */
export function readListedSkillFolder(
  listed: ListedSkillFolder,
  source: SkillSource = 'project',
  opts: ScanOptions = {},
): Promise<SkillRecord> {
  return readSkillFolderOrListed(listed, source, opts);
}

/** readSkillFolder for a path, readListedSkillFolder for a folder already listed. */
export async function readSkillFolderOrListed(
  folder: string | ListedSkillFolder,
  source: SkillSource = 'project',
  opts: ScanOptions = {},
): Promise<SkillRecord> {
  return (await readFolderAsSkill(folder, source, opts)).record;
}

/**
 * A folder read as a skill, with where its `name:` and `skills:` are written (validate's
 * checks among skills) and every top-level key (a client profile's findings).
 */
export interface FolderAsSkill {
  record: SkillRecord;
  namePosition: Position | null;
  skillsPosition: Position | null;
  /** What the read saw (ScanOptions.recordInputs); absent when not recorded, null when not checkable. */
  inputs?: ScannedSkill['inputs'];
  /** Where each top-level key is written, when the options ask for them (ScanOptions.keyPositions). */
  keyPositions?: Record<string, Position>;
}

/** readSkillFolderOrListed, keeping where the keys are written from the same read. */
export function readFolderAsSkill(
  folder: string | ListedSkillFolder,
  source: SkillSource = 'project',
  opts: ScanOptions = {},
): Promise<FolderAsSkill> {
  return readFolderAsSkillWith(folder, source, recordScanOptions(opts));
}

/** readFolderAsSkill with options resolved once (recordScanOptions) for many folders. */
export function readFolderAsSkillWith(
  folder: string | ListedSkillFolder,
  source: SkillSource,
  r: ResolvedScan,
): Promise<FolderAsSkill> {
  return typeof folder === 'string'
    ? readAsSkill(path.resolve(folder), source, r)
    : readAsSkill(path.resolve(folder.dir), source, r, folder);
}

/** A record is all these callers get: no fingerprint to compute. */
export const recordScanOptions = (opts: ScanOptions): ResolvedScan =>
  resolveScanOptions({ ...opts, fingerprint: false });

async function readAsSkill(
  abs: string,
  source: SkillSource,
  r: ResolvedScan,
  listed?: { realDir: string; entries: Dirent[] },
): Promise<FolderAsSkill> {
  const folder: SourceFolder = {
    source,
    id: 'path',
    dir: path.dirname(abs),
    priority: SKILL_SOURCES.indexOf(source),
  };
  const empty = (diagnostic: Diagnostic): FolderAsSkill => ({
    namePosition: null,
    skillsPosition: null,
    ...(r.keyPositions && { keyPositions: {} }),
    record: buildRecord({
      source,
      dir: abs,
      skillMdPath: null,
      frontmatter: null,
      body: '',
      diagnostics: [diagnostic],
      topology: null,
      filesCount: 0,
    }),
  });
  let realDir: string;
  let linked = false; // not part of the record
  if (listed) {
    realDir = listed.realDir;
  } else {
    try {
      linked = (await r.io.lstat(abs)).isSymbolicLink();
      realDir = await r.io.realpath(abs);
    } catch (err) {
      return empty(
        fileProblem(
          'FILE_UNREADABLE',
          isGone(err) ? 'no such folder' : `cannot read the folder: ${messageOf(err)}`,
        ),
      );
    }
  }
  const found = await readSkill(
    { folder, folderIndex: 0, dir: abs, realDir, linked },
    r,
    listed?.entries,
  );
  if (found && 'record' in found)
    return {
      record: found.record,
      namePosition: found.namePosition,
      skillsPosition: found.skillsPosition,
      ...(found.inputs !== undefined && { inputs: found.inputs }),
      ...(found.keyPositions && { keyPositions: found.keyPositions }),
    };
  if (found) {
    // The folder is the skill here, so the problem is the skill's own, not another file's.
    const { file: _file, ...own } = found;
    return empty(own);
  }
  return empty(skillMdMissingDiagnostic(path.basename(abs)));
}

function fileProblem(code: Diagnostic['code'], message: string): Diagnostic {
  return { severity: 'error', code, message, line: 1, column: 1, field: null };
}
