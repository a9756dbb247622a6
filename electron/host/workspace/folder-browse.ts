/**
 * `folders.browse` (shared/api/folders.ts): the folder picker of "Open folder" in browser
 * mode, where the page cannot see the server's disk. It lists child folders only, and only
 * under the roots: the user's home and the open workspace's parent. A path is taken both as
 * written and as its real path (links resolved): either leaving every root is refused, and a
 * child that is a link out of the roots is left out of the listing, so the picker can never
 * walk (or open) what a link points at elsewhere.
 */
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import type { FolderEntry, FolderListing } from '../../../shared/api/folders';
import { errnoCode, NotFoundError, PathError, toFileServiceError } from '../fs/errors';
import { isInsideOrEqual } from '../fs/safe-path';
import type { Handlers } from '../handler-table';

/** A folder with more children than this shows the first ones (sorted), marked truncated. */
export const MAX_LISTED_FOLDERS = 2000;

export interface FolderBrowseContext {
  /** The user's home folder, or null when the studio runs without a user. */
  home(): string | null;
  /** The open workspace, or null. */
  workspace(): string | null;
}

interface Root {
  /** As configured (shown, and what paths are written against). */
  shown: string;
  real: string;
}

async function rootsOf(ctx: FolderBrowseContext): Promise<Root[]> {
  const candidates = [ctx.home(), ctx.workspace() && path.dirname(ctx.workspace()!)];
  const roots: Root[] = [];
  for (const c of candidates) {
    if (!c) continue;
    const shown = path.resolve(c);
    const real = await fsp.realpath(shown).catch(() => null);
    if (real && !roots.some((r) => r.real === real)) roots.push({ shown, real });
  }
  return roots;
}

/**
 * The root `abs` is written under, provided its real path `real` stays under a root too
 * (a link from home into the workspace's parent is fine); null otherwise.
 */
function rootOf(roots: Root[], abs: string, real: string): Root | null {
  if (!roots.some((any) => isInsideOrEqual(any.real, real))) return null;
  return roots.find((r) => isInsideOrEqual(r.shown, abs) || isInsideOrEqual(r.real, abs)) ?? null;
}

export async function browseFolders(
  ctx: FolderBrowseContext,
  requested: string | undefined,
): Promise<FolderListing> {
  const roots = await rootsOf(ctx);
  if (roots.length === 0)
    throw new NotFoundError('There is no folder to browse: no home folder and no workspace.', null);
  const abs = path.resolve(requested ?? roots[0]!.shown);
  if (!roots.some((r) => isInsideOrEqual(r.shown, abs) || isInsideOrEqual(r.real, abs)))
    throw new PathError(
      `Refused to list ${abs}: the folder picker shows only folders under ${roots.map((r) => r.shown).join(' or ')}`,
      abs,
    );
  let real: string;
  try {
    real = await fsp.realpath(abs);
  } catch (err) {
    if (errnoCode(err) === 'ENOENT' || errnoCode(err) === 'ENOTDIR')
      throw new NotFoundError(`No folder at ${abs}`, null);
    throw toFileServiceError(err, abs);
  }
  const root = rootOf(roots, abs, real);
  if (!root)
    throw new PathError(
      `Refused to list ${abs}: it resolves (through a symbolic link) to ${real}, outside ${roots.map((r) => r.shown).join(' and ')}`,
      abs,
    );
  const st = await fsp.stat(real);
  if (!st.isDirectory()) throw new NotFoundError(`${abs} is not a folder`, null);

  let entries: import('node:fs').Dirent[];
  try {
    entries = await fsp.readdir(real, { withFileTypes: true });
  } catch (err) {
    throw toFileServiceError(err, abs);
  }
  const folders: FolderEntry[] = [];
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    let isDir = e.isDirectory();
    if (e.isSymbolicLink()) {
      // A link is listed only when it is a folder that stays inside the roots.
      const target = await fsp.realpath(path.join(real, e.name)).catch(() => null);
      const tst = target ? await fsp.stat(target).catch(() => null) : null;
      isDir =
        !!target && !!tst?.isDirectory() && roots.some((r) => isInsideOrEqual(r.real, target));
    }
    if (!isDir) continue;
    if (folders.length >= MAX_LISTED_FOLDERS)
      return {
        path: abs,
        parent: parentOf(root, abs),
        roots: roots.map((r) => r.shown),
        folders,
        truncated: true,
      };
    folders.push({ name: e.name, path: path.join(abs, e.name), hidden: e.name.startsWith('.') });
  }
  return {
    path: abs,
    parent: parentOf(root, abs),
    roots: roots.map((r) => r.shown),
    folders,
    truncated: false,
  };
}

/** The parent to go up to, or null at the root (nothing above it is shown). */
function parentOf(root: Root, abs: string): string | null {
  if (abs === root.shown || abs === root.real) return null;
  return path.dirname(abs);
}

export function folderHandlers(ctx: FolderBrowseContext): Pick<Handlers, 'folders.browse'> {
  return { 'folders.browse': ({ path: requested }) => browseFolders(ctx, requested) };
}
