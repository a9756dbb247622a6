/**
 * The workspace's skills, read and validated once, for the callers that show them (`list`,
 * `explain`): the registry alone, without the rest of the host (router, A2E host, runner,
 * bundles), which they never use and would only load. Sources, settings and names resolve
 * exactly as in StudioHost (the same registry, the same skill-studio.json). The one scan
 * uses synchronous file calls: the caller waits for it anyway, and worker threads read a
 * large folder's skills together with this one (registry/scan-parallel.ts).
 */
import path from 'node:path';
import type { SkillRecord } from '../../../shared/skill/model';
import { NotFoundError } from '../fs/errors';
import type { KeptSkill } from '../registry/kept-skills';
import { SkillRegistry } from '../registry/registry';
import { openVerdictCache } from '../registry/verdict-cache';
import { effectiveStatus } from '../runner/skill-readiness';
import { loadWorkspaceConfig, readConfigText } from '../workspace/workspace-config';
import { WORKSPACE_CONFIG_FILE } from '../workspace/workspace-file';
import type { ProxyContext } from './context';
import type { DomainHandlers } from './domain';
import { workspaceSources } from './workspace-sources';

/**
 * Reads the skills once; `countFiles: false` leaves files_count at 0 (no winner depends on
 * it). `keep`: through the kept verdicts (`list`, which takes `--no-cache`).
 */
async function readCatalog(
  ctx: ProxyContext,
  countFiles: boolean,
  keep = false,
): Promise<SkillRegistry> {
  // The settings' reader is part of this bundle anyway (the registry imports it).
  const sources = await workspaceSources(ctx, loadWorkspaceConfig);
  // Kept verdicts (registry/verdict-cache.ts), for these sources and settings only.
  // Any edit of skill-studio.json starts afresh, even one that reads the same (a rule simple
  // to state and to trust); the text comes through the same hardened reader as the settings.
  const settings = sources.workspace
    ? await readConfigText(path.join(sources.workspace, WORKSPACE_CONFIG_FILE)).catch(() => null)
    : null;
  const scope = `catalog\0${JSON.stringify(sources)}\0${settings ?? ''}`;
  const kept = keep ? openVerdictCache<KeptSkill>(ctx.verdicts, scope) : null;
  const registry = new SkillRegistry({
    ...sources,
    // Read once and never watched: no fingerprints to tell changes apart.
    scan: { sync: true, countFiles, fingerprint: false, parallel: true, kept },
  });
  await registry.load(); // nothing watched: nothing to close
  await kept?.save();
  return registry;
}

export const handlers: DomainHandlers<'catalog.list' | 'catalog.resolve'> = {
  async 'catalog.list'({ countFiles = true }, ctx) {
    const registry = await readCatalog(ctx, countFiles, true);
    return {
      skills: registry.all().map((record) => ({ record, status: effectiveStatus(record) })),
      conflicts: registry.conflicts(),
    };
  },

  async 'catalog.resolve'({ skill, countFiles = true }, ctx) {
    const registry = await readCatalog(ctx, countFiles);
    const all = registry.all();
    const record: SkillRecord | undefined = registry.get(skill) ?? all.find((r) => r.dir === skill);
    if (!record) throw new NotFoundError(`no skill named '${skill}'`);
    return { record, all };
  },
};
