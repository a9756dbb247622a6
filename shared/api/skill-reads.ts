/**
 * Skills read from folders the command line names, and from the workspace without the rest
 * of the host (`validate DIR`, `list`, `read`, `files`, `explain`, `portability`).
 * Local-process methods (./local-process.ts).
 */
import type { FileEntry } from './studio-api';

/** A skill file as an agent reads it. */
export interface SkillReadResult {
  text: string;
  /** Size of the file on disk. */
  bytes: number;
  /** The text was cut at the 50 KB cap. */
  truncated: boolean;
}

export interface SkillReadMethods {
  /**
   * Reads the workspace's settings now (their problems are told now), for a caller that
   * checks its own arguments after that; `skill.read` and `skill.files` reuse what it read.
   */
  'workspace.load': [Record<string, never>, { workspace: string | null }];
  /** A skill file as an agent reads it (SKILL.md without frontmatter; 50 KB cap). */
  'skill.read': [{ skill: string; file: string }, SkillReadResult];
  /** Every file of the skill `skill` names (by name, else by folder). */
  'skill.files': [{ skill: string }, FileEntry[]];
}
