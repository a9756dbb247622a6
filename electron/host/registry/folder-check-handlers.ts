/**
 * Skill folders the command line names, checked without a workspace (`validate PATH…`):
 * a local-process method (shared/api/skill-reads.ts) over the folder checks
 * (./folder-checks.ts).
 */
import type { Handlers } from '../handler-table';
import type { VerdictCacheOptions } from './verdict-cache';
import { validateFolders } from './folder-checks';

export interface FolderCheckContext {
  /** Where unchanged folders' verdicts are kept between runs; null or absent: nowhere. */
  verdicts: VerdictCacheOptions | null | undefined;
}

export function folderCheckHandlers(ctx: FolderCheckContext): Pick<Handlers, 'folders.validate'> {
  return {
    'folders.validate': ({ targets, profile }) => validateFolders(targets, profile, ctx.verdicts),
  };
}
