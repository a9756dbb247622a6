/**
 * The files of one skill folder: listing, the Skill tool's read (docs/contracts.md, Skill tool),
 * the editor's read and write, and the file-tree operations. Pure functions over an absolute skill
 * root (no registry): every path goes through resolveInside, every read through the hardened
 * opener of fs/safe-read (regular files inside the skill only, never blocking on a FIFO),
 * every write is atomic, and every error is a FileServiceError with a StudioErrorCode
 * that names the file.
 */
import type { Stats } from 'node:fs';
import { lstat, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type {
  FileContent,
  FileEntry,
  SkillDetail,
  SkillReadResult,
  WriteResult,
} from '../../shared/api/studio-api';
import type { SkillRecord } from '../../shared/skill/model';
import { splitFrontmatter } from '../../shared/check/frontmatter';
import { writeFileAtomic } from './fs/atomic-write';
import {
  ConflictError,
  errnoCode,
  ExistsError,
  InvalidRequestError,
  NotFoundError,
  PathError,
  toFileServiceError,
} from './fs/errors';
import { SNIFF_BYTES, sniffFileKind, utf8Boundary } from './fs/file-kind';
import { checkRelativePath, isInsideOrEqual, realRoot, resolveInside } from './fs/safe-path';
import { openInsideSkill, readInsideSkill, readPrefix } from './fs/safe-read';
import { logSwallowed } from './log';
import { walkSkillTree, type WalkEntry, type WalkOptions, type WalkResult } from './fs/walk-tree';

export {
  ConflictError,
  ExistsError,
  InvalidRequestError,
  NotFoundError,
  PathError,
  TooLargeError,
} from './fs/errors';

/** The Skill tool's hard cap on what one read returns (docs/contracts.md, Skill tool). */
export const SKILL_READ_CAP_BYTES = 50 * 1024;
/** Text files above this open as `too_large` in the editor. */
export const EDITOR_TEXT_MAX_BYTES = 5 * 1024 * 1024;
/** Images above this open as `too_large` (they travel base64 over IPC/HTTP). */
export const EDITOR_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export { DEFAULT_MAX_DEPTH, DEFAULT_MAX_ENTRIES } from './fs/walk-tree';
// SKILL.md is read whole before its frontmatter is stripped; beyond this only a prefix is read.
const SKILL_MD_READ_LIMIT = 8 * 1024 * 1024;

/** Opaque file version sent back on save to detect edits underneath (mtime + size). */
export function fileVersion(st: Pick<Stats, 'mtimeMs' | 'size'>): string {
  return `${st.mtimeMs}:${st.size}`;
}

// ---------------------------------------------------------------------------------------
// Listing (the walk and its symlink policy: fs/walk-tree.ts)

export { walkSkillTree, type WalkEntry, type WalkOptions, type WalkResult };

export interface ListOptions {
  /** Also list folders (so empty ones show in the tree). */
  includeDirs?: boolean;
  maxEntries?: number;
}

/**
 * Every file of the skill, relative to the root, sorted, with sizes (`files(name)` of the Skill
 * tool, docs/contracts.md).
 */
export async function listSkillFiles(root: string, opts: ListOptions = {}): Promise<FileEntry[]> {
  const { entries } = await walkSkillTree(root, {
    maxEntries: opts.maxEntries,
    includeDirs: opts.includeDirs,
    stats: true,
  });
  const out: FileEntry[] = [];
  for (const e of entries) {
    if (e.dir) {
      if (opts.includeDirs) out.push({ path: e.path, bytes: 0, dir: true });
    } else {
      out.push({ path: e.path, bytes: e.bytes });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Reading

function isSkillMdPath(clean: string): boolean {
  return clean.toLowerCase() === 'skill.md';
}

/**
 * The Skill tool's read (docs/contracts.md, Skill tool): SKILL.md (or skill.md) with its
 * frontmatter stripped, sidecars verbatim, at most 50 KB (cut at a character boundary). Binary
 * files are refused (a SKILL.md only for NUL bytes: one that is not UTF-8 reads with U+FFFD).
 */
export async function readSkillFile(
  root: string,
  rel: string,
  opts: { stripFrontmatter?: boolean } = {},
): Promise<SkillReadResult> {
  const { clean, handle, st } = await openInsideSkill(root, rel);
  const strip = opts.stripFrontmatter ?? isSkillMdPath(clean);
  let raw: Buffer;
  try {
    // One byte past the cap tells whether there is more; SKILL.md is read whole (up to a
    // sane limit) because the cap applies to the body left after the frontmatter.
    raw = await readPrefix(
      handle,
      Math.min(st.size, strip ? SKILL_MD_READ_LIMIT : SKILL_READ_CAP_BYTES + 4),
    );
  } catch (err) {
    throw toFileServiceError(err, clean);
  } finally {
    await handle.close().catch(logSwallowed('close a skill file after reading it'));
  }
  const partial = raw.length < st.size;
  const kind = sniffFileKind(raw, clean, { partial });
  // A SKILL.md that is not valid UTF-8 is still the skill's instructions (FILE_BINARY is only
  // a warning for it): read with U+FFFD, as the validator reads it. NUL bytes stay refused.
  const textAnyway = kind.kind === 'binary' && isSkillMdPath(clean) && !raw.includes(0);
  if (kind.kind !== 'text' && !textAnyway) {
    const what = kind.kind === 'image' ? `an image (${kind.mime})` : 'a binary file';
    throw new InvalidRequestError(`${clean}: is ${what}; only text files can be read`, clean);
  }

  let content = raw;
  if (strip) {
    const boundary = utf8Boundary(raw, raw.length);
    content = Buffer.from(
      splitFrontmatter(raw.subarray(0, boundary).toString('utf8')).body,
      'utf8',
    );
  }
  let truncated = partial;
  if (content.length > SKILL_READ_CAP_BYTES) {
    content = content.subarray(0, utf8Boundary(content, SKILL_READ_CAP_BYTES));
    truncated = true;
  } else if (partial) {
    content = content.subarray(0, utf8Boundary(content, content.length));
  }
  return { text: content.toString('utf8'), bytes: st.size, truncated };
}

/**
 * SKILL.md as written (frontmatter kept) and its version, for the skill's detail
 * (`skills.get`, `GET /api/v1/skills/{name}`). `name` is the file's name in the skill
 * root (SKILL.md or skill.md). A file that is not a regular file inside the skill (a
 * link to elsewhere, a FIFO, a device), is binary or is over the editor's text cap
 * reads as empty: its diagnostics (FILE_UNREADABLE, …) already say why.
 */
export async function readSkillMdForDetail(
  root: string,
  name: string,
): Promise<{ text: string; version: string }> {
  try {
    const { data, st } = await readInsideSkill(root, name, { maxBytes: EDITOR_TEXT_MAX_BYTES });
    if (data.includes(0)) return { text: '', version: fileVersion(st) };
    return { text: data.toString('utf8'), version: fileVersion(st) };
  } catch {
    // The version still lets a save replace the file (a stat never blocks on a FIFO).
    const st = await stat(path.join(root, name)).catch(() => null);
    return { text: '', version: st ? fileVersion(st) : '' };
  }
}

/** What the editor opens: text, an image (base64), or a placeholder for binary / too large. */
export async function readFileForEditor(root: string, rel: string): Promise<FileContent> {
  const { clean, handle, st } = await openInsideSkill(root, rel);
  const version = fileVersion(st);
  const bytes = st.size;
  try {
    if (bytes > EDITOR_IMAGE_MAX_BYTES) {
      // Too big to send whatever it is; the first bytes still tell binary from the rest.
      const head = await readPrefix(handle, SNIFF_BYTES);
      const kind = sniffFileKind(head, clean, { partial: true });
      return kind.kind === 'binary'
        ? { kind: 'binary', path: clean, bytes, version }
        : { kind: 'too_large', path: clean, bytes, version };
    }
    const data = await readPrefix(handle, bytes);
    const kind = sniffFileKind(data, clean);
    if (kind.kind === 'image') {
      return {
        kind: 'image',
        path: clean,
        mime: kind.mime,
        base64: data.toString('base64'),
        bytes,
        version,
      };
    }
    if (kind.kind === 'binary') return { kind: 'binary', path: clean, bytes, version };
    if (bytes > EDITOR_TEXT_MAX_BYTES) return { kind: 'too_large', path: clean, bytes, version };
    return { kind: 'text', path: clean, text: data.toString('utf8'), bytes, version };
  } catch (err) {
    throw toFileServiceError(err, clean);
  } finally {
    await handle.close().catch(logSwallowed('close a skill file after reading it'));
  }
}

// ---------------------------------------------------------------------------------------
// Writing

// Serialises check-then-write per file within this process, so two saves of one file
// cannot both pass the version check.
const fileLocks = new Map<string, Promise<unknown>>();

async function withFileLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const previous = fileLocks.get(key) ?? Promise.resolve();
  const run = previous.then(fn, fn);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  fileLocks.set(key, settled);
  try {
    return await run;
  } finally {
    if (fileLocks.get(key) === settled) fileLocks.delete(key);
  }
}

async function statOrNull(p: string, follow: boolean): Promise<Stats | null> {
  try {
    return follow ? await stat(p) : await lstat(p);
  } catch (err) {
    const code = errnoCode(err);
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw err;
  }
}

async function resolveForWrite(
  root: string,
  rel: string,
): Promise<{ clean: string; abs: string; rootReal: string }> {
  const clean = checkRelativePath(rel, { forWrite: true });
  const rootReal = await realRoot(root);
  const abs = await resolveInside(rootReal, clean, { forWrite: true });
  if (abs === rootReal)
    throw new PathError(
      `Refused path ${JSON.stringify(clean)}: it is the skill folder itself`,
      clean,
    );
  return { clean, abs, rootReal };
}

async function ensureParent(abs: string, clean: string): Promise<void> {
  try {
    await mkdir(path.dirname(abs), { recursive: true });
  } catch (err) {
    if (errnoCode(err) === 'EEXIST' || errnoCode(err) === 'ENOTDIR') {
      throw new InvalidRequestError(`${clean}: a part of the path is a file, not a folder`, clean);
    }
    throw toFileServiceError(err, clean);
  }
}

async function writeResult(abs: string, clean: string): Promise<WriteResult> {
  try {
    const st = await stat(abs);
    return { version: fileVersion(st), bytes: st.size };
  } catch (err) {
    throw toFileServiceError(err, clean);
  }
}

export interface WriteOptions {
  /**
   * The version the caller last read. When given and the file on disk has another version
   * (or is gone), the write is refused with a ConflictError. null or absent: no check.
   */
  expectedVersion?: string | null;
}

/**
 * Writes a file inside the skill atomically, creating its folders. Writing to a symlink
 * writes the file it points to, which must be inside the skill.
 */
export async function writeSkillFile(
  root: string,
  rel: string,
  data: string | Uint8Array,
  opts: WriteOptions = {},
): Promise<WriteResult> {
  const { clean, abs } = await resolveForWrite(root, rel);
  return withFileLock(abs, async () => {
    const current = await statOrNull(abs, true).catch((err) => {
      throw toFileServiceError(err, clean);
    });
    if (current?.isDirectory())
      throw new InvalidRequestError(`${clean}: is a folder, not a file`, clean);
    if (opts.expectedVersion != null) {
      if (!current) {
        throw new ConflictError(`${clean} was deleted on disk after it was opened`, clean, null);
      }
      const now = fileVersion(current);
      if (now !== opts.expectedVersion) {
        throw new ConflictError(`${clean} changed on disk after it was opened`, clean, now);
      }
    }
    await ensureParent(abs, clean);
    try {
      await writeFileAtomic(abs, data);
    } catch (err) {
      throw toFileServiceError(err, clean);
    }
    return writeResult(abs, clean);
  });
}

/** Creates a new file (refused with code `exists` when anything is at that path). */
export async function createFile(
  root: string,
  rel: string,
  data: string | Uint8Array = '',
): Promise<WriteResult> {
  const { clean, abs } = await resolveForWrite(root, rel);
  return withFileLock(abs, async () => {
    if (await statOrNull(abs, false)) throw new ExistsError(`${clean}: already exists`, clean);
    await ensureParent(abs, clean);
    try {
      await writeFileAtomic(abs, data);
    } catch (err) {
      throw toFileServiceError(err, clean);
    }
    return writeResult(abs, clean);
  });
}

/** Creates a folder and any missing parents (refused with code `exists` when the path exists). */
export async function createFolder(root: string, rel: string): Promise<void> {
  const { clean, abs } = await resolveForWrite(root, rel);
  if (await statOrNull(abs, false)) throw new ExistsError(`${clean}: already exists`, clean);
  await ensureParent(abs, clean);
  try {
    await mkdir(abs);
  } catch (err) {
    throw toFileServiceError(err, clean);
  }
}

/** Resolves a path to act on the entry itself (a symlink is renamed/deleted, not its target). */
async function resolveEntry(
  root: string,
  rel: string,
  forWrite: boolean,
): Promise<{ clean: string; abs: string }> {
  const clean = checkRelativePath(rel, { forWrite });
  const abs = await resolveInside(root, clean, { noFollowLast: true, forWrite });
  return { clean, abs };
}

/** Renames or moves a file or folder inside the skill; never overwrites. */
export async function renamePath(root: string, from: string, to: string): Promise<void> {
  const src = await resolveEntry(root, from, false);
  const dst = await resolveEntry(root, to, true);
  const rootReal = await realRoot(root);
  if (src.abs === rootReal || dst.abs === rootReal) {
    throw new PathError('Refused: the skill folder itself cannot be renamed here', src.clean);
  }
  const srcStat = await statOrNull(src.abs, false).catch((err) => {
    throw toFileServiceError(err, src.clean);
  });
  if (!srcStat) throw new NotFoundError(`${src.clean}: no such file or folder`, src.clean);
  if (src.abs === dst.abs) return;
  const dstStat = await statOrNull(dst.abs, false).catch((err) => {
    throw toFileServiceError(err, dst.clean);
  });
  // On a case-insensitive disk `a.md` → `A.md` finds the source itself at the destination.
  const sameEntry = dstStat && dstStat.ino === srcStat.ino && dstStat.dev === srcStat.dev;
  if (dstStat && !sameEntry) throw new ExistsError(`${dst.clean}: already exists`, dst.clean);
  if (srcStat.isDirectory() && isInsideOrEqual(src.abs, dst.abs)) {
    throw new InvalidRequestError(`Cannot move ${src.clean} into itself (${dst.clean})`, dst.clean);
  }
  await ensureParent(dst.abs, dst.clean);
  try {
    await rename(src.abs, dst.abs);
  } catch (err) {
    throw toFileServiceError(err, src.clean);
  }
}

/**
 * Deletes a file, a symlink (not its target) or a folder with everything in it. The skill
 * folder itself is refused; SKILL.md may be deleted (the registry then reports
 * SKILL_MD_MISSING for the folder).
 */
export async function deletePath(root: string, rel: string): Promise<void> {
  const { clean, abs } = await resolveEntry(root, rel, false);
  const rootReal = await realRoot(root);
  if (abs === rootReal)
    throw new PathError('Refused: the skill folder itself cannot be deleted here', clean);
  if (!(await statOrNull(abs, false)))
    throw new NotFoundError(`${clean}: no such file or folder`, clean);
  try {
    await rm(abs, { recursive: true, force: false });
  } catch (err) {
    throw toFileServiceError(err, clean);
  }
}

/** One skill as the editor opens it: its summary, files, and SKILL.md's text and version. */
export async function skillDetail(rec: SkillRecord): Promise<SkillDetail> {
  const files = await listSkillFiles(rec.dir, { includeDirs: true });
  let skillMd = '';
  let version = '';
  if (rec.skillMdPath) {
    // Through the hardened reader: a SKILL.md linked outside the skill is never served.
    ({ text: skillMd, version } = await readSkillMdForDetail(
      rec.dir,
      path.basename(rec.skillMdPath),
    ));
  }
  return { summary: { ...rec.summary, diagnostics: rec.diagnostics }, files, skillMd, version };
}
