/**
 * Record building: one skill folder, already found and listed, read into a ScannedSkill —
 * its SKILL.md through the bounded reader (skill-md-file.ts), validated, its eval files
 * checked, its files counted by the one tree walker (fs/walk-tree.ts, so files_count is
 * the file listing's length), and a fingerprint of what is visible.
 *
 * Never throws for what is on disk: problems become diagnostics; a folder that vanished
 * is null.
 */
import { realpathSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../../../shared/check/diagnostics';
import type { SkillRecord, SkillSource } from '../../../shared/skill/model';
import { skillKind, skillStatus, toSkillDefinition } from '../../../shared/skill/definition';
import {
  parseSkillMd,
  skillMdCaseDiagnostic,
  type PathCheck,
} from '../../../shared/skill/validate';
import type { Position } from '../../../shared/check/yaml-source';
import { checkEvalSidecars, hasEvalsFolder, NO_EVALS } from './eval-sidecars';
import { isInsideOrEqual } from '../fs/safe-path';
import { nodeCrypto } from '../lazy-crypto';
import { walkSkillTree } from '../fs/walk-tree';
import { skillAccess } from './access';
import { InputLog, type ReadInput, type SkillProbes } from './read-inputs';
import type { ResolvedScan } from './scan-options';
import { skillDirLister } from './skill-dir-listing';
import { findSkillMd, isGone, messageOf, readSkillMdFile } from './skill-md-file';
import { nameKey } from './skill-name';
import type { SourceFolder } from './sources';

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
  /** Where `skills:` is written, for a cycle through other skills (skill-index.ts); null when absent. */
  skillsPosition: Position | null;
  /** What the read saw, when the scan records it (ScanOptions.recordInputs); null: not checkable. */
  inputs?: ReadInput[] | null;
  /**
   * Where each top-level key is written ({} without a parsed frontmatter), for client
   * profiles; only when the scan asks for them (ScanOptions.keyPositions).
   */
  keyPositions?: Record<string, Position>;
}

/** Where a skill folder is and how it was found. */
export interface SkillFolderAt {
  folder: SourceFolder;
  folderIndex: number;
  dir: string;
  /** Real path of `dir`. */
  realDir: string;
  linked: boolean;
}

/**
 * Reads one skill folder. Null when it is gone or holds no SKILL.md; a Diagnostic (naming
 * the folder in `file`) when it cannot be listed. `listed`: its entries, when the caller
 * already listed it.
 */
