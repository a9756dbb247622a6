/**
 * Skill bundle import (docs/contracts.md, Bundles). A bundle is untrusted input, so every entry is
 * checked before a single byte is written (zip-slip): no absolute paths, no `..`, no backslashes,
 * no symlinks, bounded entry count and size (zip bombs). A bundle holds one skill (one
 * top-level folder with exactly one SKILL.md at its root, or a SKILL.md at the archive
 * root) or several (several top-level folders, each with its SKILL.md): a top-level
 * folder without one refuses the whole bundle.
 *
 * `inspectBundle` runs every check and the validator without writing (the import
 * dialog's preview). `importBundle` unpacks each skill into a temp folder beside its
 * target and renames it into place only once every skill unpacked, so a failure leaves
 * nothing half-written. An existing folder is refused (code `exists`) unless the caller
 * chose: replace (an atomic swap: the old folder is renamed away, the new one in, then
 * the old one removed), keep both (`<name>-2`, its `name:` updated), or skip.
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
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as yauzl from 'yauzl';
import type {
  BundlePreview,
  BundleSkillPreview,
  ImportConflictChoice,
  ImportedSkill,
  ImportResult,
} from '../../../shared/api/skill-admin';
import { splitFrontmatter } from '../../../shared/check/frontmatter';
import { listDirFromPaths } from '../../../shared/skill/links';
import { withFrontmatterName } from '../../../shared/skill/set-name';
import { parseSkillMd, skillMdCaseDiagnostic } from '../../../shared/skill/validate';
import type { PathCheck } from '../../../shared/skill/validate';
import { tempNameFor } from '../fs/atomic-write';
import { ExistsError, InvalidRequestError, toFileServiceError, TooLargeError } from '../fs/errors';
import { pathProblem } from '../fs/safe-path';
import { readableFrontmatter } from '../registry/skill-name';
import { MAX_BUNDLE_BYTES, MAX_BUNDLE_ENTRIES } from './export-bundle';
import { IMPORT_SKIPPED_TOP_FOLDERS, isBundleIgnoredAnySpelling } from '../fs/ignored-names';
import { existsNoFollow, firstFreeName, keepBothName } from '../fs/free-name';
import { errorMessage } from '../../../shared/errors';
import { logSwallowed } from '../log';

export { MAX_BUNDLE_BYTES, MAX_BUNDLE_ENTRIES } from './export-bundle';

export type {
  BundlePreview,
  ImportConflictChoice,
  ImportedSkill,
} from '../../../shared/api/skill-admin';

export interface ImportedBundle extends ImportResult {
  /** Entries of the first skill not unpacked because export would never write them (as named in the archive). */
  skipped: string[];
}

