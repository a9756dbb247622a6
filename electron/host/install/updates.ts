/**
 * `outdated` and `update`: every skill recorded in the lockfiles of the clients' skills
 * folders (user and project), compared with its source as it is now. Each source is
 * opened once (a repository is cloned once however many skills came from it). The
 * comparison is by file: which files the new version adds, removes and changes.
 * A link is live (its source is what the client reads): it is never outdated.
 * An installed copy edited since its install is reported as such, and `update` leaves
 * it alone unless forced, so local work is never overwritten unasked.
 */
import type { FileChanges, InstallScope } from '../../../shared/api/install';
import type { ClientId } from '../../../shared/skill/client-profiles';
import { INSTALLABLE_CLIENTS, installFolderOrNull, type InstallRoots } from './clients';
import { openSource, type OpenedSource, type SourceSkill } from './install-source';
import { localChanges, reinstallSkill } from './install';
import { readLockfile, type LockEntry } from './lockfile';
import { compareFiles, hasChanges } from './skill-tree';
import { errorMessage } from '../../../shared/errors';

export type UpdateStatus = 'current' | 'outdated' | 'live' | 'unavailable';

export interface UpdateItem {
  /** The installed folder name. */
  installedAs: string;
  name: string;
  client: ClientId;
  scope: InstallScope;
  folder: string;
  source: LockEntry['source'];
  status: UpdateStatus;
  /** Commit installed → commit now (git sources). */
  commit: { from: string | null; to: string | null };
  /** Installed → source now. */
  changes: FileChanges;
  /** Edits made to the installed copy since the install (null: none or a link). */
  localChanges: FileChanges | null;
  /** Why the source could not be compared (status `unavailable`). */
  problem: string | null;
  /** Set by `update`: whether it was replaced, or why not. */
  applied?: 'updated' | 'skipped-local-changes' | 'failed';
  error?: string;
}

interface Installed {
  folder: string;
  scope: InstallScope;
  installedAs: string;
  entry: LockEntry;
}

async function allInstalled(roots: InstallRoots): Promise<Installed[]> {
  const out: Installed[] = [];
  const seen = new Set<string>();
  for (const scope of ['project', 'user'] as const) {
    for (const client of INSTALLABLE_CLIENTS) {
      const folder = installFolderOrNull(client, scope, roots);
      // Several clients share a folder (~/.agents/skills): read its lockfile once.
      if (!folder || seen.has(folder)) continue;
      seen.add(folder);
      const lock = await readLockfile(folder);
      for (const [installedAs, entry] of Object.entries(lock.skills))
        out.push({ folder, scope, installedAs, entry });
    }
  }
  return out;
}

function findAgain(source: OpenedSource, entry: LockEntry): SourceSkill | undefined {
  return (
    source.skills.find((s) => s.subpath === entry.source.subpath) ??
    source.skills.find((s) => s.name === entry.name)
  );
}

const NONE: FileChanges = { added: [], removed: [], changed: [] };

/** Compares every installed skill with its source; `use` runs while the sources are open. */
export async function withUpdates<T>(
  roots: InstallRoots,
  use: (
    items: UpdateItem[],
    skillOf: (item: UpdateItem) => SourceSkill | undefined,
    sourceOf: (item: UpdateItem) => OpenedSource | undefined,
  ) => Promise<T>,
): Promise<T> {
  const installed = await allInstalled(roots);
  const sources = new Map<string, OpenedSource | Error>();
  const skills = new Map<UpdateItem, SourceSkill>();
  const opened = new Map<UpdateItem, OpenedSource>();
  try {
    const items: UpdateItem[] = [];
    for (const inst of installed) {
      const { entry } = inst;
      const item: UpdateItem = {
        installedAs: inst.installedAs,
        name: entry.name,
        client: entry.client,
        scope: inst.scope,
        folder: inst.folder,
        source: entry.source,
        status: 'current',
        commit: { from: entry.commit, to: null },
        changes: NONE,
        localChanges: await localChanges(inst.folder, inst.installedAs, entry),
        problem: null,
      };
      items.push(item);
      if (entry.mode === 'link') {
        item.status = 'live';
        continue;
      }
      const key = `${entry.source.kind}\0${entry.source.location}`;
      if (!sources.has(key)) {
        sources.set(
          key,
          await openSource({ kind: entry.source.kind, location: entry.source.location }).catch(
            (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
          ),
        );
      }
      const source = sources.get(key) as OpenedSource | Error;
      if (source instanceof Error) {
        item.status = 'unavailable';
        item.problem = source.message;
        continue;
      }
      item.commit.to = source.commit;
      const skill = findAgain(source, entry);
      if (!skill || !skill.snapshot) {
        item.status = 'unavailable';
        item.problem = skill?.problem ?? `the source no longer holds ${entry.source.subpath}`;
        continue;
      }
      const recorded = Object.fromEntries(
        Object.entries(entry.files).map(([k, hash]) => [
          k,
          { hash, executable: skill.snapshot?.files[k]?.executable ?? false },
        ]),
      );
      // A renamed install had its name: rewritten; compare everything else.
      const changes = compareFiles(recorded, skill.snapshot.files);
      if (entry.name !== inst.installedAs)
        changes.changed = changes.changed.filter((f) => f !== 'SKILL.md');
      item.changes = changes;
      item.status = hasChanges(changes) ? 'outdated' : 'current';
      skills.set(item, skill);
      opened.set(item, source);
    }
    return await use(
      items,
      (i) => skills.get(i),
      (i) => opened.get(i),
    );
  } finally {
    for (const s of sources.values()) if (!(s instanceof Error)) await s.dispose();
  }
}

/** Every installed skill and how it compares with its source. */
export function checkOutdated(roots: InstallRoots): Promise<UpdateItem[]> {
  return withUpdates(roots, async (items) => items);
}

/**
 * Brings outdated copies up to date (only `names` when given: installed folder names).
 * Without `apply` nothing is written: the items are the plan.
 */
export function updateInstalled(
  roots: InstallRoots,
  opts: { apply: boolean; names?: readonly string[]; force?: boolean },
): Promise<UpdateItem[]> {
  return withUpdates(roots, async (items, skillOf, sourceOf) => {
    const wanted = items.filter(
      (i) =>
        !opts.names ||
        opts.names.length === 0 ||
        opts.names.includes(i.installedAs) ||
        opts.names.includes(i.name),
    );
    if (!opts.apply) return wanted;
    for (const item of wanted) {
      if (item.status !== 'outdated') continue;
      const local = item.localChanges;
      if (local && hasChanges(local) && !opts.force) {
        item.applied = 'skipped-local-changes';
        continue;
      }
      const entry = (await readLockfile(item.folder)).skills[item.installedAs];
      try {
        await reinstallSkill(
          item.folder,
          item.installedAs,
          skillOf(item) as SourceSkill,
          sourceOf(item) as OpenedSource,
          entry,
        );
        item.applied = 'updated';
      } catch (err) {
        item.applied = 'failed';
        item.error = errorMessage(err);
      }
    }
    return wanted;
  });
}
