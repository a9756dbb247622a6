/**
 * `outdated` and `update`: every skill recorded in the lockfiles of the clients' skills
 * folders (user and project), compared with its source as it is now. Each source is
 * opened once (a repository is cloned once however many skills came from it). The
 * comparison is by file: which files the new version adds, removes and changes.
 * A link is live (its source is what the client reads): it is never outdated.
 * An installed copy edited since its install is reported as such, and `update` leaves
 * it alone unless forced, so local work is never overwritten unasked; whatever else took
 * a recorded name (install.ts, installedState) is never replaced, forced or not.
 *
 * A lockfile that came with the project (lock-trust.ts: not written by this user's own
 * install, nor approved by this user) is a stranger's list of places to fetch from: its
 * sources are not opened until the caller approves that lockfile, by its real path and
 * the hash of the very bytes shown (`approved`); its skills show as `unapproved`.
 */
import type {
  FileChanges,
  ForeignLockfile,
  InstallScope,
  LockApproval,
  UpdateItem,
} from '../../../shared/api/install';
import {
  checkFolderInside,
  INSTALLABLE_CLIENTS,
  installFolderOrNull,
  type InstallRoots,
} from './clients';
import { withoutCredentials } from './git-source';
import { openSource, type OpenedSource, type SourceSkill } from './install-source';
import { installedState, reinstallSkill } from './install';
import type { LockTrust } from './lock-trust';
import { isOwnLockfile, lockfilePath, readLockfileAt, type LockEntry } from './lockfile';
import { compareFiles, hasChanges } from '../fs/skill-tree';
import { existsNoFollow } from '../fs/free-name';
import { errorMessage } from '../../../shared/errors';

export interface TrustOptions {
  /** This user's records of own lockfiles (none: every lockfile is a stranger). */
  trust?: LockTrust;
  /** Lockfiles approved for this call. */
  approved?: readonly LockApproval[];
}

interface Installed {
  folder: string;
  scope: InstallScope;
  installedAs: string;
  entry: LockEntry;
  /** The lockfile it is recorded in, when that came with the project and is not approved. */
  unapproved: string | null;
}

interface ReadFolder {
  folder: string;
  scope: InstallScope;
  own: boolean;
  approval: LockApproval;
  skills: Record<string, LockEntry>;
}

/** Every client folder's lockfile (user and project), each read once and checked. */
async function lockfilesOf(roots: InstallRoots, opts: TrustOptions): Promise<ReadFolder[]> {
  const out: ReadFolder[] = [];
  const seen = new Set<string>();
  for (const scope of ['project', 'user'] as const) {
    for (const client of INSTALLABLE_CLIENTS) {
      const folder = installFolderOrNull(client, scope, roots);
      // Several clients share a folder (~/.agents/skills): read its lockfile once.
      if (!folder || seen.has(folder)) continue;
      seen.add(folder);
      if (!(await existsNoFollow(folder))) continue;
      await checkFolderInside(folder, scope, roots);
      const read = await readLockfileAt(folder);
      if (read.hash === null) continue;
      const approval = { file: read.real, hash: read.hash };
      const own =
        (await isOwnLockfile(read, opts.trust)) ||
        (opts.approved ?? []).some((a) => a.file === approval.file && a.hash === approval.hash);
      out.push({ folder, scope, own, approval, skills: read.lock.skills });
    }
  }
  return out;
}

async function allInstalled(roots: InstallRoots, opts: TrustOptions): Promise<Installed[]> {
  const out: Installed[] = [];
  for (const lf of await lockfilesOf(roots, opts))
    for (const [installedAs, entry] of Object.entries(lf.skills))
      out.push({
        folder: lf.folder,
        scope: lf.scope,
        installedAs,
        entry,
        unapproved: lf.own ? null : lockfilePath(lf.folder),
      });
  return out;
}

/** The lockfiles whose sources wait for approval, with what they would fetch from. */
export async function foreignLockfiles(
  roots: InstallRoots,
  opts: TrustOptions,
): Promise<ForeignLockfile[]> {
  return (await lockfilesOf(roots, opts))
    .filter((lf) => !lf.own)
    .map((lf) => ({
      ...lf.approval,
      shown: lockfilePath(lf.folder),
      scope: lf.scope,
      sources: Object.entries(lf.skills).map(([installedAs, e]) => ({
        installedAs,
        source: { ...e.source, location: withoutCredentials(e.source.location) },
      })),
    }));
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
  trust: TrustOptions,
  use: (
    items: UpdateItem[],
    skillOf: (item: UpdateItem) => SourceSkill | undefined,
    sourceOf: (item: UpdateItem) => OpenedSource | undefined,
    entryOf: (item: UpdateItem) => LockEntry,
  ) => Promise<T>,
): Promise<T> {
  const installed = await allInstalled(roots, trust);
  const sources = new Map<string, OpenedSource | Error>();
  const skills = new Map<UpdateItem, SourceSkill>();
  const opened = new Map<UpdateItem, OpenedSource>();
  const entries = new Map<UpdateItem, LockEntry>();
  try {
    const items: UpdateItem[] = [];
    for (const inst of installed) {
      const { entry } = inst;
      const state = await installedState(inst.folder, inst.installedAs, entry);
      const item: UpdateItem = {
        installedAs: inst.installedAs,
        name: entry.name,
        client: entry.client,
        scope: inst.scope,
        folder: inst.folder,
        source: { ...entry.source, location: withoutCredentials(entry.source.location) },
        status: 'current',
        commit: { from: entry.commit, to: null },
        changes: NONE,
        localChanges: state.kind === 'edited' ? state.changes : null,
        notOurs: state.kind === 'foreign' ? state.why : null,
        problem: null,
      };
      items.push(item);
      entries.set(item, entry);
      if (inst.unapproved !== null) {
        item.status = 'unapproved';
        item.problem = `${inst.unapproved} came with the project (your own install did not write it): its sources are not opened until you approve it`;
        continue;
      }
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
      (i) => entries.get(i) as LockEntry,
    );
  } finally {
    for (const s of sources.values()) if (!(s instanceof Error)) await s.dispose();
  }
}

/** Every installed skill and how it compares with its source. */
export function checkOutdated(
  roots: InstallRoots,
  trust: TrustOptions = {},
): Promise<UpdateItem[]> {
  return withUpdates(roots, trust, async (items) => items);
}

/**
 * Brings outdated copies up to date (only `names` when given: installed folder names).
 * Without `apply` nothing is written: the items are the plan.
 */
export function updateInstalled(
  roots: InstallRoots,
  opts: { apply: boolean; names?: readonly string[]; force?: boolean } & TrustOptions,
): Promise<UpdateItem[]> {
  return withUpdates(roots, opts, async (items, skillOf, sourceOf, entryOf) => {
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
      if (item.notOurs !== null) {
        item.applied = 'refused';
        item.error = `${item.notOurs}; left alone (even with --force), remove or move it by hand`;
        continue;
      }
      const local = item.localChanges;
      if (local && hasChanges(local) && !opts.force) {
        item.applied = 'skipped-local-changes';
        continue;
      }
      try {
        // The entry as read and approved, not the lockfile as it may be by now.
        await reinstallSkill(
          item.folder,
          item.installedAs,
          skillOf(item) as SourceSkill,
          sourceOf(item) as OpenedSource,
          entryOf(item),
          { force: opts.force, trust: opts.trust },
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