export interface ImportOptions {
  /** What to do with every skill whose folder exists already; unset: refuse (code `exists`). */
  onConflict?: ImportConflictChoice;
  /** Per skill (by its folder name in the bundle), overriding `onConflict`. */
  choices?: Readonly<Record<string, ImportConflictChoice>>;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const S_IFDIR = 0o040000;
const MSDOS_DIRECTORY = 0x10;
// SKILL.md of a bundle without a top folder is read whole to learn the skill's name.
const ROOT_SKILL_MD_MAX = 1024 * 1024;
// The preview validates SKILL.md, and "keep both" rewrites its name: read whole, bounded.
const SKILL_MD_READ_MAX = 8 * 1024 * 1024;

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

/** One skill of the bundle: its top folder (null: SKILL.md at the archive root) and entries. */
interface PlannedSkill {
  top: string | null;
  planned: PlannedEntry[];
  skillMd: PlannedEntry;
  skipped: string[];
}

interface CheckedEntry {
  entry: yauzl.Entry;
  shown: string;
  segments: string[];
  dir: boolean;
}

/**
 * Decides the skills of the bundle and the path of every entry inside its skill. Accepts
 * the usual layout (`name/SKILL.md`, …), several such folders, and, as a convenience, an
 * archive whose SKILL.md sits at its root (the name then comes from the frontmatter).
 */
function planLayout(raw: { entry: yauzl.Entry; name: string }[]): PlannedSkill[] {
  const checked: CheckedEntry[] = [];
  for (const { entry, name } of raw) {
    const { clean, dir } = checkEntryName(name, entry);
    const segments = clean.split('/');
    // macOS archivers add resource forks under __MACOSX/ beside the real content.
    if (IMPORT_SKIPPED_TOP_FOLDERS.has(segments[0])) continue;
    checked.push({ entry, shown: name, segments, dir });
  }
  if (checked.length === 0) throw new InvalidRequestError('The bundle is empty');

  const rootLayout = checked.some((c) => !c.dir && c.segments.length === 1);
  const groups = new Map<string | null, CheckedEntry[]>();
  if (rootLayout) {
    groups.set(null, checked);
  } else {
    for (const c of checked) {
      const top = c.segments[0];
      const group = groups.get(top);
      if (group) group.push(c);
      else groups.set(top, [c]);
    }
  }

  // Case-insensitive disks would merge `A.md` and `a.md` (or two top folders): refuse either way.
  const seen = new Map<string, string>();
  const skills = [...groups].map(([top, entries]) => planSkill(top, entries, seen));
  const declared = skills
    .flatMap((k) => k.planned)
    .reduce((sum, p) => sum + (p.dir ? 0 : p.entry.uncompressedSize), 0);
  if (declared > MAX_BUNDLE_BYTES) {
    throw new TooLargeError(`The bundle unpacks to more than ${MAX_BUNDLE_BYTES / 1024 / 1024} MB`);
  }
  return skills;
}

/** The entries of one skill (one top folder, or the archive root), checked. */
function planSkill(
  top: string | null,
  checked: CheckedEntry[],
  seen: Map<string, string>,
): PlannedSkill {
  if (top !== null && isBundleIgnoredAnySpelling(top))
    throw new InvalidRequestError(
      `The bundle's top-level folder "${top}" is a name export never writes; it is not a skill`,
    );
  const planned: PlannedEntry[] = [];
  const skipped: string[] = [];
  for (const c of checked) {
    const inner = top === null ? c.segments : c.segments.slice(1);
    if (inner.length === 0) continue; // the top folder's own entry
    if (inner.some(isBundleIgnoredAnySpelling)) {
      skipped.push(c.shown);
      continue;
    }
    const rel = inner.join('/');
    const key = `${top ?? ''}/${rel}`.toLowerCase();
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
  if (top === null && skillMds.length === 0) {
    const stray = checked.find((c) => !c.dir && c.segments.length === 1) as CheckedEntry;
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
  return { top, planned, skillMd: skillMds[0], skipped };
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

/**
 * The `name:` of a root-level SKILL.md, which names the folder of a bundle without one. Read
 * by the registry's own reader (registry/skill-name.ts), so a bundle's skill is named here
 * as it is listed once imported: a `name:` written twice counts its last value in both.
 */
async function nameFromRootSkillMd(zip: yauzl.ZipFile, skillMd: PlannedEntry): Promise<string> {
  const text = await readEntryText(zip, skillMd, ROOT_SKILL_MD_MAX);
  const hint = 'put the skill in a top-level folder named after it';
  if (splitFrontmatter(text).status !== 'ok')
    refuse(skillMd.shown, `no frontmatter to take the skill's name from; ${hint}`);
  const fm = readableFrontmatter(text);
  if (fm === null)
    refuse(
      skillMd.shown,
      `its frontmatter cannot be read as YAML, so the skill has no name; ${hint}`,
    );
  const name: unknown = fm.name;
  if (typeof name !== 'string' || name.trim() === '') {
    refuse(skillMd.shown, `its frontmatter has no name; ${hint}`);
  }
  const checked = pathProblem(name.trim(), { forWrite: true });
  if (checked.why !== null || checked.clean.includes('/') || checked.clean !== name.trim()) {
    refuse(skillMd.shown, `the name ${JSON.stringify(name)} cannot be a folder name; ${hint}`);
  }
  return checked.clean;
}

/** A bundle opened and checked: its skills, each with the folder name it would get. */
interface OpenedBundle {
  zip: yauzl.ZipFile;
  skills: (PlannedSkill & { name: string })[];
}

/** Opens and checks a bundle (nothing is written); the caller closes `zip`. */
async function openBundle(buffer: Buffer): Promise<OpenedBundle> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(buffer, {
      lazyEntries: true,
      decodeStrings: false,
      validateEntrySizes: true,
      autoClose: false,
    });
  } catch (err) {
    const detail = errorMessage(err);
    throw new InvalidRequestError(`Not a readable ZIP bundle: ${detail}`);
  }
  // Errors also reach the iterator or the stream callbacks; this keeps a late one from
  // becoming an uncaught 'error' event.
  zip.on('error', () => undefined);
  try {
    const raw = await readEntries(zip).catch((err: unknown) => {
      if (err instanceof InvalidRequestError || err instanceof TooLargeError) throw err;
      throw new InvalidRequestError(`Not a readable ZIP bundle: ${errorMessage(err)}`);
    });
    const skills: OpenedBundle['skills'] = [];
    for (const planned of planLayout(raw)) {
      const name = planned.top ?? (await nameFromRootSkillMd(zip, planned.skillMd));
      if (isBundleIgnoredAnySpelling(name))
        refuse(planned.skillMd.shown, `the skill's folder cannot be named "${name}"`);
      skills.push({ ...planned, name });
    }
    return { zip, skills };
  } catch (err) {
    zip.close();
    throw err;
  }
}

/** What the validator would say of a planned skill's SKILL.md once it is unpacked. */
async function previewSkill(
  zip: yauzl.ZipFile,
  skill: OpenedBundle['skills'][number],
  intoDir: string,
  promised: Set<string>,
): Promise<BundleSkillPreview> {
  const files = skill.planned
    .filter((p) => !p.dir)
    .map((p) => p.rel)
    .sort();
  const dirs = new Set(skill.planned.filter((p) => p.dir).map((p) => p.rel));
  const fileSet = new Set(files);
  const checkPath: PathCheck = (rel) => {
    const clean = path.posix.normalize(rel).replace(/^\.\/|\/$/g, '');
    if (clean.startsWith('../') || clean === '..' || path.posix.isAbsolute(clean)) return 'outside';
    if (fileSet.has(clean)) return 'ok';
    return dirs.has(clean) || files.some((f) => f.startsWith(`${clean}/`))
      ? 'not-a-file'
      : 'missing';
  };
  const text = await readEntryText(zip, skill.skillMd, SKILL_MD_READ_MAX);
  const fileName = skill.skillMd.rel;
  const parsed = parseSkillMd(text, {
    folderName: skill.name,
    fileName,
    checkPath,
    listDir: listDirFromPaths([...files, ...dirs]),
  });
  const diagnostics =
    fileName === 'SKILL.md'
      ? parsed.diagnostics
      : [skillMdCaseDiagnostic(fileName), ...parsed.diagnostics];
  const exists = await existsNoFollow(path.join(intoDir, skill.name));
  const keepBothAs = await firstFreeName(intoDir, keepBothName(skill.name), promised);
  promised.add(keepBothAs);
  return {
    folder: skill.name,
    files,
    bytes: skill.planned.reduce((sum, p) => sum + (p.dir ? 0 : p.entry.uncompressedSize), 0),
    skipped: skill.skipped,
    diagnostics,
    exists,
    keepBothAs,
  };
}

/**
 * Checks a bundle as import would and validates every skill in it, writing nothing: the
 * import dialog shows this before the user decides. Unsafe bundles are refused exactly
 * as `importBundle` refuses them.
 */
export async function inspectBundle(buffer: Buffer, intoDir: string): Promise<BundlePreview> {
  const { zip, skills } = await openBundle(buffer);
  try {
    const promised = new Set(skills.map((k) => k.name));
    const previews: BundleSkillPreview[] = [];
    for (const skill of skills) previews.push(await previewSkill(zip, skill, intoDir, promised));
    return { into: intoDir, skills: previews };
  } finally {
    zip.close();
  }
}

interface Placement {
  skill: OpenedBundle['skills'][number];
  target: string;
  name: string;
  outcome: ImportedSkill['outcome'];
  staging: string | null;
}

/** Where each skill goes, decided before anything is written: a refusal leaves no trace. */
async function placeSkills(
  skills: OpenedBundle['skills'],
  intoDir: string,
  opts: ImportOptions,
): Promise<Placement[]> {
  const promised = new Set(skills.map((k) => k.name));
  const placements: Placement[] = [];
  const refused: string[] = [];
  for (const skill of skills) {
    let name = skill.name;
    let outcome: ImportedSkill['outcome'] = 'created';
    if (await existsNoFollow(path.join(intoDir, name))) {
      const choice = opts.choices?.[skill.name] ?? opts.onConflict;
      if (choice === undefined) refused.push(name);
      else if (choice === 'skip') outcome = 'skipped';
      else if (choice === 'replace') outcome = 'replaced';
      else {
        name = await firstFreeName(intoDir, keepBothName(skill.name), promised);
        promised.add(name);
        outcome = 'kept-both';
      }
    }
    placements.push({ skill, target: path.join(intoDir, name), name, outcome, staging: null });
  }
  if (refused.length === 1) {
    throw new ExistsError(
      `A skill folder named "${refused[0]}" already exists in ${intoDir}`,
      refused[0],
    );
  }
  if (refused.length > 1) {
    const names = refused.map((n) => `"${n}"`).join(', ');
    throw new ExistsError(`Skill folders named ${names} already exist in ${intoDir}`, refused[0]);
  }
  return placements;
}

/**
 * Replaces the folder `target` with `staging` so that readers see the old skill or the
 * new one, never a mix: the old folder is renamed away, the new one renamed in (the old
 * one is put back if that fails), then the old one removed.
 */
export async function swapIn(staging: string, target: string): Promise<void> {
  const old = tempNameFor(target);
  await rename(target, old);
  try {
    await rename(staging, target);
  } catch (err) {
    await rename(old, target).catch(
      logSwallowed('put back the skill folder a failed replace moved away'),
    );
    throw err;
  }
  await rm(old, { recursive: true, force: true });
}

/**
 * Unpacks every skill of a bundle into `intoDir/<name>` and returns where each went.
 * Refuses (with a message naming the entry) anything unsafe, and, unless `opts` says
 * what to do, refuses with code `exists` when a skill folder is already there.
 */
export async function importBundle(
  buffer: Buffer,
  intoDir: string,
  opts: ImportOptions = {},
): Promise<ImportedBundle> {
  const { zip, skills } = await openBundle(buffer);
  const placements: Placement[] = [];
  try {
    await mkdir(intoDir, { recursive: true }).catch((err: unknown) => {
      throw toFileServiceError(err, intoDir);
    });
    placements.push(...(await placeSkills(skills, intoDir, opts)));

    // Every skill unpacks before any is moved into place: a bad entry in the last one
    // leaves the first ones unwritten too. The staging folders are fresh (no links, so
    // the checked names cannot leave them), named like the atomic-write temp files so
    // listings and watchers skip them.
    const budget = new ByteBudget(MAX_BUNDLE_BYTES);
    for (const place of placements) {
      if (place.outcome === 'skipped') continue;
      place.staging = path.join(intoDir, `.import.${randomBytes(6).toString('hex')}.tmp`);
      await mkdir(place.staging);
      await extract(zip, place.skill.planned, place.staging, budget);
      if (place.name !== place.skill.name) await renameSkillMd(zip, place);
    }
    for (const place of placements) {
      if (place.staging === null) continue;
      if (place.outcome === 'replaced' && (await existsNoFollow(place.target))) {
        await swapIn(place.staging, place.target);
      } else {
        if (await existsNoFollow(place.target)) {
          throw new ExistsError(
            `A skill folder named "${place.name}" already exists in ${intoDir}`,
            place.name,
          );
        }
        await rename(place.staging, place.target);
      }
      place.staging = null;
    }
  } finally {
    for (const place of placements) {
      if (place.staging !== null)
        await rm(place.staging, { recursive: true, force: true }).catch(
          logSwallowed('remove the staging folder of an import'),
        );
    }
    zip.close();
  }
  const imported: ImportedSkill[] = placements.map((p) => ({
    from: p.skill.name,
    name: p.name,
    path: p.target,
    skipped: p.skill.skipped,
    outcome: p.outcome,
  }));
  const first = imported.find((k) => k.outcome !== 'skipped') ?? imported[0];
  return { name: first.name, path: first.path, skipped: first.skipped, skills: imported };
}

/** A skill kept beside an existing one under a new folder name gets that name in SKILL.md. */
async function renameSkillMd(zip: yauzl.ZipFile, place: Placement): Promise<void> {
  const { skillMd } = place.skill;
  const text = await readEntryText(zip, skillMd, SKILL_MD_READ_MAX);
  const dest = path.join(place.staging as string, ...skillMd.rel.split('/'));
  await writeFile(dest, withFrontmatterName(text, place.name), {
    mode: skillMd.executable ? 0o755 : 0o644,
  });
}

async function extract(
  zip: yauzl.ZipFile,
  planned: PlannedEntry[],
  staging: string,
  budget: ByteBudget,
): Promise<void> {
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
      refuse(p.shown, errorMessage(err));
    }
    try {
      await pipeline(
        input,
        budget.meter(p.shown),
        createWriteStream(dest, { flags: 'wx', mode: p.executable ? 0o755 : 0o644 }),
      );
    } catch (err) {
      if (err instanceof TooLargeError) throw err;
      refuse(p.shown, errorMessage(err));
    }
  }
}
