/**
 * The work a scan worker (scan-worker.ts) shares with the main thread
 * (scan-parallel.ts): a job is plain data (it is posted to the worker) listing the items,
 * and jobReader gives the function that reads item i — the very function the main
 * thread calls for the same item, so a result is the same whichever thread read it.
 *
 * - `candidates`: the sub-folders of one source folder, read as the registry's skills
 *   (registry/scan.ts, readCandidate).
 * - `folders`: skill folders `validate` checks (checkSkillFolder), found by its walk or
 *   named by path.
 */
import type { ClientId } from '../../../shared/skill/client-profiles';
import type { Diagnostic } from '../../../shared/check/diagnostics';
import { composedNames } from '../../../shared/skill/topology-contract';
import type { Position } from '../../../shared/check/yaml-source';
import { clientRecordDiagnostics } from '../portability/portability';
import { packEntries, unpackEntries, type PackedEntries } from './listed-entries';
import {
  readCandidate,
  readFolderAsSkillWith,
  recordScanOptions,
  type CandidatesAt,
  type ListedSkillFolder,
  type ScannedSkill,
  type ValidationProfile,
} from './scan';
import type { ReadInput } from './read-inputs';
import { runRecorder } from './run-recorder';
import { resolveScanOptions, type ResolvedScan, type ScanOptions } from './scan-options';

export type ScanJob =
  | {
      kind: 'candidates';
      at: CandidatesAt;
      scan: ScanOptions;
      entries: PackedEntries;
      /** The main thread records the run (kept-run.ts): so does the worker, for its reads. */
      recordRun?: boolean;
    }
  | {
      kind: 'folders';
      folders: Array<string | PackedFolder>;
      profile: ValidationProfile;
      client: ClientId | null;
      recordInputs?: ScanOptions['recordInputs'];
    };

/** A listed skill folder as plain data. */
export interface PackedFolder {
  dir: string;
  realDir: string;
  entries: PackedEntries;
}

export function packFolder(folder: string | ListedSkillFolder): string | PackedFolder {
  if (typeof folder === 'string') return folder;
  return {
    dir: folder.dir,
    realDir: folder.realDir,
    entries: packEntries(folder.dir, folder.entries),
  };
}

/** One skill as `validate` reports it: only what the report shows. */
export interface CheckedFolder {
  dir: string;
  name: string;
  skillMdPath: string | null;
  diagnostics: Diagnostic[];
  /** The skill names its `skills:` composes (for the cycle check among the checked skills). */
  composes: string[];
  /** Where `skills:` is written, for a cycle found among them; null without one. */
  skillsPosition: Position | null;
  /** Where `name:` is written, for a name another checked skill has too; null without one. */
  namePosition: Position | null;
  /** What the read saw, when recorded (registry/read-inputs.ts, for the kept verdicts). */
  inputs?: ScannedSkill['inputs'];
}

/**
 * What `validate` reports of one folder, read as a project skill with `profile` (a
 * client's base profile when `client` is set, whose rules then apply).
 */
export function folderChecker(
  profile: ValidationProfile,
  client: ClientId | null,
  recordInputs: ScanOptions['recordInputs'] = null,
): (folder: string | ListedSkillFolder) => Promise<CheckedFolder> {
  // Only diagnostics are reported: the file count would list every sidecar folder again.
  // Resolved once for every folder of the run.
  // A client profile's findings need where the keys are written (from the same read).
  const options = recordScanOptions({
    profile,
    countFiles: false,
    sync: true,
    recordInputs,
    keyPositions: client !== null,
  });
  return (folder) => checkSkillFolder(folder, options, client);
}

async function checkSkillFolder(
  folder: string | ListedSkillFolder,
  options: ResolvedScan,
  client: ClientId | null,
): Promise<CheckedFolder> {
  const {
    record: r,
    skillsPosition,
    namePosition,
    inputs,
    keyPositions,
  } = await readFolderAsSkillWith(folder, 'project', options);
  // Only what the report shows is kept: 10,000 whole records would keep the GC busy.
  return {
    dir: r.dir,
    name: r.summary.name,
    skillMdPath: r.skillMdPath,
    diagnostics: client ? clientRecordDiagnostics(r, client, keyPositions) : r.diagnostics,
    composes: composedNames(r.frontmatter?.skills),
    skillsPosition,
    namePosition,
    ...(inputs !== undefined && { inputs }),
  };
}

/**
 * The number of items of `job`, the reader of item i, and what the reads' calls got when
 * the run is recorded (kept-run.ts), for the worker to post at its end.
 */
export function jobReader(job: ScanJob): {
  count: number;
  readOne: (index: number) => Promise<unknown>;
  answers?: () => ReadInput[] | null;
} {
  if (job.kind === 'candidates') {
    const runStart = job.scan.recordInputs?.runStart;
    const run =
      job.recordRun && runStart !== undefined ? runRecorder(runStart, { identify: true }) : null;
    const r = resolveScanOptions({ ...job.scan, keptRun: run });
    const entries = unpackEntries(job.entries);
    return {
      count: entries.length,
      readOne: (i) => readCandidate(job.at, entries[i], r),
      ...(run && { answers: () => run.answers() }),
    };
  }
  const { folders, profile, client, recordInputs } = job;
  const check = folderChecker(profile, client, recordInputs);
  return {
    count: folders.length,
    readOne: (i) => {
      const f = folders[i];
      const folder =
        typeof f === 'string'
          ? f
          : { dir: f.dir, realDir: f.realDir, entries: unpackEntries(f.entries) };
      return check(folder);
    },
  };
}
