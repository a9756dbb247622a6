/**
 * The portability matrix (`portability [PATH|NAME…]`): each skill folder a path names, or
 * the workspace skill a name names, read under each client's base profile and seen
 * through its rules (./portability.ts). The workspace's skills are read only when a name,
 * or no target, asks for them, and then once, without counting files.
 */
import type { PortabilityRowJson } from '../../../shared/api/skill-reads';
import type { Handlers } from '../handler-table';
import { foldersFor, readFolder, type SkillFolder } from '../registry/folder-checks';
import { readCatalog } from '../registry/read-catalog';
import type { SkillRegistry } from '../registry/registry';
import type { ResolveSourcesOptions } from '../registry/sources';
import { skillLookup } from './skill-lookup';
import { portabilityForFolder } from '../portability/portability';

export interface PortabilityContext {
  /** The workspace's sources (their settings' problems told when read). */
  sources(): Promise<ResolveSourcesOptions>;
}

export function portabilityHandlers(ctx: PortabilityContext): Pick<Handlers, 'portability.rows'> {
  return {
    async 'portability.rows'({ targets }) {
      // The settings are read (and their problems told) whatever the targets, as a run that
      // opens the workspace does.
      const sources = await ctx.sources();
      let catalog: Promise<SkillRegistry> | null = null;
      const workspace = () =>
        (catalog ??= readCatalog(sources, { countFiles: false, verdicts: null }));
      const folders: SkillFolder[] = [];
      if (targets.length === 0) for (const r of (await workspace()).list()) folders.push(r.dir);
      for (const t of targets) {
        if ('path' in t) folders.push(...(await foldersFor(t.path)));
        else {
          const registry = await workspace();
          folders.push(skillLookup(() => registry).resolveSkill(t.skill).dir);
        }
      }
      const rows: PortabilityRowJson[] = [];
      for (const f of folders)
        rows.push(await portabilityForFolder((profile) => readFolder(f, { profile })));
      return rows;
    },
  };
}
