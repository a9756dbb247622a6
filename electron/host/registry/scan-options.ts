/**
 * The options of a scan (scan.ts) and what they resolve to: the bounds, what to compute,
 * and the file-system calls (scan-io.ts: the thread pool's, or synchronous ones for
 * one-shot callers) with the bound on jobs in flight, or, for synchronous calls, whether
 * worker threads may share the reading (scan-parallel.ts).
 */
import type { ParallelOptions } from './scan-parallel';
import type { RunRecorder } from './run-recorder';
import type { KeptSkill } from './kept-skills';
import type { ListingSeed } from './listing-seed';
import type { VerdictCache } from './verdict-cache';
import { Limiter } from './limiter';
import { asyncScanIO, settledIO, syncScanCalls, syncScanIO, type ScanIO } from './scan-io';
import { SCAN_DEFAULTS } from './source-listing';

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
  /**
   * With `sync`: the skills of a large source folder are read by this thread and worker
   * threads together (scan-parallel.ts; true takes its defaults). For one-shot
   * callers only: the same records in the same order, sooner on a machine with cores to spare.
   */
  parallel?: boolean | ParallelOptions;
  /**
   * Record what each skill's read saw (`inputs` of a ScannedSkill, read-inputs.ts), for a
   * cache of verdicts (verdict-cache.ts); `runStart` is when the run began (plain data: a
   * worker records too).
   */
  recordInputs?: { runStart: number } | null;
  /**
   * Keep where each top-level key of SKILL.md is written (`keyPositions` of a
   * ScannedSkill), for a client profile's findings (`validate --client`). Off by default:
   * nothing else reads them, and 10,000 skills would hold (and keep) 80,000 small objects.
   */
  keyPositions?: boolean;
  /**
   * Kept verdicts of a source folder's skills (kept-skills.ts): with `sync` and without
   * fingerprints, a skill whose read saw nothing change is rebuilt from it. Implies
   * recordInputs. Not for workers (it stays on this thread).
   */
  kept?: VerdictCache<KeptSkill> | null;
  /**
   * The build's verdicts on its bundled skills (listing-seed.ts): with `sync` and without
   * fingerprints, a skill of the framework source with no kept verdict is rebuilt from the
   * seed when its files are the build's. Not for workers either.
   */
  seed?: ListingSeed | null;
  /**
   * Records the run for a kept listing of it (kept-run.ts): every answer of this thread's
   * calls, and what each skill's verdict came from. Not for workers either.
   */
  keptRun?: RunRecorder | null;
}

/** ScanOptions with every default applied. */
export interface ResolvedScan {
  profile: ValidationProfile;
  maxSkillMdBytes: number;
  maxSkillsPerSource: number;
  maxFilesPerSkill: number;
  countFiles: boolean;
  fingerprint: boolean;
  /** Bounds the jobs in flight; null for synchronous calls, which run one after another. */
  limiter: Limiter | null;
  io: ScanIO;
  /** How workers may share a synchronous scan; null: this thread reads alone. */
  parallel: ParallelOptions | null;
  recordInputs: { runStart: number } | null;
  keyPositions: boolean;
  kept: VerdictCache<KeptSkill> | null;
  seed: ListingSeed | null;
  keptRun: RunRecorder | null;
}

export function resolveScanOptions(opts: ScanOptions): ResolvedScan {
  return {
    profile: opts.profile ?? 'studio',
    maxSkillMdBytes: opts.maxSkillMdBytes ?? SCAN_DEFAULTS.maxSkillMdBytes,
    maxSkillsPerSource: opts.maxSkillsPerSource ?? SCAN_DEFAULTS.maxSkillsPerSource,
    maxFilesPerSkill: opts.maxFilesPerSkill ?? SCAN_DEFAULTS.maxFilesPerSkill,
    countFiles: opts.countFiles ?? true,
    fingerprint: opts.fingerprint ?? true,
    limiter: opts.sync ? null : new Limiter(opts.concurrency ?? SCAN_DEFAULTS.concurrency),
    io: scanIO(opts),
    parallel: opts.sync && opts.parallel ? (opts.parallel === true ? {} : opts.parallel) : null,
    recordInputs: opts.recordInputs ?? (opts.kept ? { runStart: opts.kept.runStart } : null),
    keyPositions: opts.keyPositions ?? false,
    kept: opts.kept ?? null,
    seed: opts.seed ?? null,
    keptRun: opts.keptRun ?? null,
  };
}

function scanIO(opts: ScanOptions): ScanIO {
  if (!opts.sync) return asyncScanIO;
  const listings = opts.kept?.listings;
  if (!listings && !opts.keptRun) return syncScanIO;
  // A one-shot scan with kept verdicts lists unchanged folders from the kept listings;
  // a recorded run sees every answer as the scan got it (outermost).
  const calls = listings ? listings.calls(syncScanCalls) : syncScanCalls;
  return settledIO(opts.keptRun ? opts.keptRun.calls(calls) : calls);
}

/**
 * The options a worker reads with (plain data, posted to it): the same as `r`, with
 * synchronous calls, and no workers of its own.
 */
export function workerScanOptions(r: ResolvedScan): ScanOptions {
  return {
    profile: r.profile,
    maxSkillMdBytes: r.maxSkillMdBytes,
    maxSkillsPerSource: r.maxSkillsPerSource,
    maxFilesPerSkill: r.maxFilesPerSkill,
    countFiles: r.countFiles,
    fingerprint: r.fingerprint,
    sync: true,
    recordInputs: r.recordInputs,
    keyPositions: r.keyPositions,
  };
}
