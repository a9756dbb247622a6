/**
 * The build's side of the listing seed (listing-seed.ts): the bundled skills read exactly
 * as `list` reads them (the registry over the framework source, through the kept-verdicts
 * path), and what each read saw turned into a seed entry that any folder can check.
 */
import { defaultWorkspaceConfig } from '../workspace/workspace-file';
import { NO_KEPT_LISTINGS } from './kept-listings';
import type { KeptSkill } from './kept-skills';
import { seedSkill, type SeedFile, type SeedSkill } from './listing-seed';
import { SkillRegistry } from './registry';
import { resolveScanOptions, type ScanOptions } from './scan-options';
import { isJsonExact, type VerdictCache } from './verdict-cache';

/** The seed of the skills in `frameworkDir` (a real path), for the build `buildId`. */
export async function collectListingSeed(frameworkDir: string, buildId: string): Promise<SeedFile> {
  const skills: SeedSkill[] = [];
  // A cache that holds nothing and takes every verdict read: each skill is read afresh.
  const collector: VerdictCache<KeptSkill> = {
    runStart: Date.now(),
    has: () => false,
    lookup: () => undefined,
    keep(dir, realDir, verdict, inputs) {
      if (!inputs || dir !== realDir || !isJsonExact(verdict)) return;
      const skill = seedSkill(dir, verdict, inputs);
      if (skill) skills.push(skill);
    },
    listings: NO_KEPT_LISTINGS,
    save: () => Promise.resolve(),
  };
  // As readCatalog reads for `list` (one thread: the seed's order is the folder's).
  const scan = {
    sync: true,
    countFiles: true,
    fingerprint: false,
    parallel: false,
    kept: collector,
  } satisfies Omit<ScanOptions, 'profile'>;
  const registry = new SkillRegistry({
    workspace: null,
    home: null,
    frameworkDir,
    config: defaultWorkspaceConfig(),
    noUser: true,
    scan,
  });
  await registry.load();
  const r = resolveScanOptions({ ...scan, profile: 'studio' });
  return { build: buildId, profile: r.profile, maxSkillMdBytes: r.maxSkillMdBytes, skills };
}
