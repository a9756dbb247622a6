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

/** Where `install.skill` installs and how: the same whatever it installs. */
interface InstallInto {
  client: ClientId;
  scope: InstallScope;
  mode: InstallMode;
  onConflict?: InstallConflictChoice;
  /** Install even when the client's check reports errors. */
  force?: boolean;
}

/** A source the command line names, to install from. */
export interface InstallFrom {
  /** A bundle (.skill, .zip), a folder or a git repository: a path from the caller's folder, or a git URL. */
  src: string;
  /** The branch or tag of a git source. */
  ref?: string;
  /** The skills to install, by name or path inside the source; absent: every one. */
  pick?: string[];
}

/**
 * `install.skill` params: a skill of the workspace (`skill`: its folder, or a name), or the
 * skills of a source the command line names (`from`, a local process's only): exactly one.
 */
export type InstallSkillParams = InstallInto &
  ({ skill: string; from?: never } | { from: InstallFrom; skill?: never });

/** What `install.skill` did; installed `from` a source, also that source as it was opened. */
export interface InstallSkillResult extends InstallReport {
  source?: OpenedSourceRef;
}

// ── Installs from a source the command line names ───────────────────────────

/** What a source is: a git repository (a URL, or a local one), a folder, or a bundle file. */
export type SourceKind = 'git' | 'folder' | 'bundle';

/** How the lockfile names a source, so `outdated` can open it again. */
export interface SourceRef {
  kind: SourceKind;
  /**
   * A git URL as given but without its credentials (what may be recorded and printed), or
   * an absolute path (folder, bundle, local repository).
   */
  location: string;
}

/** A source as it was opened: the commit a git source is at, null for the others. */
export interface OpenedSourceRef extends SourceRef {
  commit: string | null;
}

/** A skill's source as its lockfile entry records it. */
export interface LockedSource extends SourceRef {
  /** The skill folder's path inside the source ('.' when the source is the skill). */
  subpath: string;
}

/** The skills a source to install holds, with their validation. */
export interface SourceSkillView {
  name: string;
  /** Posix path of the skill folder inside the source. */
  path: string;
  /** Why it cannot be installed (a link, `..`, a name that is no folder name), or null. */
  problem: string | null;
  diagnostics: Diagnostic[];
}

/** What `install.remove` removed. */
export interface UninstallResult {
  name: string;
  path: string;
  folder: string;
  mode: InstallMode;
}

/** A lockfile the user approves by its real path and the hash of the bytes it was shown. */
export interface LockApproval {
  file: string;
  hash: string;
}

/** A lockfile that came with the project, and the sources it would have fetched from. */
export interface ForeignLockfile extends LockApproval {
  /** The lockfile as the user knows it (in the client's skills folder). */
  shown: string;
  scope: InstallScope;
  sources: { installedAs: string; source: LockedSource }[];
}

export type UpdateStatus = 'current' | 'outdated' | 'live' | 'unavailable' | 'unapproved';

/** One installed skill compared with its source now (`outdated`), and what `update` did. */
export interface UpdateItem {
  /** The installed folder name. */
  installedAs: string;
  name: string;
  client: ClientId;
  scope: InstallScope;
  folder: string;
  source: LockedSource;
  status: UpdateStatus;
  /** Commit installed → commit now (git sources). */
  commit: { from: string | null; to: string | null };
  /** Installed → source now. */
  changes: FileChanges;
  /** Edits made to the installed copy since the install (null: none or a link). */
  localChanges: FileChanges | null;
  /** Why what is at the name is not the skill installed (never replaced), or null. */
  notOurs: string | null;
  /** Why the source could not be compared (status `unavailable`). */
  problem: string | null;
  /** Set by `update`: whether it was replaced, or why not. */
  applied?: 'updated' | 'skipped-local-changes' | 'refused' | 'failed';
  error?: string;
}

/**
 * Installs from a source the command line names, and the installs recorded in the clients'
 * lockfiles: local-process methods (./local-process.ts). Installing itself is
 * `install.skill` with `from` (studio-api.ts).
 */
export interface InstallSourceMethods {
  /**
   * What a source holds and the clients found; writes nothing. `link`: a local repository
   * is read as the folder it is (what a link would point at), not cloned.
   */
  'install.inspect': [
    { src: string; link: boolean; ref?: string },
    { source: OpenedSourceRef; skills: SourceSkillView[]; clients: DetectedClient[] },
  ];
  /** Removes a skill this tool installed: only while it is what was installed, unless `force`. */
  'install.remove': [
    { name: string; client: ClientId; scope: InstallScope; force: boolean },
    UninstallResult,
  ];
  /** `approved`: lockfiles that came with the project whose sources may be opened this once. */
  'install.outdated': [{ approved: LockApproval[] }, UpdateItem[]];
  /** The plan of bringing installs up to date (`names`: only those); `apply` carries it out. */
  'install.update': [
    { apply: boolean; names: string[]; force: boolean; approved: LockApproval[] },
    UpdateItem[],
  ];
  /** The lockfiles that came with the project (not written by this user), with their sources. */
  'install.lockfiles': [Record<string, never>, ForeignLockfile[]];
  /** Records lockfiles as approved by this user (in the user's settings, never the project). */
  'install.trustLockfiles': [{ approved: LockApproval[] }, { recorded: number }];
}
