/**
 * The workspace's skills, read and validated once, for the callers that show them (`list`,
 * `explain`): the registry alone, without the rest of the host (router, A2E host, runner,
 * bundles), which they never use and would only load. Sources, settings and names resolve
 * exactly as in StudioHost (the same registry, the same skill-studio.json). The one scan
 * uses synchronous file calls: the caller waits for it anyway, and worker threads read a
 * large folder's skills together with this one (./scan-parallel.ts).
 */
import { readConfigText, workspaceConfigPath } from '../workspace/workspace-file';
import type { KeptSkill } from './kept-skills';
import { SkillRegistry } from './registry';
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
  // Kept verdicts (./verdict-cache.ts), for these sources and settings only. Any edit of
  // skill-studio.json starts afresh, even one that reads the same (a rule simple to state
  // and to trust); the text comes through the same hardened reader as the settings.
  let kept: VerdictCache<KeptSkill> | null = null;
  if (verdicts) {
    const settings = sources.workspace
      ? await readConfigText(workspaceConfigPath(sources.workspace)).catch(() => null)
      : null;
    const scope = `catalog\0${JSON.stringify(sources)}\0${settings ?? ''}`;
    kept = openVerdictCache<KeptSkill>(verdicts, scope);
  }
  const registry = new SkillRegistry({
    ...sources,
    // Read once and never watched: no fingerprints to tell changes apart.
    scan: {
      sync: true,
      countFiles,
      fingerprint: false,
      parallel: true,
      kept,
      // Even with no cache folder (caching off): the seed is the build's, not kept.
      seed: verdicts && openListingSeed(verdicts.listingSeed, verdicts.buildId),
    },
  });
  await registry.load();
  await kept?.save();
  return registry;
}
