/**
 * The system trash, as a capability the host is given: deleting a skill moves it there
 * when one exists, so a mistake can be undone from the file manager. The host never
 * imports Electron: on Linux (and other freedesktop systems) it uses its own
 * implementation of the freedesktop.org Trash specification 1.0 below; the desktop app
 * injects Electron's `shell.trashItem` on macOS and Windows; elsewhere (the browser on a
 * system without a trash) there is none, and deleting is permanent after the UI says so.
 *
 * freedesktop, in short: a file on the home trash's filesystem goes to
 * `$XDG_DATA_HOME/Trash/files/<name>` with `info/<name>.trashinfo` (its original path,
 * URL-escaped, and the deletion time); the .trashinfo is created first with O_EXCL, which
 * reserves the name. A file on another filesystem goes to that filesystem's top directory:
 * `$topdir/.Trash/$uid` when `$topdir/.Trash` is a real, sticky folder, else
 * `$topdir/.Trash-$uid`, and its .trashinfo holds the path relative to `$topdir`.
 */
import { lstat, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { errnoCode } from '../fs/errors';

export interface Trash {
  /** The trash's name for the user: "the Trash", "the Recycle Bin". */
  readonly label: string;
  /** Moves a file or folder (absolute path) to the trash, or throws leaving it in place. */
  put(absPath: string): Promise<void>;
}

export interface FreedesktopTrashOptions {
  /** `$XDG_DATA_HOME` (default `~/.local/share`): the home trash is `<dataHome>/Trash`. */
  dataHome: string;
  /** The user id in top-directory trash names; default: this process's. */
  uid?: number;
  /** The deletion time written to .trashinfo (tests fix it). */
  now?: () => Date;
}

const S_ISVTX = 0o1000;
const MAX_NAME_TRIES = 10_000;

/** `2026-11-30T12:01:02`: local time, no zone, as the spec asks. */
function deletionDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** A path as the spec's `Path=` value: each segment URL-escaped, `/` kept. */
export function trashInfoPath(p: string): string {
  return p
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}

/** The highest ancestor of `p` still on `p`'s filesystem: the mount point `$topdir`. */
async function topDirOf(p: string): Promise<string> {
  const dev = (await lstat(p)).dev;
  let dir = p;
  for (;;) {
    const parent = path.dirname(dir);
    if (parent === dir) return dir;
    const st = await stat(parent).catch(() => null);
    if (!st || st.dev !== dev) return dir;
    dir = parent;
  }
}

/** Creates a trash folder (files/ and info/) owned by us and closed to others, or refuses a link. */
async function ensureTrashDir(dir: string): Promise<void> {
  await mkdir(path.join(dir, 'files'), { recursive: true, mode: 0o700 });
  await mkdir(path.join(dir, 'info'), { recursive: true, mode: 0o700 });
  const st = await lstat(dir);
  if (!st.isDirectory()) throw new Error(`${dir} is not a folder`);
}

/** The trash folder for a file on another filesystem than the home trash. */
async function topDirTrash(absPath: string, uid: number): Promise<{ dir: string; top: string }> {
  const top = await topDirOf(absPath);
  const shared = path.join(top, '.Trash');
  const st = await lstat(shared).catch(() => null);
  if (st && st.isDirectory() && !st.isSymbolicLink() && (st.mode & S_ISVTX) !== 0) {
    const dir = path.join(shared, String(uid));
    try {
      await ensureTrashDir(dir);
      return { dir, top };
    } catch {
      // Not usable for us: the per-user folder below is the spec's fallback.
    }
  }
  const dir = path.join(top, `.Trash-${uid}`);
  await ensureTrashDir(dir);
  const own = await lstat(dir);
  if (own.isSymbolicLink() || (typeof own.uid === 'number' && own.uid !== uid)) {
    throw new Error(`${dir} is not a trash folder of this user`);
  }
  return { dir, top };
}

/**
 * Reserves a name in the trash by creating its .trashinfo with O_EXCL (two deleters never
 * get the same one), writes it, and returns the name.
 */
async function reserveName(trashDir: string, base: string, info: string): Promise<string> {
  const { name: stem, ext } = path.parse(base);
  for (let n = 1; n <= MAX_NAME_TRIES; n++) {
    const name = n === 1 ? base : `${stem}.${n}${ext}`;
    if (
      await lstat(path.join(trashDir, 'files', name)).then(
        () => true,
        () => false,
      )
    )
      continue;
    let handle;
    try {
      handle = await open(path.join(trashDir, 'info', `${name}.trashinfo`), 'wx', 0o600);
    } catch (err) {
      if (errnoCode(err) === 'EEXIST') continue;
      throw err;
    }
    try {
      await handle.writeFile(info);
    } finally {
      await handle.close();
    }
    return name;
  }
  throw new Error(`no free name for ${base} in ${trashDir}`);
}

async function moveInto(trashDir: string, absPath: string, infoPath: string, when: Date) {
  const info = `[Trash Info]\nPath=${trashInfoPath(infoPath)}\nDeletionDate=${deletionDate(when)}\n`;
  const name = await reserveName(trashDir, path.basename(absPath), info);
  try {
    await rename(absPath, path.join(trashDir, 'files', name));
  } catch (err) {
    await rm(path.join(trashDir, 'info', `${name}.trashinfo`), { force: true });
    throw err;
  }
}

export function freedesktopTrash(opts: FreedesktopTrashOptions): Trash {
  const uid = opts.uid ?? process.getuid?.() ?? 0;
  const now = opts.now ?? (() => new Date());
  const home = path.join(opts.dataHome, 'Trash');
  return {
    label: 'the Trash',
    async put(absPath) {
      const target = path.resolve(absPath);
      const when = now();
      await ensureTrashDir(home);
      const [homeDev, itemDev] = await Promise.all([
        stat(home).then((s) => s.dev),
        lstat(target).then((s) => s.dev),
      ]);
      if (homeDev === itemDev) {
        try {
          await moveInto(home, target, target, when);
          return;
        } catch (err) {
          // Same st_dev yet another mount (a bind mount): the top-directory trash follows.
          if (errnoCode(err) !== 'EXDEV') throw err;
        }
      }
      const { dir, top } = await topDirTrash(target, uid);
      await moveInto(dir, target, path.relative(top, target), when);
    },
  };
}

/**
 * The trash the host uses when none is injected: the freedesktop one on systems that have
 * it (not macOS, not Windows: there only the desktop app's Electron can reach the trash).
 */
export function defaultTrash(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): Trash | null {
  if (platform === 'darwin' || platform === 'win32') return null;
  const xdg = env.XDG_DATA_HOME;
  const dataHome =
    xdg && path.isAbsolute(xdg) ? xdg : path.join(env.HOME ?? os.homedir(), '.local', 'share');
  return freedesktopTrash({ dataHome });
}