export async function readSkill(
  at: SkillFolderAt,
  r: ResolvedScan,
  listed?: Dirent[],
): Promise<ScannedSkill | Diagnostic | null> {
  const { dir, realDir } = at;
  let entries: Dirent[];
  try {
    entries = listed ?? (await r.io.listDir(dir));
  } catch (err) {
    if (isGone(err)) return null;
    return folderProblem(dir, 'FILE_UNREADABLE', `cannot list the folder: ${messageOf(err)}`);
  }
  const mdEntry = findSkillMd(entries);
  if (!mdEntry) return null; // not a skill (maybe a folder of notes): nothing to report

  // What the verdict is read from, recorded for a cache of verdicts (read-inputs.ts); the
  // file count is not part of it (it is counted afresh).
  const log = r.recordInputs ? new InputLog(r.recordInputs.runStart) : null;
  log?.listed(dir, entries);
  const io = log ? log.io(r.io) : r.io;
  const skillMdPath = path.join(dir, mdEntry.name);
  // One await when there is nothing to count (validate): a scan of 10,000 skills pays
  // for every promise it makes.
  const reading = readSkillMdFile(skillMdPath, mdEntry, r.maxSkillMdBytes, realDir, io);
  const [content, files] = r.countFiles
    ? await Promise.all([reading, countFiles(dir, realDir, entries, r)])
    : [await reading, NOT_COUNTED];
  if (content.kind === 'gone') return null; // deleted mid-scan

  const diagnostics: Diagnostic[] = [];
  if (mdEntry.name !== 'SKILL.md') diagnostics.push(skillMdCaseDiagnostic(mdEntry.name));

  let frontmatter: Record<string, unknown> | null = null;
  let body = '';
  let topology: SkillRecord['topology'] = null;
  let namePosition: Position | null = null;
  let skillsPosition: Position | null = null;
  let keyPositions: Record<string, Position> = {};
  let digestSource: string;
  if (content.kind === 'text') {
    const probes = skillProbes(dir, realDir, entries);
    const { checkPath, listDir } = log ? log.probes(probes) : probes;
    const parsed = parseSkillMd(content.text, {
      profile: r.profile,
      folderName: path.basename(dir),
      fileName: mdEntry.name,
      checkPath,
      listDir,
    });
    frontmatter = parsed.frontmatter;
    body = parsed.body;
    topology = parsed.topology;
    namePosition = parsed.keyPositions.name ?? null;
    skillsPosition = parsed.keyPositions.skills ?? null;
    keyPositions = parsed.keyPositions;
    diagnostics.push(...parsed.diagnostics);
    if (content.notUtf8) diagnostics.push(notUtf8Diagnostic(mdEntry.name));
    // evals/evals.json and evals/triggers.json are checked with the skill (electron/host/evals).
    const name = parsed.frontmatter?.name;
    const evals = hasEvalsFolder(entries)
      ? await checkEvalSidecars(
          dir,
          realDir,
          entries,
          io,
          r.maxSkillMdBytes,
          typeof name === 'string' ? name : undefined,
        )
      : NO_EVALS;
    diagnostics.push(...evals.diagnostics);
    digestSource = content.text + evals.digest;
  } else {
    diagnostics.push(content.diagnostic);
    digestSource = content.stamp;
  }

  const record = buildRecord({
    source: at.folder.source,
    dir,
    skillMdPath,
    frontmatter,
    body,
    diagnostics,
    topology,
    filesCount: files.count,
  });
  const fingerprint = r.fingerprint
    ? nodeCrypto()
        .createHash('sha1')
        .update(mdEntry.name)
        .update('\0')
        .update(digestSource)
        .update('\0')
        .update(files.listing)
        .digest('base64')
    : '';
  return {
    record,
    folder: at.folder,
    folderIndex: at.folderIndex,
    realDir,
    linked: at.linked,
    fingerprint,
    key: nameKey(record.summary.name),
    namePosition,
    skillsPosition,
    ...(r.keyPositions && { keyPositions }),
    ...(log && { inputs: log.inputs() }),
  };
}

/** The validator's file checks over one skill folder: the paths its frontmatter names, the folders its links point into. */
export function skillProbes(dir: string, realDir: string, entries: readonly Dirent[]): SkillProbes {
  return {
    checkPath: (rel) => checkPathSync(dir, realDir, rel),
    listDir: skillDirLister(dir, realDir, entries),
  };
}

export interface RecordParts {
  source: SkillSource;
  dir: string;
  skillMdPath: string | null;
  frontmatter: Record<string, unknown> | null;
  body: string;
  diagnostics: Diagnostic[];
  topology: SkillRecord['topology'];
  filesCount: number;
}

export function buildRecord(p: RecordParts): SkillRecord {
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
 * The skill's files as the file listing has them (the one walker, fs/walk-tree.ts, from
 * the entries already listed; no stat per file): their number, and with fingerprints
 * their sorted paths ('' without).
 */
export async function countFiles(
  dir: string,
  realDir: string,
  top: readonly Dirent[],
  r: ResolvedScan,
): Promise<{ count: number; listing: string }> {
  try {
    const { entries } = await walkSkillTree(dir, {
      io: r.io,
      listed: { realRoot: realDir, entries: top },
      maxEntries: r.maxFilesPerSkill,
    });
    return {
      count: entries.length,
      listing: r.fingerprint ? entries.map((e) => e.path).join('\n') : '',
    };
  } catch {
    return NOT_COUNTED; // the walk never lists the root again, so this is not expected
  }
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

/** A problem with a folder itself (a source folder, or a skill folder that cannot be listed). */
export function folderProblem(
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
