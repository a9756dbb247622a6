/**
 * `catalog: installed`: the skills the user installed for one agent client, found in that
 * client's user-level skills folders (the portability profiles' folders, the same the
 * install and the catalog use), to be copied into a throwaway run beside the skill under
 * test so that its competition is the user's own.
 *
 * The user's folders are only read. Nothing is followed out of them: a skills folder whose
 * real path leaves the home folder, a skill entry that is a symbolic link, or a skill with
 * a link anywhere inside (the install's snapshot refuses it) is left out.
 */
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ClientCatalog } from '../../../shared/api/agent-clients';
import type { SkillListItem } from '../../../shared/api/studio-api';
import { winners } from '../../../shared/playground/agent-preview';
import { CLIENT_PROFILES } from '../../../shared/skill/client-profiles';
import { assertRealPathInside } from '../fs/safe-path';
import { snapshotSkill } from '../fs/skill-tree';
import type { AgentClientId } from './core/types';

/** At most this many skills are installed beside one (each is a copy per run). */
export const MAX_INSTALLED_SKILLS = 500;

/** The client's user-level skills folders under `home`, in its own precedence. */
export function userSkillFolders(id: AgentClientId, home: string): string[] {
  return CLIENT_PROFILES[id].folders.user.map((f) =>
    path.join(home, ...f.replace(/^~\//, '').split('/')),
  );
}

async function isPlainDir(p: string): Promise<boolean> {
  const st = await lstat(p).catch(() => null);
  return st !== null && st.isDirectory() && !st.isSymbolicLink();
}

async function isPlainFile(p: string): Promise<boolean> {
  const st = await lstat(p).catch(() => null);
  return st !== null && st.isFile();
}

/**
 * The skills installed for `id` under `home` (the first of a name wins, as the client's
 * precedence would show it), without `exclude` (the skill under test). No home: none.
 */
export async function installedSkills(
  id: AgentClientId,
  home: string | null,
  exclude: string,
): Promise<{ name: string; dir: string }[]> {
  if (!home) return [];
  const out: { name: string; dir: string }[] = [];
  const seen = new Set([exclude]);
  for (const folder of userSkillFolders(id, home)) {
    // A skills folder that is a link out of the home folder is not the user's install.
    const inside = await assertRealPathInside(home, folder, 'installed skills').then(
      () => true,
      () => false,
    );
    if (!inside) continue;
    const names = await readdir(folder).catch(() => [] as string[]);
    for (const name of names.sort()) {
      if (name.startsWith('.') || seen.has(name) || out.length >= MAX_INSTALLED_SKILLS) continue;
      const dir = path.join(folder, name);
      if (!(await isPlainDir(dir)) || !(await isPlainFile(path.join(dir, 'SKILL.md')))) continue;
      if (!(await copyable(dir))) continue;
      seen.add(name);
      out.push({ name, dir });
    }
  }
  return out;
}

async function copyable(dir: string): Promise<boolean> {
  return snapshotSkill(dir).then(
    () => true,
    () => false,
  );
}

/**
 * The workspace's other skills as installed beside one in a client run (winners, not
 * archived), without those the install copy refuses (a link out of the folder…): one such
 * skill must not fail every run.
 */
export async function workspaceSkills(
  listing: readonly SkillListItem[],
  exclude: string,
): Promise<{ name: string; dir: string }[]> {
  const candidates = [...winners(listing).values()]
    .filter((s) => s.name !== exclude && s.status !== 'Archived')
    .slice(0, MAX_INSTALLED_SKILLS);
  const ok = await Promise.all(candidates.map((s) => copyable(s.dir)));
  return candidates.filter((_, i) => ok[i]).map((s) => ({ name: s.name, dir: s.dir }));
}

/** What `catalog` installs beside the skill `exclude` in a run of client `id`. */
export async function catalogSkills(
  catalog: ClientCatalog | undefined,
  where: { id: AgentClientId; home: string | null; listing: () => readonly SkillListItem[] },
  exclude: string,
): Promise<{ name: string; dir: string }[]> {
  if (catalog === 'workspace') return workspaceSkills(where.listing(), exclude);
  if (catalog === 'installed') return installedSkills(where.id, where.home, exclude);
  return [];
}
