/**
 * Finds the one skill a name refers to, without validating any skill: for commands that
 * only need its folder (`read`, `files`). It answers exactly as a loaded SkillRegistry
 * would (`get(ref)`, else the listed skill whose folder is `ref`): the same sources in
 * the same order (source-listing.ts), the same SKILL.md reads (skill-md-file.ts), the
 * same names (skill-name.ts), and the same rule that one real folder reached twice is
 * one skill, kept where it is first seen (skill-index.ts). Skills are read in scan
 * order, so the first one with the name wins and the lookup stops there.
 */
import type { Dirent } from 'node:fs';
import path from 'node:path';
import { syncScanIO, type ScanIO } from './scan-io';
import { findSkillMd, readSkillMdFile } from './skill-md-file';
import { nameKey, skillNameOf } from './skill-name';
import {
  listSourceFolder,
  realSkillDir,
  SCAN_DEFAULTS,
  skillCandidates,
  type SourceListing,
} from './source-listing';
import type { SourceFolder } from './sources';

export interface FoundSkill {
  name: string;
  /** The skill folder, as found (under its source folder). */
  dir: string;
  /** Its SKILL.md (or the other casing found). */
  skillMdPath: string;
}

export interface FindSkillOptions {
  /** Synchronous file-system calls (scan-io.ts), for one-shot callers. */
  io?: ScanIO;
}

/** The skill `ref` names (by name, else by folder), or null. `folders` in priority order. */
export async function findSkill(
  folders: readonly SourceFolder[],
  ref: string,
  opts: FindSkillOptions = {},
): Promise<FoundSkill | null> {
  const io = opts.io ?? syncScanIO;
  const wanted = nameKey(ref);
  const seenReal = new Set<string>();
  let byFolder: FoundSkill | null = null;
  for (const folder of folders) {
    let listing: SourceListing;
    try {
      listing = await listSourceFolder(folder.dir, io);
    } catch {
      continue; // no such source, or unreadable: it holds no skill
    }
    const found = listing.singleSkill
      ? [{ dir: folder.dir, entry: null }]
      : skillCandidates(listing.entries)
          .slice(0, SCAN_DEFAULTS.maxSkillsPerSource)
          .map((entry) => ({ dir: path.join(folder.dir, entry.name), entry }));
    for (const { dir, entry } of found) {
      const realDir =
        entry === null
          ? listing.realSource
          : await realSkillDir(entry, dir, listing.realSource, io);
      if (realDir === null) continue;
      const skill = await readSkillName(dir, realDir, io, entry ? undefined : listing.entries);
      if (!skill || seenReal.has(realDir)) continue;
      seenReal.add(realDir);
      if (nameKey(skill.name) === wanted) return skill;
      if (byFolder === null && dir === ref) byFolder = skill;
    }
  }
  return byFolder;
}

/** The folder as a skill, with its name; null when it is not one (no SKILL.md, gone). */
async function readSkillName(
  dir: string,
  realDir: string,
  io: ScanIO,
  listed?: Dirent[],
): Promise<FoundSkill | null> {
  let entries: Dirent[];
  try {
    entries = listed ?? (await io.listDir(dir));
  } catch {
    return null; // gone, or unlistable (the scan reports that as a problem, not a skill)
  }
  const mdEntry = findSkillMd(entries);
  if (!mdEntry) return null;
  const skillMdPath = path.join(dir, mdEntry.name);
  const content = await readSkillMdFile(
    skillMdPath,
    mdEntry,
    SCAN_DEFAULTS.maxSkillMdBytes,
    realDir,
    io,
  );
  if (content.kind === 'gone') return null;
  const text = content.kind === 'text' ? content.text : null;
  return { name: skillNameOf(text, path.basename(dir)), dir, skillMdPath };
}
