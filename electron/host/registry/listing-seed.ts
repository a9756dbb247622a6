/**
 * The bundled skills' verdicts, found by the build (scripts/build.mjs) and shipped with it:
 * every `list` reads the bundled skills, and a first run, or one with caching off, would
 * otherwise parse and validate their SKILL.md while its own code is still compiling.
 *
 * An install's paths and file times are not the build's, so a seeded verdict is known by
 * what its read saw, relative to the skill folder: each file by its content, compared
 * byte for byte (cheaper than loading node:crypto to hash it), each listing and each answer of the validator's file checks as kept verdicts are
 * checked (read-inputs.ts). A run takes a bundled skill's verdict from the seed only when
 * all of them answer the same here, for the build, profile and size bound it was found
 * with; anything else is read as ever. A verdict that names its folder anywhere but in
 * its SKILL.md's path, or whose read went through a stat or a link, is not seeded: it
 * could not be moved to another folder exactly.
 */
import { closeSync, fstatSync, openSync, readFileSync, readSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { readCacheText } from '../fs/cache-file';
import { relativeInside } from '../fs/safe-path';
import type { KeptSkill } from './kept-skills';
import { checkInputs, fileUnchanged, type ReadInput } from './read-inputs';
import { OPEN_FLAGS } from './skill-md-file';
import type { ResolvedScan, ValidationProfile } from './scan-options';
import { skillProbes } from './skill-record';

/** An input of a seeded verdict: read-inputs.ts's, with paths relative to the skill folder ('/'-separated). */
export type SeedInput =
  /** A file read to its end: its content, base64. */
  | { kind: 'file'; rel: string; content: string }
  | { kind: 'list'; rel: string; sig: string }
  | Extract<ReadInput, { kind: 'path' | 'dir' }>;

/** One bundled skill's verdict: `skillMdPath` relative to its folder, named `name`. */
export interface SeedSkill {
  name: string;
  inputs: SeedInput[];
  verdict: KeptSkill;
}

/** The seed file: the verdicts of one build, read with one profile and size bound. */
export interface SeedFile {
  build: string;
  profile: ValidationProfile;
  maxSkillMdBytes: number;
  skills: SeedSkill[];
}

export interface ListingSeed {
  /** Whether the seed holds a verdict for a skill folder named `name`. */
  has(name: string): boolean;
  /**
   * The seeded verdict for the skill folder `dir` (real path `realDir`, listed as `entries`
   * by this run), moved to it, when everything its read saw answers the same there; each
   * verdict is handed out once.
   */
  lookup(
    r: ResolvedScan,
    dir: string,
    realDir: string,
    entries: readonly Dirent[],
  ): KeptSkill | undefined;
}

/** `p` relative to `dir`, '/'-separated, or null when it lies outside. */
function relativeTo(dir: string, p: string): string | null {
  const rel = relativeInside(dir, p);
  return rel === null ? null : rel.split(path.sep).join('/');
}

/**
 * The seed's entry for the verdict of the skill folder `dir` (its own real path) read from
 * `inputs`, or null when it cannot be moved to another folder exactly. The files are read
 * again for their content, which must still be what was read (read-inputs.ts).
 */
export function seedSkill(dir: string, verdict: KeptSkill, inputs: ReadInput[]): SeedSkill | null {
  const seeded: SeedInput[] = [];
  for (const input of inputs) {
    if (input.kind === 'path' || input.kind === 'dir') {
      seeded.push(input);
      continue;
    }
    if (input.kind !== 'file' && input.kind !== 'list') return null; // a stat or a link
    const rel = relativeTo(dir, input.path);
    if (rel === null) return null;
    if (input.kind === 'list') seeded.push({ kind: 'list', rel, sig: input.sig });
    else {
      const content = readFileSync(input.path);
      if (!fileUnchanged(input, content)) return null; // changed since it was read
      seeded.push({ kind: 'file', rel, content: content.toString('base64') });
    }
  }
  const { skillMdPath, ...rest } = verdict;
  const mdRel = skillMdPath === null ? null : relativeTo(dir, skillMdPath);
  if (skillMdPath !== null && mdRel === null) return null;
  // The source folder's path, as JSON writes it: a message naming it stays out.
  const folderPath = JSON.stringify(path.dirname(dir)).slice(1, -1);
  if (JSON.stringify(rest).includes(folderPath)) return null;
  return { name: path.basename(dir), inputs: seeded, verdict: { ...verdict, skillMdPath: mdRel } };
}

function isSeedFile(v: unknown, buildId: string): v is SeedFile {
  if (typeof v !== 'object' || v === null) return false;
  const f = v as Partial<SeedFile>;
  return (
    f.build === buildId &&
    typeof f.profile === 'string' &&
    typeof f.maxSkillMdBytes === 'number' &&
    Array.isArray(f.skills)
  );
}

/** The seed in `file` (read when first asked), for the build `buildId`; null: no seed. */
export function openListingSeed(
  file: string | null | undefined,
  buildId: string,
): ListingSeed | null {
  if (!file) return null;
  let seed: { file: SeedFile | null; byName: Map<string, SeedSkill> } | null = null;
  const loaded = () => {
    if (seed) return seed;
    let data: unknown = null;
    try {
      // Installed with the CLI, whoever owns it; a missing or broken seed only costs the reads.
      data = JSON.parse(readCacheText(file, false) ?? 'null');
    } catch {
      data = null;
    }
    const valid = isSeedFile(data, buildId) ? data : null;
    const byName = new Map<string, SeedSkill>();
    for (const skill of valid?.skills ?? []) {
      if (typeof skill?.name === 'string' && Array.isArray(skill.inputs) && skill.verdict)
        byName.set(skill.name, skill);
    }
    return (seed = { file: valid, byName });
  };
  return {
    has: (name) => loaded().byName.has(name),
    lookup(r, dir, realDir, entries) {
      const { file: f, byName } = loaded();
      const name = path.basename(dir);
      const skill = byName.get(name);
      if (!f || !skill) return undefined;
      byName.delete(name);
      // Read with other settings, or through a link: read as ever.
      if (r.profile !== f.profile || r.maxSkillMdBytes !== f.maxSkillMdBytes) return undefined;
      if (dir !== realDir) return undefined;
      try {
        return holds(skill, dir, realDir, entries) ? moved(skill.verdict, dir) : undefined;
      } catch {
        return undefined; // a seed of a shape this build cannot check
      }
    },
  };
}

const inFolder = (dir: string, rel: string): string =>
  rel === '' ? dir : path.join(dir, ...rel.split('/'));

/** Whether every input of `skill` answers the same in the folder `dir`. */
function holds(
  skill: SeedSkill,
  dir: string,
  realDir: string,
  entries: readonly Dirent[],
): boolean {
  const others: ReadInput[] = [];
  for (const input of skill.inputs) {
    if (input.kind === 'file') {
      // By content: the install's file metadata is not the build's.
      if (!sameContent(inFolder(dir, input.rel), Buffer.from(input.content, 'base64')))
        return false;
    } else if (input.kind === 'list') {
      others.push({ kind: 'list', path: inFolder(dir, input.rel), sig: input.sig });
    } else if (input.kind === 'path' || input.kind === 'dir') {
      others.push(input);
    } else {
      return false; // not an input this build seeds
    }
  }
  const probes = () => skillProbes(dir, realDir, entries);
  return checkInputs(others, { dir, entries, probes, runStart: 0 }) === 'same';
}

function moved(verdict: KeptSkill, dir: string): KeptSkill {
  const { skillMdPath } = verdict;
  return { ...verdict, skillMdPath: skillMdPath === null ? null : inFolder(dir, skillMdPath) };
}

/** Whether `file` is a regular file (opened as the read opens it) holding exactly `content`. */
function sameContent(file: string, content: Buffer): boolean {
  let fd: number;
  try {
    fd = openSync(file, OPEN_FLAGS);
  } catch {
    return false;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || st.size !== content.length) return false;
    // One byte more than expected: a file grown since the stat reads longer.
    const buf = Buffer.allocUnsafe(content.length + 1);
    let filled = 0;
    for (;;) {
      const n = readSync(fd, buf, filled, buf.length - filled, filled);
      if (n === 0) break;
      filled += n;
      if (filled > content.length) return false;
    }
    return filled === content.length && buf.subarray(0, filled).equals(content);
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}
