/**
 * The skills of the current folder, read and validated, for the commands that show
 * them (`list` and others): the registry alone, without the rest of the host (router, A2E
 * host, runner, bundles), which those commands never use and would only load.
 * Sources, settings and names resolve exactly as in StudioHost (the same registry,
 * the same skill-studio.json). The one scan uses synchronous file calls: the CLI
 * waits for it anyway, and a thread-pool round trip per file would cost more.
 * Commands that only need one skill's folder use skill-lookup.ts instead.
 */
import type { SkillRecord } from '../../shared/skill/model';
import { NotFoundError } from '../host/fs/errors';
import { SkillRegistry } from '../host/registry/registry';
import { loadWorkspaceConfig } from '../host/workspace/workspace-config';
import type { CommandContext } from './command';
import { openWorkspace } from './workspace';

export { rootFolders } from './workspace';

export interface Catalog {
  all(): SkillRecord[];
  conflicts(): string[];
  /** A skill by name (the winner) or by the absolute folder of any listed skill. */
  resolve(ref: string): SkillRecord;
}

/**
 * Reads the skills once. `countFiles: false` leaves files_count at 0, for commands
 * that only resolve a name (which skill wins never depends on the count).
 */
export async function openCatalog(
  ctx: CommandContext,
  opts: { countFiles?: boolean } = {},
): Promise<Catalog> {
  // The settings' reader is part of this bundle anyway (the registry imports it).
  const sources = await openWorkspace(ctx, loadWorkspaceConfig);
  const registry = new SkillRegistry({
    ...sources,
    // Read once and never watched: no fingerprints to tell changes apart.
    scan: { sync: true, countFiles: opts.countFiles ?? true, fingerprint: false },
  });
  await registry.load(); // nothing watched: nothing to close
  return {
    all: () => registry.all(),
    conflicts: () => registry.conflicts(),
    resolve(ref) {
      const found = registry.get(ref) ?? registry.all().find((r) => r.dir === ref);
      if (!found) throw new NotFoundError(`no skill named '${ref}'`);
      return found;
    },
  };
}
