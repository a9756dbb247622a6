/**
 * Types of the Studio API's skill management (delete, rename, duplicate) and bundle
 * import (preview, conflicts, several skills in one zip). Kept apart from
 * studio-api.ts, which names the methods, so each side reads in one place.
 */
import type { Diagnostic } from '../check/diagnostics';

/** What to do when a skill folder of the same name already exists where import writes. */
export type ImportConflictChoice = 'replace' | 'keep-both' | 'skip';

/** One skill inside a bundle, as the preview shows it before anything is written. */
export interface BundleSkillPreview {
  /** The skill's folder name in the bundle: the folder it gets unless "keep both" renames it. */
  folder: string;
  /** Files it would unpack (posix, relative to the skill folder), sorted. */
  files: string[];
  /** Their uncompressed size. */
  bytes: number;
  /** Entries left out because export never writes them (`.git`, `node_modules`, …). */
  skipped: string[];
  /** The validator's findings on its SKILL.md, as if it were imported. */
  diagnostics: Diagnostic[];
  /** A folder with this name already exists where the import writes. */
  exists: boolean;
  /** The folder name "keep both" would give it (`<name>-2`, …). */
  keepBothAs: string;
}

export interface BundlePreview {
  /** The folder the skills would be unpacked into (the workspace's `skills/`). */
  into: string;
  skills: BundleSkillPreview[];
}

export interface ImportedSkill {
  /** Its folder name in the bundle. */
  from: string;
  /** Its folder name now (differs from `from` when kept both). */
  name: string;
  /** Absolute path of the skill folder (the existing one when skipped). */
  path: string;
  skipped: string[];
  outcome: 'created' | 'replaced' | 'kept-both' | 'skipped';
}

export interface ImportResult {
  /** The first skill written (or, when every one was skipped, the first one). */
  name: string;
  path: string;
  /** Every skill of the bundle, in bundle order. */
  skills: ImportedSkill[];
}

/** `skills.delete`: whether the folder went to the system trash or is gone for good. */
export interface DeleteResult {
  trashed: boolean;
}

/** Where a deleted skill goes on this host: `null` when there is no trash (deleting is permanent). */
export interface TrashInfo {
  /** The trash's name for the user ("the Trash", "the Recycle Bin"), or null. */
  trash: string | null;
}

/** A skill after rename or duplicate: its new folder (its identity) and name. */
export interface SkillMoved {
  name: string;
  dir: string;
}
