/**
 * Skill bundle import (DESIGN §9). A bundle is untrusted input, so every entry is checked
 * before a single byte is written (zip-slip): no absolute paths, no `..`, no backslashes,
 * no symlinks, one top-level folder holding exactly one SKILL.md, bounded entry count and
 * size (zip bombs). Extraction goes to a temp folder beside the target and is renamed into
 * place, so a failure leaves nothing half-written.
 *
 * Import never plants what export would not write: entries under a name export leaves
 * out (`.git`, `node_modules`, `__pycache__`, `*.pyc`, `.DS_Store`, under any spelling a
 * filesystem could take for one) are skipped and listed in the result. A `.git` would
 * otherwise run its `core.fsmonitor` or hooks on the next `git status`; for the same
 * reason a folder laid out like a Git repository's insides (HEAD, config, objects/)
 * refuses the bundle. `.gitattributes` and `.gitmodules` are kept: export writes them,
 * and they can only name drivers and submodules, never define a command to run.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { lstat, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse as parseYaml } from 'yaml';
import * as yauzl from 'yauzl';
import { splitFrontmatter } from '../../../shared/skill/frontmatter';
import {
  errnoCode,
  ExistsError,
  InvalidRequestError,
  toFileServiceError,
  TooLargeError,
} from '../fs/errors';
import { pathProblem } from '../fs/safe-path';
import { MAX_BUNDLE_BYTES, MAX_BUNDLE_ENTRIES } from './export-bundle';
import { IMPORT_SKIPPED_TOP_FOLDERS, isBundleIgnoredAnySpelling } from './ignore';

export { MAX_BUNDLE_BYTES, MAX_BUNDLE_ENTRIES } from './export-bundle';

export interface ImportedBundle {
  /** The skill's folder name. */
  name: string;
  /** Absolute path of the new skill folder. */
  path: string;
  /** Entries not unpacked because export would never write them (as named in the archive). */
  skipped: string[];
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const S_IFDIR = 0o040000;
const MSDOS_DIRECTORY = 0x10;
// SKILL.md of a bundle without a top folder is read whole to learn the skill's name.
const ROOT_SKILL_MD_MAX = 1024 * 1024;

interface PlannedEntry {
  entry: yauzl.Entry;
  /** Entry name as written in the archive, for messages. */
  shown: string;
  /** Posix path inside the skill folder ('' never: the top folder itself is not planned). */
  rel: string;
  dir: boolean;
  executable: boolean;
}

function refuse(entry: string, why: string): never {
  throw new InvalidRequestError(`Refused bundle entry ${JSON.stringify(entry)}: ${why}`, entry);
}

function entryMode(entry: yauzl.Entry): number {
  return (entry.externalFileAttributes >>> 16) & 0xffff;
}

/** Reads every central-directory entry (names undecoded, so our checks see the raw text). */
async function readEntries(zip: yauzl.ZipFile): Promise<{ entry: yauzl.Entry; name: string }[]> {
  if (zip.entryCount > MAX_BUNDLE_ENTRIES) {
    throw new TooLargeError(
      `The bundle has ${zip.entryCount} entries; at most ${MAX_BUNDLE_ENTRIES} are accepted`,
    );
  }
  const out: { entry: yauzl.Entry; name: string }[] = [];
  for await (const entry of zip.eachEntry()) {
    const raw = entry.fileName as unknown as Buffer;
    // strictFileNames: keep backslashes as they are, so they can be refused, not rewritten.
    const name = yauzl.getFileNameLowLevel(
      entry.generalPurposeBitFlag,
      raw,
      entry.extraFields,
      true,
    );
    out.push({ entry, name });
  }
  return out;
}

