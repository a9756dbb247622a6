/**
 * A skill folder read as untrusted input, the way bundle import reads a zip: every name
 * is checked, nothing is followed. A symbolic link anywhere (pointing out or not), a
 * name that is not a plain path segment, or a `.git` inside the skill (under any
 * spelling a filesystem could take for one: its config could run a command on the next
 * `git status`) refuses the skill. Tool clutter export never writes (`node_modules`,
 * `__pycache__`, `*.pyc`, `.DS_Store`) is left out. Bounded like a bundle.
 *
 * The snapshot hashes every file, so the lockfile can record what was installed and
 * `outdated` can say which files a new version adds, removes or changes.
 */
import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, chmod, lstat, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileChanges } from '../../../shared/api/install';
import { filesystemSpelling, isBundleIgnoredAnySpelling } from './ignored-names';
import { InvalidRequestError, TooLargeError } from './errors';
import { pathProblem } from './safe-path';
import { walkSkillTree } from './walk-tree';

/**
 * Bounds of a skill tree read whole: a snapshot's, and a bundle's both ways (export and
 * import share them, so every bundle we write can be imported again).
 */
export const MAX_BUNDLE_ENTRIES = 10_000;
export const MAX_BUNDLE_BYTES = 200 * 1024 * 1024;

export interface SnapshotFile {
  /** `sha256-<hex>` of the content. */
  hash: string;
  executable: boolean;
  bytes: number;
}

export interface SkillSnapshot {
  /** Posix path → file, sorted by path. */
  files: Record<string, SnapshotFile>;
  /** Folders (posix), so empty ones are copied too. */
  dirs: string[];
  /** One hash of every path, content and executable bit: equal iff the trees are. */
  hash: string;
}

/** Refuses with a message naming the skill and the entry. */
function refuse(skillDir: string, rel: string, why: string): never {
  throw new InvalidRequestError(
    `Refused skill ${path.basename(skillDir)}: ${JSON.stringify(rel)} ${why}`,
    rel,
  );
}

/** `.git` under any spelling a filesystem could take for it (`.GIT.`, `GIT~1`, …). */
function isGitName(name: string): boolean {
  const spelled = filesystemSpelling(name);
  return spelled === '.git' || /^git~\d+$/.test(spelled);
}

export interface SnapshotOptions {
  /**
   * Names to leave out at the top of the skill without refusing it: the clone's own
   * `.git` when the repository itself is the skill.
   */
  skipTop?: ReadonlySet<string>;
}

/** Reads and hashes a skill folder, refusing it when anything in it is unsafe to install. */
export async function snapshotSkill(
  skillDir: string,
  opts: SnapshotOptions = {},
): Promise<SkillSnapshot> {
  const top = await lstat(skillDir);
  if (top.isSymbolicLink()) refuse(skillDir, '.', 'is a symbolic link');
  if (!top.isDirectory()) refuse(skillDir, '.', 'is not a folder');
  // The one walker (fs/walk-tree.ts), with every name checked before it is taken and
  // every link or special file refused before it could be followed.
  const walked = await walkSkillTree(skillDir, {
    ignore: (name, parentRel) => {
      if (parentRel === '' && opts.skipTop?.has(name)) return true;
      const childRel = parentRel === '' ? name : `${parentRel}/${name}`;
      if (isGitName(name)) refuse(skillDir, childRel, 'is a Git folder inside the skill');
      const checked = pathProblem(childRel, { forWrite: true });
      if (checked.why !== null || checked.clean !== childRel) {
        refuse(skillDir, childRel, `is not a name a skill may hold (${checked.why ?? 'unclean'})`);
      }
      return isBundleIgnoredAnySpelling(name);
    },
    visit: (rel, kind) => {
      if (kind === 'link') refuse(skillDir, rel, 'is a symbolic link');
      if (kind === 'other') refuse(skillDir, rel, 'is neither a file nor a folder');
    },
    includeDirs: true,
    stats: true,
    maxEntries: MAX_BUNDLE_ENTRIES,
    maxFolders: MAX_BUNDLE_ENTRIES,
    maxDepth: Number.POSITIVE_INFINITY,
  });
  if (walked.truncated)
    throw new TooLargeError(`The skill has more than ${MAX_BUNDLE_ENTRIES} entries`);
  const files: Record<string, SnapshotFile> = {};
  const dirs: string[] = [];
  let bytes = 0;
  for (const e of walked.entries) {
    if (e.dir) {
      dirs.push(e.path);
      continue;
    }
    bytes += e.bytes;
    if (bytes > MAX_BUNDLE_BYTES)
      throw new TooLargeError(`The skill holds more than ${MAX_BUNDLE_BYTES / 1024 / 1024} MB`);
    const content = await readFile(e.realPath);
    files[e.path] = {
      hash: `sha256-${createHash('sha256').update(content).digest('hex')}`,
      executable: e.executable,
      bytes: content.length,
    };
  }
  if (!files['SKILL.md']) refuse(skillDir, 'SKILL.md', 'is missing');
  const sorted = Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1)));
  return { files: sorted, dirs: dirs.sort(), hash: treeHash(sorted) };
}

/** The hash of a tree from its files alone (the lockfile keeps only these). */
export function treeHash(files: Record<string, Pick<SnapshotFile, 'hash' | 'executable'>>): string {
  const h = createHash('sha256');
  for (const rel of Object.keys(files).sort()) {
    const f = files[rel];
    h.update(`${rel}\0${f.hash}\0${f.executable ? 'x' : '-'}\n`);
  }
  return `sha256-${h.digest('hex')}`;
}

/** Copies exactly the snapshot's files and folders from `skillDir` into the empty `dest`. */
export async function copySnapshot(
  skillDir: string,
  snap: SkillSnapshot,
  dest: string,
): Promise<void> {
  for (const rel of snap.dirs) await mkdir(path.join(dest, ...rel.split('/')), { recursive: true });
  for (const [rel, f] of Object.entries(snap.files)) {
    const to = path.join(dest, ...rel.split('/'));
    await mkdir(path.dirname(to), { recursive: true });
    // COPYFILE_EXCL: never write through something that appeared at the name meanwhile.
    await copyFile(path.join(skillDir, ...rel.split('/')), to, constants.COPYFILE_EXCL);
    await chmod(to, f.executable ? 0o755 : 0o644);
  }
}

/** Which files `after` adds, removes and changes compared with `before`. */
export function compareFiles(
  before: Record<string, Pick<SnapshotFile, 'hash' | 'executable'>>,
  after: Record<string, Pick<SnapshotFile, 'hash' | 'executable'>>,
): FileChanges {
  const added = Object.keys(after).filter((k) => !(k in before));
  const removed = Object.keys(before).filter((k) => !(k in after));
  const changed = Object.keys(after).filter(
    (k) =>
      k in before &&
      (before[k].hash !== after[k].hash || before[k].executable !== after[k].executable),
  );
  return { added: added.sort(), removed: removed.sort(), changed: changed.sort() };
}

export function hasChanges(c: FileChanges): boolean {
  return c.added.length + c.removed.length + c.changed.length > 0;
}
