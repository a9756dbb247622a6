/**
 * The agent clients a skill can be installed into, and where: the one table of client →
 * user and project skill folders. The folders themselves are the registry's source
 * folders (registry/sources.ts), named here by their ids, so whatever is installed is
 * also what the studio discovers. Detection looks for each client's own folder or
 * config file in the home folder and the workspace; it reads nothing inside them.
 */
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import type { DetectedClient, InstallScope } from '../../../shared/api/install';
import { CLIENT_PROFILES, type ClientId } from '../../../shared/skill/client-profiles';
import { InvalidRequestError } from '../fs/errors';
import { StudioError } from '../../../shared/errors';
import { assertRealPathInside } from '../fs/safe-path';
import { PROJECT_FOLDERS, USER_FOLDERS, type UserSourceId } from '../workspace/skill-folders';

type ProjectFolderId = (typeof PROJECT_FOLDERS)[number]['id'];

export interface InstallTarget {
  /** A project folder id of registry/sources.ts (null: the client reads none). */
  project: ProjectFolderId | null;
  /** A user folder id of registry/sources.ts (null: the client reads none). */
  user: UserSourceId | null;
  /** Paths whose presence shows the client is used (relative to home / workspace). */
  markers: { user: readonly string[]; project: readonly string[] };
}

/**
 * Where an install writes, per client: the first folder each client's documentation
 * names (CLIENT_PROFILES[id].folders lists them all; a test keeps both in step).
 * claude.ai takes an uploaded bundle and the spec is no client: neither has a folder.
 */
export const INSTALL_TARGETS: Readonly<Record<ClientId, InstallTarget | null>> = {
  'claude-code': {
    project: 'claude',
    user: 'claude',
    markers: { user: ['.claude', '.claude.json'], project: ['.claude', 'CLAUDE.md'] },
  },
  codex: {
    project: 'agents',
    user: 'agents',
    markers: { user: ['.codex'], project: ['.codex', 'AGENTS.md'] },
  },
  copilot: {
    project: 'github',
    user: 'copilot',
    markers: { user: ['.copilot'], project: ['.github/skills', '.github/copilot-instructions.md'] },
  },
  cursor: {
    project: 'cursor',
    user: 'cursor',
    markers: { user: ['.cursor'], project: ['.cursor', '.cursorrules'] },
  },
  'gemini-cli': {
    project: 'gemini',
    user: 'gemini',
    markers: { user: ['.gemini'], project: ['.gemini', 'GEMINI.md'] },
  },
  opencode: {
    project: 'opencode',
    user: 'opencode',
    markers: { user: ['.config/opencode'], project: ['.opencode', 'opencode.json'] },
  },
  adk: { project: 'skills', user: null, markers: { user: [], project: [] } },
  'claude-upload': null,
  spec: null,
};

export interface InstallRoots {
  home: string | null;
  workspace: string | null;
}

function relOf(target: InstallTarget, scope: InstallScope): string | null {
  if (scope === 'user')
    return target.user ? (USER_FOLDERS.find((f) => f.id === target.user)?.rel ?? null) : null;
  return target.project
    ? (PROJECT_FOLDERS.find((f) => f.id === target.project)?.rel ?? null)
    : null;
}

/** The folder a `scope` install for `client` writes to, or null when there is none. */
export function installFolderOrNull(
  client: ClientId,
  scope: InstallScope,
  roots: InstallRoots,
): string | null {
  const target = INSTALL_TARGETS[client];
  const base = scope === 'user' ? roots.home : roots.workspace;
  if (!target || !base) return null;
  const rel = relOf(target, scope);
  return rel === null ? null : path.join(base, ...rel.split('/'));
}

/** The same, refused with a message that says why when there is no such folder. */
export function installFolder(client: ClientId, scope: InstallScope, roots: InstallRoots): string {
  const dir = installFolderOrNull(client, scope, roots);
  if (dir !== null) return dir;
  const label = CLIENT_PROFILES[client].label;
  if (!INSTALL_TARGETS[client])
    throw new InvalidRequestError(
      client === 'claude-upload'
        ? `${label} has no skills folder: export a bundle (skill-studio export NAME) and upload it`
        : `${label} is a profile to check against, not a client to install into`,
    );
  if (scope === 'project' && !roots.workspace)
    throw new StudioError('precondition', 'open a workspace first: a project install needs one');
  if (scope === 'user' && !roots.home)
    throw new InvalidRequestError('no home folder: a user install needs one');
  throw new InvalidRequestError(`${label} reads no ${scope} skills folder`);
}

/**
 * The folder a `scope` install for `client` writes to (installFolder), refused when its
 * real path leaves the workspace (project) or the home folder (user): a `.claude/skills`
 * a repository committed as a symbolic link must not carry an install elsewhere. Every
 * install, uninstall and update picks its folder here. The error names the real path.
 */
export async function checkedInstallFolder(
  client: ClientId,
  scope: InstallScope,
  roots: InstallRoots,
): Promise<string> {
  const folder = installFolder(client, scope, roots);
  await checkFolderInside(folder, scope, roots);
  return folder;
}

/** Refuses `folder` (an install folder of `scope`) when its real path leaves its root. */
export async function checkFolderInside(
  folder: string,
  scope: InstallScope,
  roots: InstallRoots,
): Promise<void> {
  const root = (scope === 'user' ? roots.home : roots.workspace) as string;
  const where = scope === 'user' ? 'your home folder' : 'the project';
  await assertRealPathInside(root, folder, `skills into ${where}`);
}

/** Clients that have an install folder (the dialog's and the CLI's choices). */
export const INSTALLABLE_CLIENTS: readonly ClientId[] = (
  Object.keys(INSTALL_TARGETS) as ClientId[]
).filter((id) => INSTALL_TARGETS[id] !== null);

async function firstPresent(base: string | null, markers: readonly string[]) {
  if (!base) return null;
  for (const marker of markers) {
    try {
      await lstat(path.join(base, ...marker.split('/')));
      return marker;
    } catch {
      // absent: try the next marker
    }
  }
  return null;
}

/**
 * Every installable client, with its folders and whether it shows in the home folder
 * or the workspace (its folder, its config file, or its skills folder itself).
 */
export async function detectClients(roots: InstallRoots): Promise<DetectedClient[]> {
  const out: DetectedClient[] = [];
  for (const id of INSTALLABLE_CLIENTS) {
    const target = INSTALL_TARGETS[id] as InstallTarget;
    const userFolder = installFolderOrNull(id, 'user', roots);
    const projectFolder = installFolderOrNull(id, 'project', roots);
    const userRel = relOf(target, 'user');
    const projectRel = relOf(target, 'project');
    const userFound = await firstPresent(roots.home, [
      ...target.markers.user,
      ...(userRel ? [userRel] : []),
    ]);
    const projectFound = await firstPresent(roots.workspace, [
      ...target.markers.project,
      ...(projectRel ? [projectRel] : []),
    ]);
    out.push({
      id,
      label: CLIENT_PROFILES[id].label,
      userFolder,
      projectFolder,
      userFound: userFound === null ? null : `~/${userFound}`,
      projectFound,
    });
  }
  return out;
}
