/**
 * Skills read from folders the command line names, and from the workspace without the rest
 * of the host (`validate DIR`, `list`, `read`, `files`, `explain`, `portability`).
 * Local-process methods (./local-process.ts).
 */
import type { Diagnostic } from '../check/diagnostics';
import type { CellStatus } from '../skill/client-profiles';
import type { ClientId } from '../skill/client-ids';
import type { SkillRecord } from '../skill/model';
import type { FileEntry } from './studio-api';

/** A skill file as an agent reads it. */
export interface SkillReadResult {
  text: string;
  /** Size of the file on disk. */
  bytes: number;
  /** The text was cut at the 50 KB cap. */
  truncated: boolean;
}

/** One skill as `validate` reports it. */
export interface CheckedSkill {
  /** The skill's folder (absolute). */
  dir: string;
  name: string;
  /** Its SKILL.md, or null when the folder has none. */
  skillMdPath: string | null;
  diagnostics: Diagnostic[];
}

/** One cell of the portability matrix: a skill in one client. */
export interface PortabilityCellJson {
  status: CellStatus;
  reasons: Array<Pick<Diagnostic, 'severity' | 'code' | 'message' | 'line' | 'column' | 'field'>>;
}

/** One row of the portability matrix: a skill in every client. */
export interface PortabilityRowJson {
  name: string;
  path: string;
  clients: Record<ClientId, PortabilityCellJson>;
}

export interface SkillReadMethods {
  /**
   * Which clients accept each skill: each target a path (as `folders.validate`) or the name
   * of a workspace skill, in order; none: every listed skill of the workspace.
   */
  'portability.rows': [{ targets: ({ path: string } | { skill: string })[] }, PortabilityRowJson[]];
  /**
   * The skill folders each target names (an absolute path: a skill folder, its SKILL.md, or a
   * folder of skills), each read and checked with `profile` (a client id: its base profile,
   * then its rules), in order. A folder with no skill in it is checked as a skill lacking
   * SKILL.md. Unchanged folders' verdicts are kept between runs where the host keeps them.
   */
  'folders.validate': [{ targets: string[]; profile: 'studio' | ClientId }, CheckedSkill[]];
  /**
   * Reads the workspace's settings now (their problems are told now), for a caller that
   * checks its own arguments after that; `skill.read` and `skill.files` reuse what it read.
   */
  'workspace.load': [Record<string, never>, { workspace: string | null }];
  /**
   * The skill `skill` names (by name, else by folder) as its whole record, with every
   * skill's record: what `explain` reads a topology and its composed skills from.
   * `countFiles: false` leaves files_count 0.
   */
  'skills.record': [
    { skill: string; countFiles?: boolean },
    { record: SkillRecord; all: SkillRecord[] },
  ];
  /** A skill file as an agent reads it (SKILL.md without frontmatter; 50 KB cap). */
  'skill.read': [{ skill: string; file: string }, SkillReadResult];
  /** Every file of the skill `skill` names (by name, else by folder). */
  'skill.files': [{ skill: string }, FileEntry[]];
}
