/**
 * Reads skill folders from disk into SkillRecords (docs/contracts.md, Discovery): each source
 * folder is scanned depth-1 for sub-folders holding SKILL.md. Built for large trees (a
 * scan of 10,000 skills should cost little more than reading and parsing their
 * SKILL.md files): the folder listing that finds SKILL.md also starts the file
 * count, jobs run with bounded concurrency, and nothing is stat'ed that a
 * directory entry already describes. One-shot callers (the CLI) scan with
 * synchronous calls (`sync`, scan-io.ts): the same calls, without thread-pool waits.
 *
 * Never throws for what is on disk: unreadable, huge or binary files become
 * diagnostics on the skill; a folder that vanishes mid-scan is simply absent.
 */
import { createHash } from 'node:crypto';
import { realpathSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../../../shared/skill/diagnostics';
import { SKILL_SOURCES, type SkillRecord, type SkillSource } from '../../../shared/skill/model';
import { skillKind, skillStatus, toSkillDefinition } from '../../../shared/skill/definition';
import {
  parseSkillMd,
  skillMdCaseDiagnostic,
  skillMdMissingDiagnostic,
  type PathCheck,
} from '../../../shared/skill/validate';
import type { Position } from '../../../shared/skill/yaml-source';
import { isListIgnored } from '../bundle/ignore';
import { isInsideOrEqual } from '../fs/safe-path';
import { Limiter } from './limiter';
import { asyncScanIO, syncScanIO, type ScanIO } from './scan-io';
import { skillDirLister } from './skill-dir-listing';
import { skillAccess } from './access';
import type { SourceFolder } from './sources';
import { findSkillMd, isGone, messageOf, readSkillMdFile } from './skill-md-file';
import { nameKey } from './skill-name';
import {
  compareNames,
  listSourceFolder,
  SCAN_DEFAULTS,
  realSkillDir,
  skillCandidates,
  type SourceListing,
} from './source-listing';
import { checkEvalSidecars } from '../evals/sidecars';

export { nameKey } from './skill-name';

export type ValidationProfile = 'studio' | 'spec';

export interface ScanOptions {
  profile?: ValidationProfile;
  /** SKILL.md files over this many bytes are reported (FILE_TOO_LARGE), not read. */
  maxSkillMdBytes?: number;
  /** Skill folders taken from one source folder at most. */
  maxSkillsPerSource?: number;
  /** Files counted per skill at most (files_count stops there). */
  maxFilesPerSkill?: number;
  /** File-system jobs in flight at once. */
  concurrency?: number;
  /**
   * Synchronous file-system calls (scan-io.ts): for one-shot callers such as the CLI,
   * which wait for the scan anyway; a scan of small files otherwise mostly waits on
   * the thread pool. Blocks the event loop for the whole scan: never in the app.
   */
  sync?: boolean;
  /**
   * False skips the file count (files_count stays 0, the fingerprint leaves the listing
   * out): for callers that read only a skill's diagnostics (`validate`).
   */
  countFiles?: boolean;
  /**
   * False leaves every `fingerprint` empty: for one-shot callers that never re-read a
   * skill (the CLI), so that no digest is computed and no file listing kept. A registry
   * that watches needs the fingerprints to tell a real change from a touch.
   */
  fingerprint?: boolean;
}

export { SCAN_DEFAULTS } from './source-listing';

/** Depth of the file count inside a skill (the file listing's own bound). */
const MAX_COUNT_DEPTH = 32;

/** One skill folder as read from disk, before winners and conflicts are decided. */
export interface ScannedSkill {
  /** summary.shadowed_by is null and summary.conflict false here; the registry sets them. */
  record: SkillRecord;
  folder: SourceFolder;
  /** The source folder's position in the scanned list: orders skills of one priority. */
  folderIndex: number;
  /** Real path of the skill folder (symlinks resolved): one real folder is one skill. */
  realDir: string;
  /** Digest of SKILL.md and the file listing: equal digests mean nothing visible changed. */
  fingerprint: string;
  /** The skill folder is a symlink (its real folder lies elsewhere and is watched on its own). */
  linked: boolean;
  /** The name as compared for winners and conflicts (NFKC). */
  key: string;
  /** Where `name:` is written in SKILL.md, for diagnostics about the name; null when absent. */
  namePosition: Position | null;
}

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

interface Resolved {
  profile: ValidationProfile;
  maxSkillMdBytes: number;
  maxSkillsPerSource: number;
  maxFilesPerSkill: number;
  countFiles: boolean;
  fingerprint: boolean;
  /** Bounds the jobs in flight; null for synchronous calls, which run one after another. */
  limiter: Limiter | null;
  io: ScanIO;
}

function resolveOptions(opts: ScanOptions): Resolved {
  return {
    profile: opts.profile ?? 'studio',
    maxSkillMdBytes: opts.maxSkillMdBytes ?? SCAN_DEFAULTS.maxSkillMdBytes,
    maxSkillsPerSource: opts.maxSkillsPerSource ?? SCAN_DEFAULTS.maxSkillsPerSource,
    maxFilesPerSkill: opts.maxFilesPerSkill ?? SCAN_DEFAULTS.maxFilesPerSkill,
    countFiles: opts.countFiles ?? true,
    fingerprint: opts.fingerprint ?? true,
    limiter: opts.sync ? null : new Limiter(opts.concurrency ?? SCAN_DEFAULTS.concurrency),
    io: opts.sync ? syncScanIO : asyncScanIO,
  };
}

/** Runs a file-system job within the bound (synchronous calls need none: one runs at a time). */
function limited<T>(r: Resolved, job: () => Promise<T>): Promise<T> {
  return r.limiter ? r.limiter.run(job) : job();
}

/**
 * `job` for every item, results in the items' order: all at once within the bound, or,
 * for synchronous calls, one after another (starting thousands at once would only hold
 * them all in memory together).
 */
async function forEachItem<T, R>(
  r: Resolved,
  items: readonly T[],
  job: (item: T) => Promise<R>,
): Promise<R[]> {
  const { limiter } = r;
  if (limiter) return Promise.all(items.map((item) => limiter.run(() => job(item))));
  const out: R[] = [];
  for (const item of items) out.push(await job(item));
  return out;
}

/** Scans every source folder; one shared bound on concurrency. Results in the folders' order. */
export async function scanFolders(
  folders: readonly SourceFolder[],
  opts: ScanOptions = {},
): Promise<FolderScan[]> {
  const r = resolveOptions(opts);
  return Promise.all(folders.map((folder, index) => scanFolderWith(folder, index, r)));
}

export async function scanFolder(
  folder: SourceFolder,
  folderIndex: number,
  opts: ScanOptions = {},
): Promise<FolderScan> {
  return scanFolderWith(folder, folderIndex, resolveOptions(opts));
}

async function scanFolderWith(
  folder: SourceFolder,
  folderIndex: number,
  r: Resolved,
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

  if (listing.singleSkill) {
    result.singleSkill = true;
    const skill = await limited(r, () =>
      readSkill(folder, folderIndex, folder.dir, realSource, false, r, entries),
    );
    if (skill && 'record' in skill) result.skills.push(skill);
    else if (skill) result.problems.push(skill);
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

  const found = await forEachItem(r, candidates, async (entry) => {
    const dir = path.join(folder.dir, entry.name);
    const realDir = await realSkillDir(entry, dir, realSource, r.io);
    if (realDir === null) return null;
    return readSkill(folder, folderIndex, dir, realDir, entry.isSymbolicLink(), r);
  });
  for (const item of found) {
    if (!item) continue;
    if ('record' in item) result.skills.push(item);
    else result.problems.push(item);
  }
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
  const r = resolveOptions(opts);
  let realDir: string;
  let linked: boolean;
  try {
    linked = (await r.io.lstat(dir)).isSymbolicLink();
    realDir = await r.io.realpath(dir);
  } catch {
    return null;
  }
  return readSkill(folder, folderIndex, dir, realDir, linked, r);
}

async function readSkill(
  folder: SourceFolder,
  folderIndex: number,
  dir: string,
  realDir: string,
  linked: boolean,
  r: Resolved,
  listed?: Dirent[],
): Promise<ScannedSkill | Diagnostic | null> {
  let entries: Dirent[];
  try {
    entries = listed ?? (await r.io.listDir(dir));
  } catch (err) {
    if (isGone(err)) return null;
    return folderProblem(dir, 'FILE_UNREADABLE', `cannot list the folder: ${messageOf(err)}`);
  }
  const mdEntry = findSkillMd(entries);
  if (!mdEntry) return null; // not a skill (maybe a folder of notes): nothing to report

  const skillMdPath = path.join(dir, mdEntry.name);
  const [content, files] = await Promise.all([
    readSkillMdFile(skillMdPath, mdEntry, r.maxSkillMdBytes, realDir, r.io),
    r.countFiles ? countFiles(dir, entries, r.maxFilesPerSkill, r.io, r.fingerprint) : NOT_COUNTED,
  ]);
  if (content.kind === 'gone') return null; // deleted mid-scan

  const folderName = path.basename(dir);
  const diagnostics: Diagnostic[] = [];
  if (mdEntry.name !== 'SKILL.md') diagnostics.push(skillMdCaseDiagnostic(mdEntry.name));

  let frontmatter: Record<string, unknown> | null = null;
  let body = '';
  let topology: SkillRecord['topology'] = null;
  let namePosition: Position | null = null;
  let digestSource: string;
  if (content.kind === 'text') {
    const parsed = parseSkillMd(content.text, {
      profile: r.profile,
      folderName,
      fileName: mdEntry.name,
      checkPath: (rel) => checkPathSync(dir, realDir, rel),
      listDir: skillDirLister(dir, realDir, entries),
    });
    frontmatter = parsed.frontmatter;
    body = parsed.body;
    topology = parsed.topology;
    namePosition = parsed.keyPositions.name ?? null;
    diagnostics.push(...parsed.diagnostics);
    if (content.notUtf8) diagnostics.push(notUtf8Diagnostic(mdEntry.name));
    // evals/evals.json and evals/triggers.json are checked with the skill (electron/host/evals).
    const name = parsed.frontmatter?.name;
    const evals = await checkEvalSidecars(
      dir,
      realDir,
      entries,
      r.io,
      r.maxSkillMdBytes,
      typeof name === 'string' ? name : undefined,
    );
    diagnostics.push(...evals.diagnostics);
    digestSource = content.text + evals.digest;
  } else {
    diagnostics.push(content.diagnostic);
    digestSource = content.stamp;
  }

  const record = buildRecord({
    source: folder.source,
    dir,
    skillMdPath,
    frontmatter,
    body,
    diagnostics,
    topology,
    filesCount: files.count,
  });
  const fingerprint = r.fingerprint
    ? createHash('sha1')
        .update(mdEntry.name)
        .update('\0')
        .update(digestSource)
        .update('\0')
        .update(files.listing)
        .digest('base64')
    : '';
  return {
    record,
    folder,
    folderIndex,
    realDir,
    linked,
    fingerprint,
    key: nameKey(record.summary.name),
    namePosition,
  };
}

interface RecordParts {
  source: SkillSource;
  dir: string;
  skillMdPath: string | null;
  frontmatter: Record<string, unknown> | null;
  body: string;
  diagnostics: Diagnostic[];
  topology: SkillRecord['topology'];
  filesCount: number;
}

function buildRecord(p: RecordParts): SkillRecord {
  const fm = p.frontmatter;
  const definition = toSkillDefinition(fm, p.body, {
    source: p.source,
    filePath: p.skillMdPath,
    dirName: path.basename(p.dir),
  });
  return {
    summary: {
      // The definition's name: the frontmatter's, else the folder's (so a broken skill still lists).
      name: definition.name,
      description: definition.description,
      source: p.source,
      dir: p.dir,
      ...skillAccess(p.source),
      license: typeof fm?.license === 'string' ? fm.license : null,
      files_count: p.filesCount,
      has_warnings: p.diagnostics.some((d) => d.severity === 'warning'),
      has_errors: p.diagnostics.some((d) => d.severity === 'error'),
      status: skillStatus(fm),
      tags: Array.isArray(definition.tags) ? definition.tags : [],
      category: typeof definition.category === 'string' ? definition.category : null,
      kind: skillKind(fm),
      shadowed_by: null,
      conflict: false,
    },
    definition,
    dir: p.dir,
    skillMdPath: p.skillMdPath,
    frontmatter: fm,
    body: p.body,
    diagnostics: p.diagnostics,
    entrypoint: typeof fm?.entrypoint === 'string' ? fm.entrypoint : null,
    topology: p.topology,
  };
}

/**
 * Reads one folder as a skill, whatever it holds (for `validate`, `export DIR` and other
 * direct uses): always a record, with SKILL_MD_MISSING when there is no SKILL.md and
 * FILE_UNREADABLE when the folder cannot be read.
 */
export async function readSkillFolder(
  dir: string,
  source: SkillSource = 'project',
  opts: ScanOptions = {},
): Promise<SkillRecord> {
  return readAsSkill(path.resolve(dir), source, recordOptions(opts));
}

/**
 * The same for a folder already listed (findSkillFolders hands over its real path and
 * entries): no second listing, no path resolution.
 */
export async function readListedSkillFolder(
  listed: { dir: string; realDir: string; entries: Dirent[] },
  source: SkillSource = 'project',
  opts: ScanOptions = {},
): Promise<SkillRecord> {
  return readAsSkill(path.resolve(listed.dir), source, recordOptions(opts), listed);
}

/** A record is all these callers get: no fingerprint to compute. */
const recordOptions = (opts: ScanOptions): Resolved =>
  resolveOptions({ ...opts, fingerprint: false });

async function readAsSkill(
  abs: string,
  source: SkillSource,
  r: Resolved,
  listed?: { realDir: string; entries: Dirent[] },
): Promise<SkillRecord> {
  const folder: SourceFolder = {
    source,
    id: 'path',
    dir: path.dirname(abs),
    priority: SKILL_SOURCES.indexOf(source),
  };
  const empty = (diagnostic: Diagnostic): SkillRecord =>
    buildRecord({
      source,
      dir: abs,
      skillMdPath: null,
      frontmatter: null,
      body: '',
      diagnostics: [diagnostic],
      topology: null,
      filesCount: 0,
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
  const found = await readSkill(folder, 0, abs, realDir, linked, r, listed?.entries);
  if (found && 'record' in found) return found.record;
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

/**
 * Whether a path named in the frontmatter (entrypoint, …) exists inside the skill. Sync
 * because the validator is pure and synchronous; it is asked only for the few keys that
 * name files.
 */
function checkPathSync(dir: string, realDir: string, rel: string): ReturnType<PathCheck> {
  if (rel.includes('\0')) return 'outside';
  const abs = path.resolve(dir, rel);
  if (!isInsideOrEqual(path.resolve(dir), abs)) return 'outside';
  try {
    // realpath fails (ENOENT) for a path that does not exist, or a dangling link.
    const real = realpathSync(abs);
    if (!isInsideOrEqual(realDir, real)) return 'outside';
    return statSync(real).isFile() ? 'ok' : 'not-a-file';
  } catch {
    return 'missing';
  }
}

const NOT_COUNTED = { count: 0, listing: '' } as const;

/**
 * Counts the skill's files, skipping what the file listing skips (.git, node_modules, temp
 * files of atomic saves). Uses directory entries only: no stat per file. Symlinks count
 * as one entry and are not entered, so link loops cannot trap the count. `withListing`:
 * the sorted paths too, for the fingerprint ('' without).
 */
async function countFiles(
  dir: string,
  top: readonly Dirent[],
  max: number,
  io: ScanIO,
  withListing: boolean,
): Promise<{ count: number; listing: string }> {
  let count = 0;
  const names: string[] = [];
  const pending: { rel: string; depth: number }[] = [];
  const visit = (entries: readonly Dirent[], rel: string, depth: number): boolean => {
    for (const e of entries) {
      if (isListIgnored(e.name)) continue;
      const childRel = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (withListing) names.push(childRel + '/');
        if (depth + 1 < MAX_COUNT_DEPTH) pending.push({ rel: childRel, depth: depth + 1 });
      } else if (e.isFile() || e.isSymbolicLink()) {
        if (withListing) names.push(childRel);
        if (++count >= max) return false;
      }
    }
    return true;
  };
  let more = visit(top, '', 0);
  while (more && pending.length > 0) {
    const next = pending.pop() as { rel: string; depth: number };
    let entries: Dirent[];
    try {
      entries = await io.listDir(path.join(dir, next.rel));
    } catch {
      continue; // vanished or unreadable: the listing leaves it out too
    }
    more = visit(entries, next.rel, next.depth);
  }
  if (!withListing) return { count, listing: '' };
  names.sort(compareNames);
  return { count, listing: names.join('\n') };
}

function notUtf8Diagnostic(fileName: string): Diagnostic {
  return {
    severity: 'warning',
    code: 'FILE_BINARY',
    message: `${fileName} is not valid UTF-8; invalid bytes were read as U+FFFD (save the file as UTF-8)`,
    line: 1,
    column: 1,
    field: null,
  };
}

function folderProblem(
  dir: string,
  code: Diagnostic['code'],
  message: string,
  severity: Diagnostic['severity'] = 'error',
): Diagnostic {
  return {
    severity,
    code,
    message: `${dir}: ${message}`,
    line: 1,
    column: 1,
    field: null,
    file: dir,
  };
}