/** Checks one entry name and returns its parts (posix path, whether it names a folder). */
function checkEntryName(name: string, entry: yauzl.Entry): { clean: string; dir: boolean } {
  const mode = entryMode(entry);
  if ((mode & S_IFMT) === S_IFLNK) refuse(name, 'symbolic links are not accepted');
  const dir =
    name.endsWith('/') ||
    (mode & S_IFMT) === S_IFDIR ||
    (entry.externalFileAttributes & MSDOS_DIRECTORY) !== 0;
  if (entry.isEncrypted()) refuse(name, 'encrypted entries are not supported');
  if (!dir && !entry.canDecodeFileData()) {
    refuse(name, `unsupported compression method ${entry.compressionMethod}`);
  }
  const checked = pathProblem(name, { forWrite: true });
  if (checked.why !== null) refuse(name, checked.why);
  return { clean: checked.clean, dir };
}

/**
 * Decides the skill's folder name and the path of every entry inside it. Accepts the usual
 * layout (`name/SKILL.md`, …) and, as a convenience, an archive whose SKILL.md sits at its
 * root (the name then comes from the frontmatter).
 */
function planLayout(raw: { entry: yauzl.Entry; name: string }[]): {
  top: string | null;
  planned: PlannedEntry[];
  rootLayout: boolean;
  skipped: string[];
} {
  const checked: { entry: yauzl.Entry; shown: string; segments: string[]; dir: boolean }[] = [];
  for (const { entry, name } of raw) {
    const { clean, dir } = checkEntryName(name, entry);
    const segments = clean.split('/');
    // macOS archivers add resource forks under __MACOSX/ beside the real content.
    if (IMPORT_SKIPPED_TOP_FOLDERS.has(segments[0])) continue;
    checked.push({ entry, shown: name, segments, dir });
  }
  if (checked.length === 0) throw new InvalidRequestError('The bundle is empty');

  const rootLayout = checked.some((c) => !c.dir && c.segments.length === 1);
  let top: string | null = null;
  if (!rootLayout) {
    top = checked[0].segments[0];
    for (const c of checked) {
      if (c.segments[0] !== top) {
        refuse(c.shown, `outside the bundle's single top-level folder "${top}"`);
      }
    }
  }

  if (top !== null && isBundleIgnoredAnySpelling(top))
    throw new InvalidRequestError(
      `The bundle's top-level folder "${top}" is a name export never writes; it is not a skill`,
    );
  const planned: PlannedEntry[] = [];
  const skipped: string[] = [];
  const seen = new Map<string, string>();
  for (const c of checked) {
    const inner = rootLayout ? c.segments : c.segments.slice(1);
    if (inner.length === 0) continue; // the top folder's own entry
    if (inner.some(isBundleIgnoredAnySpelling)) {
      skipped.push(c.shown);
      continue;
    }
    const rel = inner.join('/');
    // Case-insensitive disks would merge `A.md` and `a.md`: refuse either way.
    const key = rel.toLowerCase();
    const previous = seen.get(key);
    if (previous !== undefined) refuse(c.shown, `the bundle also holds "${previous}" (same name)`);
    seen.set(key, c.shown);
    const mode = entryMode(c.entry);
    planned.push({
      entry: c.entry,
      shown: c.shown,
      rel,
      dir: c.dir,
      executable: !c.dir && (mode & 0o111) !== 0,
    });
  }

  // A file cannot also be a folder on the way to another entry.
  const files = new Map(planned.filter((p) => !p.dir).map((p) => [p.rel.toLowerCase(), p.shown]));
  for (const p of planned) {
    const parts = p.rel.toLowerCase().split('/');
    for (let i = 1; i < parts.length; i++) {
      const prefix = parts.slice(0, i).join('/');
      const file = files.get(prefix);
      if (file !== undefined) refuse(p.shown, `"${file}" is a file in the bundle, not a folder`);
    }
  }

  refuseGitInternals(planned);

  const skillMds = planned.filter((p) => !p.dir && p.rel.toLowerCase() === 'skill.md');
  if (rootLayout && skillMds.length === 0) {
    const stray = checked.find(
      (c) => !c.dir && c.segments.length === 1,
    ) as (typeof checked)[number];
    refuse(
      stray.shown,
      'outside a single top-level folder (and there is no SKILL.md at the root either)',
    );
  }
  const where = top === null ? 'at the root of the bundle' : `in the top-level folder "${top}"`;
  if (skillMds.length === 0) {
    throw new InvalidRequestError(`The bundle has no SKILL.md ${where}`);
  }
  if (skillMds.length > 1) {
    throw new InvalidRequestError(
      `The bundle has more than one SKILL.md ${where}: ${skillMds.map((p) => p.shown).join(', ')}`,
    );
  }

  const declared = planned.reduce((sum, p) => sum + (p.dir ? 0 : p.entry.uncompressedSize), 0);
  if (declared > MAX_BUNDLE_BYTES) {
    throw new TooLargeError(`The bundle unpacks to more than ${MAX_BUNDLE_BYTES / 1024 / 1024} MB`);
  }
  return { top, planned, rootLayout, skipped };
}

