/**
 * Path hardening for everything that reaches into a skill folder on behalf of a user,
 * an agent or a bundle (docs/contracts.md, Skill tool): a relative path is checked lexically first
 * (no `..`, nothing absolute, no NUL, no backslash, no control characters), then the
 * real path — symlinks resolved — must stay inside the real skill root.
 */
import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import { errnoCode, NotFoundError, PathError, toFileServiceError } from './errors';

export { PathError } from './errors';

export const MAX_RELATIVE_PATH_LENGTH = 1024;

export interface CheckPathOptions {
  /**
   * The path will be created or written: also refuse names Windows cannot hold
   * (CON, NUL, COM1…, a trailing dot or space, `<>:"|?*`), so a skill written here can
   * be checked out, unzipped and used on every platform.
   */
  forWrite?: boolean;
}

// Device names are reserved on Windows whatever the extension: `nul.txt` opens the device.
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;
const WINDOWS_INVALID_CHARS = /[<>:"|?*]/;
// C0 controls and DEL; NUL is reported on its own because it is the classic truncation trick.
const CONTROL_CHARS = /[\u0001-\u001f\u007f]/;

/**
 * What is wrong with `rel` as a path inside a skill, or null when nothing is. `clean` is the
 * normalised posix form (`a/./b//c/` → `a/b/c`).
 */
export function pathProblem(
  rel: string,
  opts: CheckPathOptions = {},
): { why: string; clean?: undefined } | { why: null; clean: string } {
  const bad = (why: string) => ({ why }) as const;
  if (typeof rel !== 'string') return bad('not a string');
  if (rel.length === 0) return bad('empty path');
  if (rel.length > MAX_RELATIVE_PATH_LENGTH)
    return bad(`longer than ${MAX_RELATIVE_PATH_LENGTH} characters`);
  if (rel.includes('\0')) return bad('contains a NUL byte');
  if (rel.startsWith('\\\\') || rel.startsWith('//'))
    return bad('a network (UNC) path is absolute');
  if (/^[A-Za-z]:/.test(rel)) return bad('a drive path is absolute');
  if (rel.startsWith('/')) return bad('absolute paths are not allowed');
  // A backslash is a separator on Windows and a plain character elsewhere: either way it
  // lets a path mean two different things, so it is never accepted.
  if (rel.includes('\\')) return bad('contains a backslash (use / as the separator)');
  if (CONTROL_CHARS.test(rel)) return bad('contains a control character');

  const segments: string[] = [];
  for (const segment of rel.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') return bad('".." is not allowed');
    if (opts.forWrite) {
      const why = writableSegmentProblem(segment);
      if (why) return bad(why);
    }
    segments.push(segment);
  }
  if (segments.length === 0) return bad('names no file inside the skill');
  return { why: null, clean: segments.join('/') };
}

/**
 * Returns the normalised posix relative path or throws a PathError (code `forbidden_path`)
 * that says what is wrong with it.
 */
export function checkRelativePath(rel: string, opts: CheckPathOptions = {}): string {
  const result = pathProblem(rel, opts);
  if (result.why !== null) {
    const shown = typeof rel === 'string' && rel.length > 80 ? `${rel.slice(0, 60)}…` : String(rel);
    throw new PathError(`Refused path ${JSON.stringify(shown)}: ${result.why}`, String(rel));
  }
  return result.clean;
}

function writableSegmentProblem(segment: string): string | null {
  if (WINDOWS_RESERVED.test(segment)) return `"${segment}" is a reserved device name on Windows`;
  if (/[. ]$/.test(segment)) return `"${segment}" ends with a dot or a space`;
  if (WINDOWS_INVALID_CHARS.test(segment)) {
    return `"${segment}" contains a character Windows does not allow in names (<>:"|?*)`;
  }
  return null;
}

/**
 * The path of `child` relative to `parent` (native separators; `''` when they are the same
 * folder) when `child` is `parent` or lies below it, null otherwise. Both absolute. This is
 * the one containment check of the code base (lint refuses a hand-rolled
 * `rel.startsWith('..')`, which counts a folder named `..foo` as outside): only a whole `..`
 * segment climbs out, and a path on another drive comes back absolute.
 */
export function relativeInside(parent: string, child: string): string | null {
  const rel = path.relative(parent, child);
  if (rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) return null;
  return rel;
}

/** True when `child` is `parent` or lies below it (both absolute, already real paths). */
export function isInsideOrEqual(parent: string, child: string): boolean {
  return relativeInside(parent, child) !== null;
}

/** True when `child` lies below `parent`, not `parent` itself. */
export function isStrictlyInside(parent: string, child: string): boolean {
  const rel = relativeInside(parent, child);
  return rel !== null && rel !== '';
}

/**
 * Refuses to write at `target` (an absolute path meant to lie under `root`) when its real
 * path leaves the real `root`: a folder a repository committed as a symbolic link
 * (`.skill-studio -> /home/me`) must not carry the studio's writes elsewhere. The part of
 * `target` that does not exist yet is taken as written (it holds no link); a dangling link
 * on the way is refused, since creating through it would land wherever it points. Returns
 * the real path to write to. `what` names the target in the error ("the eval results").
 */
export async function assertRealPathInside(
  root: string,
  target: string,
  what = 'the target',
): Promise<string> {
  const abs = path.resolve(target);
  const rel = relativeInside(path.resolve(root), abs);
  if (rel === null) {
    throw new PathError(`Refused to write ${what} at ${abs}: it is not inside ${root}`, abs);
  }
  const rootReal = await realpath(root).catch((err: unknown) => {
    throw toFileServiceError(err, root);
  });
  const real = rel === '' ? rootReal : await resolveExisting(rootReal, rel.split(path.sep), abs);
  if (!isInsideOrEqual(rootReal, real)) {
    throw new PathError(
      `Refused to write ${what}: ${abs} resolves (through a symbolic link) to ${real}, outside ${rootReal}`,
      abs,
    );
  }
  return real;
}

export interface ResolveOptions extends CheckPathOptions {
  /** Throw a NotFoundError when the target does not exist. */
  mustExist?: boolean;
  /**
   * Resolve the folder holding the target but not the target itself: for rename and
   * delete, which act on a symlink, not on what it points to.
   */
  noFollowLast?: boolean;
}

/** The real path of the skill root; a missing root is a NotFoundError. */
export async function realRoot(root: string): Promise<string> {
  try {
    return await realpath(root);
  } catch (err) {
    if (errnoCode(err) === 'ENOENT' || errnoCode(err) === 'ENOTDIR') {
      throw new NotFoundError(`Skill folder not found: ${root}`, null);
    }
    throw toFileServiceError(err, root);
  }
}

/**
 * Resolves `rel` inside `root` and returns the real absolute path: symlinks are followed and
 * the result must stay inside the real root. A target that does not exist yet is placed
 * under the real path of its nearest existing ancestor; a dangling symlink on the way is
 * refused, because writing through it would create a file wherever it points.
 */
export async function resolveInside(
  root: string,
  rel: string,
  opts: ResolveOptions = {},
): Promise<string> {
  const clean = checkRelativePath(rel, opts);
  const rootReal = await realRoot(root);
  const segments = clean.split('/');

  let resolved: string;
  if (opts.noFollowLast) {
    const last = segments.pop() as string;
    const parent =
      segments.length === 0 ? rootReal : await resolveExisting(rootReal, segments, clean);
    ensureInside(rootReal, parent, clean);
    resolved = path.join(parent, last);
    if (opts.mustExist) {
      try {
        await lstat(resolved);
      } catch (err) {
        throw toFileServiceError(err, clean);
      }
    }
  } else {
    resolved = await resolveExisting(rootReal, segments, clean);
    ensureInside(rootReal, resolved, clean);
    if (opts.mustExist) {
      try {
        await lstat(resolved);
      } catch (err) {
        throw toFileServiceError(err, clean);
      }
    }
  }
  return resolved;
}

function ensureInside(rootReal: string, target: string, shown: string): void {
  if (!isInsideOrEqual(rootReal, target)) {
    throw new PathError(
      `Refused path ${JSON.stringify(shown)}: it resolves (through a symbolic link) outside the skill folder`,
      shown,
    );
  }
}

/**
 * realpath of rootReal/segments; when the path does not exist, the realpath of the nearest
 * existing ancestor joined with the missing tail (which holds no links, since it doesn't exist).
 */
async function resolveExisting(
  rootReal: string,
  segments: string[],
  shown: string,
): Promise<string> {
  const missing: string[] = [];
  const probe = [...segments];
  for (;;) {
    const candidate = path.join(rootReal, ...probe);
    try {
      const real = await realpath(candidate);
      return missing.length === 0 ? real : path.join(real, ...missing.reverse());
    } catch (err) {
      const code = errnoCode(err);
      if (code === 'ELOOP')
        throw new PathError(`Refused path ${JSON.stringify(shown)}: symbolic link loop`, shown);
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw toFileServiceError(err, shown);
      // Something exists at the candidate but cannot be resolved: a dangling link.
      if (await existsNoFollow(candidate)) {
        if (code === 'ENOTDIR') {
          throw new NotFoundError(`${shown}: a part of the path is a file, not a folder`, shown);
        }
        throw new PathError(
          `Refused path ${JSON.stringify(shown)}: "${probe.join('/')}" is a symbolic link to something that does not exist`,
          shown,
        );
      }
      if (probe.length === 0) throw new NotFoundError(`Skill folder not found`, shown);
      missing.push(probe.pop() as string);
    }
  }
}

async function existsNoFollow(p: string): Promise<boolean> {
  try {
    await lstat(p);
    return true;
  } catch {
    return false;
  }
}
