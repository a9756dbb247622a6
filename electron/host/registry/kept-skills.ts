/**
 * The registry's skills through kept verdicts (verdict-cache.ts), for one-shot scans (the
 * CLI's `list`): a source folder's sub-folders whose read saw nothing change since the
 * verdict was kept are rebuilt from it on this thread, the others are read as ever (on
 * worker threads too), and what they read is kept. A bundled skill with no kept verdict
 * is rebuilt from the build's seed (listing-seed.ts) when its files are the build's. The
 * file count is not kept: it is counted afresh from the listing (the walk lists the
 * folders below the skill anyway), so files_count is always the folder's as it is now.
 */
import type { Dirent } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../../../shared/check/diagnostics';
import type { SkillRecord } from '../../../shared/skill/model';
import type { Position } from '../../../shared/check/yaml-source';
import type { ResolvedScan } from './scan-options';
import { buildRecord, countFiles, type ScannedSkill } from './skill-record';
import { nameKey } from './skill-name';
import { realSkillDir } from './source-listing';
import type { SourceFolder } from './sources';

/** What is kept of a skill read from a source folder: the record's parts that its files decide. */
export interface KeptSkill {
  skillMdPath: string | null;
  frontmatter: Record<string, unknown> | null;
  body: string;
  diagnostics: Diagnostic[];
  topology: SkillRecord['topology'];
  namePosition: Position | null;
  skillsPosition: Position | null;
}

/** A source folder whose sub-folders are read as skills. */
export interface KeptSource {
  folder: SourceFolder;
  folderIndex: number;
  realSource: string;
}

type Read = ScannedSkill | Diagnostic | null;

/**
 * What `read` gives for `candidates`, in order, with kept verdicts used where they still
 * hold: `read` is asked only for the others (in order).
 */
export async function withKeptSkills(
  r: ResolvedScan,
  at: KeptSource,
  candidates: readonly Dirent[],
  read: (candidates: Dirent[]) => Promise<Read[]>,
): Promise<Read[]> {
  const { kept, seed } = r;
  // A watching registry needs fingerprints, which are not kept.
  if ((!kept && !seed) || r.fingerprint) {
    const fresh = await read([...candidates]);
    for (const item of fresh) if (item && 'record' in item) recordFresh(r, item);
    return fresh;
  }
  const hits: Array<ScannedSkill | undefined> = [];
  for (const entry of candidates) hits.push(await keptCandidate(r, at, entry));
  const fresh = await read(candidates.filter((_, i) => hits[i] === undefined));
  let next = 0;
  return hits.map((hit) => {
    if (hit) return hit;
    const item = fresh[next++];
    if (item && 'record' in item) recordFresh(r, item);
    if (kept && item && 'record' in item) {
      const { record: rec, namePosition, skillsPosition, inputs } = item;
      delete item.inputs;
      const { skillMdPath, frontmatter, body, diagnostics, topology } = rec;
      const verdict = { skillMdPath, frontmatter, body, diagnostics, topology };
      kept.keep(rec.dir, item.realDir, { ...verdict, namePosition, skillsPosition }, inputs);
    }
    return item;
  });
}

/** A skill just read, for a recorded run (kept-run.ts): what its verdict was read from. */
export function recordFresh(r: ResolvedScan, item: ScannedSkill): void {
  r.keptRun?.skill(item.record.dir, item.realDir, item.inputs);
}

/** The candidate rebuilt from its kept verdict, or undefined when there is none that holds. */
async function keptCandidate(
  r: ResolvedScan,
  at: KeptSource,
  entry: Dirent,
): Promise<ScannedSkill | undefined> {
  const dir = path.join(at.folder.dir, entry.name);
  const isKept = r.kept?.has(dir) ?? false;
  const seeded = !isKept && at.folder.source === 'framework' && (r.seed?.has(entry.name) ?? false);
  if (!isKept && !seeded) return undefined;
  let entries: Dirent[];
  const realDir = await realSkillDir(entry, dir, at.realSource, r.io);
  if (realDir === null) return undefined;
  try {
    entries = await r.io.listDir(dir);
  } catch {
    return undefined; // the read says what is wrong
  }
  const v = isKept
    ? r.kept!.lookup(dir, realDir, entries, (inputs) => r.keptRun?.skill(dir, realDir, inputs))
    : r.seed!.lookup(r, dir, realDir, entries);
  if (!v) return undefined;
  if (!isKept) r.keptRun?.skill(dir, realDir, 'seed');
  const files = r.countFiles ? await countFiles(dir, realDir, entries, r) : { count: 0 };
  const record = buildRecord({
    source: at.folder.source,
    dir,
    skillMdPath: v.skillMdPath,
    frontmatter: v.frontmatter,
    body: v.body,
    diagnostics: v.diagnostics,
    topology: v.topology,
    filesCount: files.count,
  });
  return {
    record,
    folder: at.folder,
    folderIndex: at.folderIndex,
    realDir,
    linked: entry.isSymbolicLink(),
    fingerprint: '',
    key: nameKey(record.summary.name),
    namePosition: v.namePosition,
    skillsPosition: v.skillsPosition,
  };
}