/**
 * A folder holding HEAD, config and objects/ (or refs/) is a Git directory by another
 * name: `git` run inside it reads its config (and any command that config names).
 */
function refuseGitInternals(planned: PlannedEntry[]): void {
  const names = new Set(planned.map((p) => p.rel.toLowerCase()));
  const under = (folder: string, child: string) => {
    const prefix = folder === '' ? child : `${folder}/${child}`;
    return [...names].some((n) => n === prefix || n.startsWith(`${prefix}/`));
  };
  for (const p of planned) {
    const rel = p.rel.toLowerCase();
    if (p.dir || path.posix.basename(rel) !== 'head') continue;
    const folder = path.posix.dirname(rel) === '.' ? '' : path.posix.dirname(rel);
    const config = folder === '' ? 'config' : `${folder}/config`;
    if (names.has(config) && (under(folder, 'objects') || under(folder, 'refs'))) {
      refuse(p.shown, "it is part of a Git repository's internals (HEAD, config, objects/)");
    }
  }
}

/** Counts bytes across all entries and stops the extraction past the limit (lying headers). */
class ByteBudget {
  used = 0;
  constructor(private readonly limit: number) {}
  meter(shown: string): Transform {
    return new Transform({
      transform: (chunk: Buffer, _enc, done) => {
        this.used += chunk.length;
        if (this.used > this.limit) {
          done(
            new TooLargeError(
              `The bundle unpacks to more than ${this.limit / 1024 / 1024} MB (at ${shown})`,
            ),
          );
        } else {
          done(null, chunk);
        }
      },
    });
  }
}

