/**
 * The workspace's skills, read and validated once, for the callers that show them (`list`,
 * `explain`): the registry alone, without the rest of the host (router, A2E host, runner,
 * bundles), which they never use and would only load. Sources, settings and names resolve
 * exactly as in StudioHost (the same registry, the same skill-studio.json). The one scan
 * uses synchronous file calls: the caller waits for it anyway, and worker threads read a
 * large folder's skills together with this one (./scan-parallel.ts).
 */
import type { SkillListing } from '../../../shared/api/studio-api';
import { readConfigText, workspaceConfigPath } from '../workspace/workspace-file';
import { keptOrRead, type KeptRunCheck } from './kept-run';
import type { RunRecorder } from './run-recorder';
import type { KeptSkill } from './kept-skills';
import type { ReadInput } from './read-inputs';
import { SkillRegistry } from './registry';
import { resolveScanOptions, type ScanOptions } from './scan-options';
import type { ResolveSourcesOptions } from './sources';
import { openListingSeed } from './listing-seed';
import { openVerdictCache, type VerdictCache, type VerdictCacheOptions } from './verdict-cache';

export interface ReadCatalogOptions {
  /** false leaves files_count at 0 (no winner depends on it). */
  countFiles: boolean;
  /**
   * Where unchanged skills' verdicts are kept between runs, and the build's on its bundled
   * skills; null: every skill is read.
   */
  verdicts: VerdictCacheOptions | null | undefined;
}

/** Reads the skills of `sources` once (nothing is watched, so nothing to close). */
export async function readCatalog(
  sources: ResolveSourcesOptions,
  { countFiles, verdicts }: ReadCatalogOptions,
): Promise<SkillRegistry> {
  const scope = verdicts ? await catalogScope(sources) : '';
  const kept = openVerdictCache<KeptSkill>(verdicts, scope);
  return loadCatalog(sources, kept, catalogScan(countFiles, kept, verdicts));
}

/**
 * The Studio API's listing of the skills of `sources` (`skills.list`, with file counts):
 * the listing an earlier run kept when nothing it was made from changed (kept-run.ts),
 * else the registry's, kept for the next run.
 */
export async function readListing(
  sources: ResolveSourcesOptions,
  verdicts: VerdictCacheOptions | null | undefined,
): Promise<SkillListing> {
  if (!verdicts?.dir) return (await readCatalog(sources, { countFiles: true, verdicts })).listing();
  const scope = await catalogScope(sources);
  const cache = { dir: verdicts.dir, buildId: verdicts.buildId };
  const of = { cache, scope, runScope: scope, seeded: seedCheck(verdicts), isResult: isListing };
  return keptOrRead(of, async (opened, run) => {
    const kept = openVerdictCache<KeptSkill>(verdicts, scope, opened);
    const scan = recorded(catalogScan(true, kept, verdicts), run);
    return (await loadCatalog(sources, kept, scan)).listing();
  });
}

/** A listing's shape (`skills.list`'s), as far as a caller relies on it before reading a skill. */
function isListing(v: unknown): v is SkillListing {
  if (typeof v !== 'object' || v === null) return false;
  const { skills, conflicts } = v as { skills?: unknown; conflicts?: unknown };
  return (
    Array.isArray(skills) &&
    skills.every((s) => typeof s === 'object' && s !== null) &&
    Array.isArray(conflicts)
  );
}

/** Whether a bundled skill's folder still holds what the build's seed was read from. */
function seedCheck(verdicts: VerdictCacheOptions): KeptRunCheck['seeded'] {
  const seed = openListingSeed(verdicts.listingSeed, verdicts.buildId);
  // The seed's profile and size bound are checked against the registry's: its defaults.
  const r = resolveScanOptions({ sync: true, seed });
  return (at, realDir, entries) => seed?.lookup(r, at, realDir, entries) !== undefined;
}

/** `scan`, recorded by `run`: this thread's calls, and the workers' (posted at their end). */
function recorded(scan: ScanOptions, run: RunRecorder): ScanOptions {
  return {
    ...scan,
    keptRun: run,
    parallel: {
      workerLogs: true,
      onReport: (report) => {
        if (report.logsLost) run.unrecorded();
        for (const log of report.logs) run.merge(log as ReadInput[] | null);
      },
    },
  };
}

/**
 * What the kept verdicts of a catalog depend on besides the skills' files: the sources and
 * skill-studio.json. Any edit of skill-studio.json starts afresh, even one that reads the
 * same (a rule simple to state and to trust); the text comes through the same hardened
 * reader as the settings.
 */
async function catalogScope(sources: ResolveSourcesOptions): Promise<string> {
  const settings = sources.workspace
    ? await readConfigText(workspaceConfigPath(sources.workspace)).catch(() => null)
    : null;
  return `catalog\0${JSON.stringify(sources)}\0${settings ?? ''}`;
}

/** The registry's scan: kept verdicts (./verdict-cache.ts) stand in for unchanged skills. */
function catalogScan(
  countFiles: boolean,
  kept: VerdictCache<KeptSkill> | null,
  verdicts: VerdictCacheOptions | null | undefined,
): ScanOptions {
  return {
    // Read once and never watched: no fingerprints to tell changes apart.
    sync: true,
    countFiles,
    fingerprint: false,
    parallel: true,
    kept,
    // Even with no cache folder (caching off): the seed is the build's, not kept.
    seed: verdicts && openListingSeed(verdicts.listingSeed, verdicts.buildId),
  };
}

async function loadCatalog(
  sources: ResolveSourcesOptions,
  kept: VerdictCache<KeptSkill> | null,
  scan: ScanOptions,
): Promise<SkillRegistry> {
  const registry = new SkillRegistry({ ...sources, scan });
  await registry.load();
  await kept?.save();
  return registry;
}
