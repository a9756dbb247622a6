/**
 * Types of installing skills into agent clients' folders (CLI `install`, `uninstall`,
 * `outdated`, `update`, and the studio's "Install to…" dialog). Kept apart from
 * studio-api.ts, which names the methods, so each side reads in one place.
 */
import type { Diagnostic } from '../check/diagnostics';
import type { CellStatus, ClientId } from '../skill/client-profiles';

export type InstallScope = 'user' | 'project';
/** A copy of the skill, or a symbolic link to it (live development). */
export type InstallMode = 'copy' | 'link';
/** What to do when the client's folder already holds a skill of that name. */
export type InstallConflictChoice = 'replace' | 'keep' | 'rename';

/** One client as found on this machine and in the workspace. */
export interface DetectedClient {
  id: ClientId;
  label: string;
  /** The folder a user-scope install writes to (null: the client has none). */
  userFolder: string | null;
  /** The folder a project-scope install writes to (null: no workspace, or none). */
  projectFolder: string | null;
  /** Found in the home folder: the marker that shows it (e.g. `~/.claude`), or null. */
  userFound: string | null;
  /** Found in the workspace: the marker that shows it (e.g. `.claude`), or null. */
  projectFound: string | null;
}

/** A file-level comparison of two versions of a skill folder. */
export interface FileChanges {
  added: string[];
  removed: string[];
  changed: string[];
}

/** The skill already in the target folder, shown before the user decides. */
export interface InstallConflict {
  /** The existing folder. */
  path: string;
  /** Existing → incoming. */
  changes: FileChanges;
  /** SKILL.md of both, so a diff can be shown (null: none / not text). */
  existingSkillMd: string | null;
  incomingSkillMd: string | null;
  /** The folder name "rename" would install it as. */
  renameAs: string;
  /** The existing folder is a link (a live install), not a copy. */
  existingIsLink: boolean;
}

/** The verdict of the target client's portability check on the skill. */
export interface InstallCheck {
  client: ClientId;
  status: CellStatus;
  diagnostics: Diagnostic[];
}

export interface InstallOutcome {
  /** The skill's name in its source. */
  name: string;
  /** The folder name it has in the target (differs when renamed). */
  installedAs: string;
  /** Absolute path of the installed folder (or link). */
  path: string;
  mode: InstallMode;
  result: 'installed' | 'replaced' | 'renamed' | 'kept' | 'conflict' | 'refused';
  check: InstallCheck;
  /** Set when result is `conflict`: nothing was written. */
  conflict?: InstallConflict;
  /** Why it was refused (portability errors, hostile content). */
  reason?: string;
}

export interface InstallReport {
  client: ClientId;
  scope: InstallScope;
  /** The client's skills folder that was written. */
  folder: string;
  lockfile: string;
  skills: InstallOutcome[];
}

/** Installs from a source the command line names (a folder or a git URL): local-process methods (./local-process.ts). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as the command line's methods move in
export interface InstallSourceMethods {}