async function readEntryText(zip: yauzl.ZipFile, p: PlannedEntry, limit: number): Promise<string> {
  if (p.entry.uncompressedSize > limit) refuse(p.shown, 'SKILL.md is too large');
  const stream = await zip.openReadStreamPromise(p.entry);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      stream.destroy();
      refuse(p.shown, 'SKILL.md is too large');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The `name:` of a root-level SKILL.md, which names the folder of a bundle without one. */
async function nameFromRootSkillMd(zip: yauzl.ZipFile, skillMd: PlannedEntry): Promise<string> {
  const text = await readEntryText(zip, skillMd, ROOT_SKILL_MD_MAX);
  const split = splitFrontmatter(text);
  const hint = 'put the skill in a top-level folder named after it';
  if (split.status !== 'ok')
    refuse(skillMd.shown, `no frontmatter to take the skill's name from; ${hint}`);
  let data: unknown;
  try {
    data = parseYaml(split.yaml);
  } catch {
    refuse(skillMd.shown, `its frontmatter is not valid YAML, so the skill has no name; ${hint}`);
  }
  const name =
    typeof data === 'object' && data !== null && 'name' in data
      ? (data as { name: unknown }).name
      : undefined;
  if (typeof name !== 'string' || name.trim() === '') {
    refuse(skillMd.shown, `its frontmatter has no name; ${hint}`);
  }
  const checked = pathProblem(name.trim(), { forWrite: true });
  if (checked.why !== null || checked.clean.includes('/') || checked.clean !== name.trim()) {
    refuse(skillMd.shown, `the name ${JSON.stringify(name)} cannot be a folder name; ${hint}`);
  }
  return checked.clean;
}

async function existsNoFollow(p: string): Promise<boolean> {
  try {
    await lstat(p);
    return true;
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return false;
    throw err;
  }
}

/**
 * Unpacks a bundle into `intoDir/<name>` and returns the new skill folder. Refuses (with a
 * message naming the entry) anything unsafe, and refuses with code `exists` when the skill
 * folder is already there.
 */
export async function importBundle(buffer: Buffer, intoDir: string): Promise<ImportedBundle> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(buffer, {
      lazyEntries: true,
      decodeStrings: false,
      validateEntrySizes: true,
      autoClose: false,
    });
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    throw new InvalidRequestError(`Not a readable ZIP bundle: ${detail}`);
  }
  // Errors also reach the iterator or the stream callbacks; this keeps a late one from
  // becoming an uncaught 'error' event.
  zip.on('error', () => undefined);
  try {
    const raw = await readEntries(zip).catch((err: unknown) => {
      if (err instanceof InvalidRequestError || err instanceof TooLargeError) throw err;
      throw new InvalidRequestError(
        `Not a readable ZIP bundle: ${err instanceof Error ? err.message : String(err)}`,
      );
    });
    const { top, planned, rootLayout, skipped } = planLayout(raw);
    const skillMd = planned.find(
      (p) => !p.dir && p.rel.toLowerCase() === 'skill.md',
    ) as PlannedEntry;
    const name = rootLayout ? await nameFromRootSkillMd(zip, skillMd) : (top as string);
    if (isBundleIgnoredAnySpelling(name))
      refuse(skillMd.shown, `the skill's folder cannot be named "${name}"`);

    await mkdir(intoDir, { recursive: true }).catch((err: unknown) => {
      throw toFileServiceError(err, intoDir);
    });
    const target = path.join(intoDir, name);
    if (await existsNoFollow(target)) {
      throw new ExistsError(`A skill folder named "${name}" already exists in ${intoDir}`, name);
    }

    // A fresh folder we create: it holds no links, so the checked names cannot leave it.
    // Named like the atomic-write temp files, so listings and watchers skip it.
    const staging = path.join(intoDir, `.import.${randomBytes(6).toString('hex')}.tmp`);
    await mkdir(staging);
    try {
      await extract(zip, planned, staging);
      if (await existsNoFollow(target)) {
        throw new ExistsError(`A skill folder named "${name}" already exists in ${intoDir}`, name);
      }
      await rename(staging, target);
    } catch (err) {
      await rm(staging, { recursive: true, force: true }).catch(() => undefined);
      throw err;
    }
    return { name, path: target, skipped };
  } finally {
    zip.close();
  }
}

async function extract(
  zip: yauzl.ZipFile,
  planned: PlannedEntry[],
  staging: string,
): Promise<void> {
  const budget = new ByteBudget(MAX_BUNDLE_BYTES);
  // Folders first (sorted, so parents come before children), then files in archive order.
  for (const p of planned.filter((q) => q.dir).sort((a, b) => (a.rel < b.rel ? -1 : 1))) {
    await mkdir(path.join(staging, ...p.rel.split('/')), { recursive: true });
  }
  for (const p of planned) {
    if (p.dir) continue;
    const dest = path.join(staging, ...p.rel.split('/'));
    await mkdir(path.dirname(dest), { recursive: true });
    let input: Readable;
    try {
      input = await zip.openReadStreamPromise(p.entry);
    } catch (err) {
      refuse(p.shown, err instanceof Error ? err.message : String(err));
    }
    try {
      await pipeline(
        input,
        budget.meter(p.shown),
        createWriteStream(dest, { flags: 'wx', mode: p.executable ? 0o755 : 0o644 }),
      );
    } catch (err) {
      if (err instanceof TooLargeError) throw err;
      refuse(p.shown, err instanceof Error ? err.message : String(err));
    }
  }
}
