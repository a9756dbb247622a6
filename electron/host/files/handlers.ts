/**
 * The Studio API methods on the files inside a skill: read, write (with the version the editor
 * last read), create, rename, delete. Kept apart from studio-host.ts, which spreads them into
 * its handler table; they reach the host only through the narrow context below.
 *
 * Two policies live here: every change goes through `writableSkill` (a read-only skill is
 * refused before anything is touched), and every change re-reads the skill in the registry
 * before the call returns, so the listing a caller reads next is current without a watcher.
 * Paths inside the skill are checked by skill-files.ts.
 */
import type { Handlers } from '../handler-table';
import {
  createFile,
  createFolder,
  deletePath,
  readFileForEditor,
  renamePath,
  writeSkillFile,
} from '../skill-files';
import type { SkillResolution } from '../skills/skill-lookup';

export interface FilesContext extends Pick<SkillResolution, 'skillAt' | 'writableSkill'> {
  /** Re-reads one skill folder in the registry now (after our own write). */
  refresh(dir: string): Promise<void>;
}

type FilesMethods =
  | 'files.read'
  | 'files.write'
  | 'files.createFile'
  | 'files.createFolder'
  | 'files.rename'
  | 'files.delete';

export function filesHandlers(ctx: FilesContext): Pick<Handlers, FilesMethods> {
  /** Runs `change` in the writable skill `ref`, then re-reads that skill before returning. */
  const changing = async <T>(ref: string, change: (dir: string) => Promise<T>): Promise<T> => {
    const { dir } = ctx.writableSkill(ref);
    const result = await change(dir);
    // Re-read now, after our own write, rather than wait for the watcher.
    await ctx.refresh(dir);
    return result;
  };

  return {
    'files.read': async ({ skill, path: rel }) => readFileForEditor(ctx.skillAt(skill).dir, rel),
    'files.write': ({ skill, path: rel, text, expectedVersion }) =>
      changing(skill, (dir) => writeSkillFile(dir, rel, text, { expectedVersion })),
    'files.createFile': ({ skill, path: rel, text, base64 }) =>
      changing(skill, (dir) => {
        const data = base64 !== undefined ? Buffer.from(base64, 'base64') : (text ?? '');
        return createFile(dir, rel, data);
      }),
    'files.createFolder': ({ skill, path: rel }) =>
      changing(skill, async (dir) => {
        await createFolder(dir, rel);
        return { ok: true as const };
      }),
    'files.rename': ({ skill, from, to }) =>
      changing(skill, async (dir) => {
        await renamePath(dir, from, to);
        return { ok: true as const };
      }),
    'files.delete': ({ skill, path: rel }) =>
      changing(skill, async (dir) => {
        await deletePath(dir, rel);
        return { ok: true as const };
      }),
  };
}
