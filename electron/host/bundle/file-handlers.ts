/**
 * The local-process methods on bundles (shared/api/bundle-files.ts): what an export would
 * be, before any byte of it is built. Served by the in-process host alone
 * (in-process/bundles.ts), over the narrow context below.
 */
import type { Handlers } from '../handler-table';
import { bundleSkill, type ListedSkill } from './bundle-source';
import { exportRefused } from './export-policy';

export interface BundleFileContext {
  /** A skill the workspace lists, by name or by its folder. */
  skillAt: ListedSkill;
}

export function bundleFileHandlers(ctx: BundleFileContext): Pick<Handlers, 'export.check'> {
  return {
    async 'export.check'(params) {
      const rec = await bundleSkill(params, ctx.skillAt);
      return {
        name: rec.summary.name,
        dir: rec.dir,
        skillMdPath: rec.skillMdPath,
        diagnostics: rec.diagnostics,
        refused: exportRefused(rec.diagnostics, params.force),
      };
    },
  };
}
