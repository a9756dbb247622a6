/**
 * The in-process host proxy's own methods: what the CLI asks of the host beyond the Studio API
 * (shared/api/studio-api.ts), as one table of name → [params, result], like StudioMethods.
 * They exist for callers that have no open workspace in the UI's sense: a folder given on
 * the command line (`validate DIR`), a bundle to install. The proxy (host-proxy.ts) answers
 * both tables through `invoke`; each method is served by one per-domain module, loaded
 * only when a method of its domain is first asked for.
 *
 * Types only: a command that imports this file loads none of the host.
 */
import type { CheckedFolder } from '../registry/scan-jobs';
import type { ImportConflictChoice, TemplateName } from '../../../shared/api/studio-api';
import type {
  DetectedClient,
  InstallConflictChoice,
  InstallReport,
  InstallScope,
} from '../../../shared/api/install';
import type { Diagnostic } from '../../../shared/check/diagnostics';
import type { ClientId } from '../../../shared/skill/client-profiles';
import type { SkillRecord } from '../../../shared/skill/model';
import type { SkillStatus } from '../../../shared/protocol/a2e';
import type { PortabilityRowJson } from '../portability/portability';
import type { ForeignLockfile, LockApproval, UpdateItem } from '../install/updates';
import type { SourceRef } from '../install/install-source';
import type { UninstallResult } from '../install/install';
import type { ImportedBundle } from '../bundle/import-bundle';

export type {
  PortabilityRowJson,
  UpdateItem,
  SourceRef,
  ForeignLockfile,
  LockApproval,
  ImportedBundle,
  UninstallResult,
};

/** One skill as `validate` reports it (whichever thread read it: registry/scan-jobs.ts). */
export type CheckedSkill = CheckedFolder;

/** One skill of the workspace's catalog, with the status a call would see. */
export interface CatalogSkill {
  record: SkillRecord;
  /** Blocked when the skill's errors keep it from running (as discover says). */
  status: SkillStatus;
}

/** A skill named on the command line for a bundle: its folder (a path), or a workspace name. */
export type SkillTarget = { folder: string } | { skill: string };

/** What export knows before it writes: the skill and whether the host refuses it. */
export interface ExportCheck {
  name: string;
  dir: string;
  skillMdPath: string | null;
  diagnostics: Diagnostic[];
  /** The host's export policy: errors refuse the export unless forced. */
  refused: boolean;
}

/** The skills a source to install holds, with their validation. */
export interface SourceSkillView {
  name: string;
  /** Posix path of the skill folder inside the source. */
  path: string;
  problem: string | null;
  diagnostics: Diagnostic[];
}

/** Every method of the proxy's own table: name → [params, result]. */
export interface CliMethods {
  // ── folders given by path (no workspace needed) ───────────────────────────
  /**
   * The skill folders each target names (a skill folder, its SKILL.md, or a folder of
   * skills), each read and checked with `profile` (a client id: its base profile, then
   * its rules). A folder with no skill in it is checked as a skill lacking SKILL.md.
   */
  'folders.validate': [{ targets: string[]; profile: 'studio' | ClientId }, CheckedSkill[]];
  // ── the workspace's skills, read once ─────────────────────────────────────
  /** Every skill of the workspace (registry only, no watcher); `countFiles: false` leaves files_count 0. */
  'catalog.list': [{ countFiles?: boolean }, { skills: CatalogSkill[]; conflicts: string[] }];
  /** The skill `skill` names in the catalog (by name, else by folder), with the catalog. */
  'catalog.resolve': [
    { skill: string; countFiles?: boolean },
    { record: SkillRecord; all: SkillRecord[] },
  ];
  // ── the workspace through the whole host ──────────────────────────────────
  /** Portability rows: each target a path (as `folders.validate`) or a skill name; none: every skill. */
  'portability.rows': [{ targets: ({ path: string } | { skill: string })[] }, PortabilityRowJson[]];
  // ── bundles ───────────────────────────────────────────────────────────────
  'export.check': [{ target: SkillTarget; force: boolean }, ExportCheck];
  /** Writes the bundle (refused again by the same policy); `fixFor` fixes SKILL.md in the archive. */
  'export.write': [
    {
      target: SkillTarget;
      force: boolean;
      format: 'skill' | 'zip';
      outPath: string;
      fixFor: ClientId | null;
    },
    { bytes: number; entries: string[] },
  ];
  /** Unpacks a bundle into `into`; a folder it made is removed again when the import fails. */
  'bundles.importInto': [
    { buffer: Uint8Array; into: string; onConflict?: ImportConflictChoice },
    { imported: ImportedBundle } | { exists: string },
  ];
  'skills.create': [{ name: string; template: TemplateName; into: string }, { dir: string }];
  // ── installs ──────────────────────────────────────────────────────────────
  /** What a source holds and the clients found; writes nothing. */
  'install.inspect': [
    { src: string; link: boolean; ref?: string },
    {
      source: SourceRef & { commit: string | null };
      skills: SourceSkillView[];
      clients: DetectedClient[];
    },
  ];
  'install.run': [
    {
      src: string;
      link: boolean;
      ref?: string;
      client: ClientId;
      scope: InstallScope;
      pick?: string[];
      onConflict?: InstallConflictChoice;
      force: boolean;
    },
    { report: InstallReport; source: SourceRef & { commit: string | null } },
  ];
  'install.remove': [
    { name: string; client: ClientId; scope: InstallScope; force: boolean },
    UninstallResult,
  ];
  /** `approved`: lockfiles that came with the project whose sources may be opened this once. */
  'install.outdated': [{ approved: LockApproval[] }, UpdateItem[]];
  'install.update': [
    { apply: boolean; names: string[]; force: boolean; approved: LockApproval[] },
    UpdateItem[],
  ];
  /** The lockfiles that came with the project (not written by this user), with their sources. */
  'install.lockfiles': [Record<string, never>, ForeignLockfile[]];
  /** Records lockfiles as approved by this user (in the user's settings, never the project). */
  'install.trustLockfiles': [{ approved: LockApproval[] }, { recorded: number }];
}

export type CliMethod = keyof CliMethods;
export type CliParamsOf<M extends CliMethod> = CliMethods[M][0];
export type CliResultOf<M extends CliMethod> = CliMethods[M][1];
