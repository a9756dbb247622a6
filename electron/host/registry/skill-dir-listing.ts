/**
 * The folder listing the validator's link checks ask for (shared/skill/links.ts), read
 * from disk. Synchronous because the validator is pure and synchronous; it is asked
 * only for the folders a SKILL.md body links into, each at most once per check, and the
 * root comes from the listing the scan already holds.
 */
import { readdirSync, realpathSync, type Dirent } from 'node:fs';
import path from 'node:path';
import type { ListDir } from '../../../shared/skill/links';
import { isInsideOrEqual } from '../fs/safe-path';

/**
 * A ListDir over the skill folder `dir` (real path `realDir`). A folder that is not
 * there, cannot be read, or leads outside the skill through a link lists as null.
 */
export function skillDirLister(
  dir: string,
  realDir: string,
  rootEntries: readonly Dirent[],
): ListDir {
  // Made on first use: most bodies link nowhere, and a scan makes one lister per skill.
  let cache: Map<string, readonly string[] | null> | null = null;
  return (rel) => {
    cache ??= new Map([['', rootEntries.map((e) => e.name)]]);
    const cached = cache.get(rel);
    if (cached !== undefined) return cached;
    let names: readonly string[] | null = null;
    const abs = path.resolve(dir, rel);
    if (!rel.includes('\0') && isInsideOrEqual(path.resolve(dir), abs)) {
      try {
        const real = realpathSync(abs);
        if (isInsideOrEqual(realDir, real)) names = readdirSync(real);
      } catch {
        // Missing, not a folder, unreadable: all the same to a link.
      }
    }
    cache.set(rel, names);
    return names;
  };
}
