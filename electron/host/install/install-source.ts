/**
 * Where skills are installed from: a bundle file (.skill / .zip, unpacked by bundle
 * import's hardened extraction into a temp folder), a folder (a skill, or a folder of
 * skills), or a git repository (a URL, or a local repository's path, cloned shallow into
 * a temp folder). Every skill found is listed with its validation and, when it cannot
 * be installed (a link, `..`, a `.git` inside it, a name that is no folder name), why.
 * `dispose` removes whatever temp folder the source needed.
 */
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Diagnostic } from '../../../shared/check/diagnostics';
import type { SourceRef } from '../../../shared/api/install';
import { parseSkillMd } from '../../../shared/skill/validate';
import { importBundle } from '../bundle/import-bundle';
import { InvalidRequestError, NotFoundError } from '../fs/errors';
import { findSkillFolders } from '../registry/find-skill-folders';
import { folderNameProblem } from './folder-name';
import { cloneShallow, looksLikeGitUrl, withoutCredentials } from './git-source';
import { snapshotSkill, type SkillSnapshot } from '../fs/skill-tree';
import { errorMessage } from '../../../shared/errors';
import { logSwallowed } from '../log';

export interface SourceSkill {
  /** The skill's name: its frontmatter `name:`, else its folder's. */
  name: string;
  /** Posix path of the skill folder inside the source ('.' when the source is the skill). */
  subpath: string;
  /** Absolute folder (inside the temp folder for bundles and clones). */
  dir: string;
  diagnostics: Diagnostic[];
  /** Null when it cannot be installed; `problem` then says why. */
  snapshot: SkillSnapshot | null;
  problem: string | null;
  skillMd: string;
}

export interface OpenedSource {
  ref: SourceRef;
  /** The commit a git source is at; null otherwise. */
  commit: string | null;
  skills: SourceSkill[];
  dispose(): Promise<void>;
}

const MAX_SKILLS = 1000;

/**
 * A git URL, else an existing path: a file is a bundle, a folder with `.git` a repository
 * (cloned, so what is installed is what is committed) unless `asFolder` (a link points at
 * the working tree itself).
 */
export function classifySource(
  src: string,
  cwd: string,
  opts: { asFolder?: boolean } = {},
): SourceRef {
  if (looksLikeGitUrl(src)) return { kind: 'git', location: withoutCredentials(src) };
  const abs = path.resolve(cwd, src);
  if (!existsSync(abs)) throw new NotFoundError(`${src}: no such file, folder or git URL`, src);
  if (statSync(abs).isFile()) return { kind: 'bundle', location: abs };
  return existsSync(path.join(abs, '.git')) && !opts.asFolder
    ? { kind: 'git', location: abs }
    : { kind: 'folder', location: abs };
}

/** The name a skill installs under, refused when it could not be one folder's name. */
function installName(frontmatterName: unknown, folder: string): string {
  const name =
    typeof frontmatterName === 'string' && frontmatterName.trim() !== ''
      ? frontmatterName.trim()
      : folder;
  const why = folderNameProblem(name);
  if (why !== null)
    throw new InvalidRequestError(
      `its name ${JSON.stringify(name)} cannot be a folder name (${why})`,
    );
  return name;
}

/**
 * Reads one skill of a source. When the skill is the source itself, a `.git` at its top
 * is the source's own repository: left out, never refused (nor copied).
 */
async function readSourceSkill(root: string, dir: string): Promise<SourceSkill> {
  const rel = path.relative(root, dir).split(path.sep).join('/') || '.';
  const folder = path.basename(dir);
  let skillMd = '';
  let diagnostics: Diagnostic[] = [];
  let name = folder;
  let problem: string | null = null;
  let snapshot: SkillSnapshot | null = null;
  try {
    skillMd = await readFile(path.join(dir, 'SKILL.md'), 'utf8');
    const parsed = parseSkillMd(skillMd, { folderName: folder });
    diagnostics = parsed.diagnostics;
    name = installName(parsed.frontmatter?.name, folder);
    snapshot = await snapshotSkill(dir, { skipTop: dir === root ? new Set(['.git']) : undefined });
  } catch (err) {
    problem = errorMessage(err);
  }
  return { name, subpath: rel, dir, diagnostics, snapshot, problem, skillMd };
}

/**
 * The skills of a tree: the root itself when it holds SKILL.md, else every skill folder
 * below it. A folder reached through a symbolic link is listed as refused, never read.
 */
async function skillsUnder(root: string): Promise<SourceSkill[]> {
  if (existsSync(path.join(root, 'SKILL.md'))) return [await readSourceSkill(root, root)];
  const found = await findSkillFolders(root, { maxDepth: 4, maxSkills: MAX_SKILLS });
  const realRoot = await realpath(root);
  const out: SourceSkill[] = [];
  for (const f of found) {
    if (f.fileName !== 'SKILL.md') continue;
    if (path.relative(realRoot, f.realDir) !== path.relative(root, f.dir)) {
      out.push({
        name: path.basename(f.dir),
        subpath: path.relative(root, f.dir).split(path.sep).join('/'),
        dir: f.dir,
        diagnostics: [],
        snapshot: null,
        problem: `Refused skill ${path.basename(f.dir)}: it is reached through a symbolic link`,
        skillMd: '',
      });
      continue;
    }
    out.push(await readSourceSkill(root, f.dir));
  }
  return out.sort((a, b) => (a.subpath < b.subpath ? -1 : 1));
}

/**
 * Opens a source as classified: clones, unpacks or reads it, and lists its skills.
 * `given` is the source as the user typed it: a git URL whose credentials classifySource
 * left out of `ref` is cloned with them (they go to git only).
 */
export async function openSource(
  ref: SourceRef,
  opts: { ref?: string; given?: string } = {},
): Promise<OpenedSource> {
  if (ref.kind === 'git') {
    const given = opts.given;
    const url =
      given !== undefined && looksLikeGitUrl(given) && withoutCredentials(given) === ref.location
        ? given
        : ref.location;
    const clone = await cloneShallow(url, opts.ref);
    try {
      const skills = await skillsUnder(clone.dir);
      return { ref, commit: clone.commit, skills, dispose: clone.dispose };
    } catch (err) {
      await clone.dispose();
      throw err;
    }
  }
  if (ref.kind === 'bundle') {
    const buffer = await readFile(ref.location);
    const tmp = await mkdtemp(path.join(os.tmpdir(), 'skill-studio-bundle-'));
    const dispose = () =>
      rm(tmp, { recursive: true, force: true }).catch(
        logSwallowed('remove the temp folder of an install source'),
      );
    try {
      const unpacked = path.join(tmp, 'skills');
      await importBundle(buffer, unpacked);
      const skills = await skillsUnder(unpacked);
      return { ref, commit: null, skills, dispose };
    } catch (err) {
      await dispose();
      throw err;
    }
  }
  return {
    ref,
    commit: null,
    skills: await skillsUnder(ref.location),
    dispose: async () => {},
  };
}
