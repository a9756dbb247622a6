/**
 * The skill registry: every skill of every source, which one wins a name, and
 * what changed since the last look (DESIGN §3).
 *
 * Names: a higher source wins (the loser stays listed in `all()` with
 * `summary.shadowed_by` = the winner's folder); two skills of one name in the same
 * priority both get SKILL_NAME_CONFLICT and both stay listed: never a silent drop.
 * Names are compared after NFKC, as the name rules do. One real folder reached
 * twice (a symlinked skill, or `~/.claude/skills` linked to `~/.agents/skills`) is
 * one skill, kept where it is first seen.
 *
 * Watching (`watch()`): file events are hints. Each is mapped to its skill folder
 * (the first path segment under a source folder), marked dirty, and after ~100 ms
 * of quiet only the dirty folders are re-read; winners are recomputed and the
 * difference is emitted as one `change` event. `changed` means SKILL.md's text or
 * the skill's file listing (or its shadowed/conflict state) really changed, so an
 * editor's save through a temp file and a rename is one `changed`, and a touch is
 * nothing. Names identify skills in events: a folder renamed together with its
 * name is removed + added; one whose SKILL.md keeps its name is `changed`.
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../../../shared/skill/diagnostics';
import type { SkillRecord } from '../../../shared/skill/model';
import { normalizeName } from '../../../shared/skill/name-rules';
import { nameConflictDiagnostic } from '../../../shared/skill/validate';
import { isListIgnored } from '../bundle/ignore';
import { isInsideOrEqual } from '../fs/safe-path';
import {
  defaultWorkspaceConfig,
  loadWorkspaceConfig,
  workspaceConfigPath,
  WORKSPACE_CONFIG_FILE,
  type LoadedWorkspaceConfig,
  type WorkspaceConfig,
} from '../workspace/workspace-config';
import {
  scanFolder,
  scanFolders,
  scanSkillFolder,
  type FolderScan,
  type ScannedSkill,
  type ScanOptions,
  type ValidationProfile,
} from './scan';
import { resolveSources, type ResolveSourcesOptions, type SourceFolder } from './sources';
import { TypedEmitter } from './typed-emitter';
import { SourceWatcher, type WatchErrorCode, type WatchTarget } from './watch';

export interface RegistryOptions extends Omit<ResolveSourcesOptions, 'config'> {
  /** The workspace settings; when absent they are read from skill-studio.json on load(). */
  config?: WorkspaceConfig;
  profile?: ValidationProfile;
  /** Limits of the scan (sizes, counts, concurrency). */
  scan?: Omit<ScanOptions, 'profile'>;
  /** Quiet time after the last file event before re-reading. */
  debounceMs?: number;
}

/** Skill names; each name appears in at most one list. */
export interface RegistryChange {
  added: string[];
  changed: string[];
  removed: string[];
}

export interface RegistryError {
  /** WATCH_LIMIT: the inotify limit was hit and watching stopped (the message names the fix). */
  code: WatchErrorCode | 'RELOAD_FAILED';
  message: string;
}

export type RegistryEvents = {
  change: (e: RegistryChange) => void;
  error: (e: RegistryError) => void;
  /** skill-studio.json changed on disk and was re-read (sources were reloaded if they changed). */
  config: (e: LoadedWorkspaceConfig) => void;
};

export interface SourceFolderState {
  folder: SourceFolder;
  exists: boolean;
  /** The folder itself holds SKILL.md and is read as one skill. */
  singleSkill: boolean;
}

interface FolderState {
  folder: SourceFolder;
  index: number;
  exists: boolean;
  singleSkill: boolean;
  /** Keyed by the skill folder (absolute, as found). */
  skills: Map<string, ScannedSkill>;
  folderProblems: Diagnostic[];
  /** Skill folders that could not be listed, keyed like `skills`. */
  skillProblems: Map<string, Diagnostic>;
}

interface View {
  /** Every kept skill (realpath duplicates dropped), in priority, folder, then folder-name order. */
  all: SkillRecord[];
  /** NFKC name → its skills, the winner first. */
  byKey: Map<string, SkillRecord[]>;
  byPath: Map<string, SkillRecord>;
  conflicts: string[];
  /** NFKC name → display name and a signature of everything the name's skills show. */
  signature: Map<string, { name: string; sig: string }>;
}

const EMPTY_VIEW: View = {
  all: [],
  byKey: new Map(),
  byPath: new Map(),
  conflicts: [],
  signature: new Map(),
};
const DEFAULT_DEBOUNCE_MS = 100;
/** Under a steady stream of events, re-read at least this often. */
const MAX_DEBOUNCE_WAIT_MS = 1000;
/** How often a rebuilt watch may trigger another re-read in a row (folders appearing meanwhile). */
const MAX_CATCH_UP_ROUNDS = 3;

const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export class SkillRegistry extends TypedEmitter<RegistryEvents> {
  private readonly opts: RegistryOptions;
  private currentConfig: WorkspaceConfig;
  private currentConfigDiagnostics: Diagnostic[] = [];
  private folders: SourceFolder[] = [];
  private states: FolderState[] = [];
  private view: View = EMPTY_VIEW;
  private loaded = false;
  private closed = false;
  /** Every reload and re-read runs here, one after the other. */
  private queue: Promise<void> = Promise.resolve();
  private watcher: SourceWatcher | null = null;
  private pending = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private firstPendingAt = 0;

  constructor(opts: RegistryOptions) {
    super();
    this.opts = { ...opts };
    this.currentConfig = opts.config ?? defaultWorkspaceConfig();
  }

  // ── reading ────────────────────────────────────────────────────────────────

  /** Scans every source. Called again, it rescans and emits what changed. */
  load(): Promise<void> {
    return this.enqueue(async () => {
      if (!this.loaded && !this.opts.config && this.opts.workspace) {
        const loaded = await loadWorkspaceConfig(this.opts.workspace);
        this.currentConfig = loaded.config;
        this.currentConfigDiagnostics = loaded.diagnostics;
      }
      await this.rescanAll();
    });
  }

  /** Rescans every source now (after writes the caller made itself) and emits what changed. */
  reload(): Promise<void> {
    return this.load();
  }

  /**
   * Re-reads one skill folder now (or a whole source folder, when `dir` is one), without
   * waiting for the watcher, and emits what changed.
   */
  refresh(dir: string): Promise<void> {
    return this.enqueue(() => this.processPaths(new Set([path.resolve(dir)])));
  }

  // ── queries ────────────────────────────────────────────────────────────────

  /** The winners, one per name, plus every skill in a same-priority conflict. */
  list(): SkillRecord[] {
    return this.view.all.filter((r) => r.summary.shadowed_by === null);
  }

  /** Every skill, shadowed ones included (with `summary.shadowed_by` set). */
  all(): SkillRecord[] {
    return this.view.all.slice();
  }

  /**
   * The skill that answers to `name`. When the name is in conflict this is the first one
   * found (source folder order, then folder name) and its `summary.conflict` is true: callers
   * that must not guess (running a skill) check that flag.
   */
  get(name: string): SkillRecord | undefined {
    return this.view.byKey.get(normalizeName(name))?.[0];
  }

  /** Every skill with this name, the winner first (conflicting, then shadowed ones). */
  getAll(name: string): SkillRecord[] {
    return (this.view.byKey.get(normalizeName(name)) ?? []).slice();
  }

  /** The skill whose folder is `dir` (as found, or its real path), shadowed ones included. */
  getByPath(dir: string): SkillRecord | undefined {
    return this.view.byPath.get(path.resolve(dir));
  }

  /** Names shared by two or more skills of one priority, sorted. */
  conflicts(): string[] {
    return this.view.conflicts.slice();
  }

  /** The scanned folders in priority order, and which exist. */
  sources(): SourceFolderState[] {
    return this.states.map((s) => ({
      folder: s.folder,
      exists: s.exists,
      singleSkill: s.singleSkill,
    }));
  }

  /** Problems with source folders themselves (unreadable, too many entries); `file` names each. */
  problems(): Diagnostic[] {
    return this.states.flatMap((s) => [...s.folderProblems, ...s.skillProblems.values()]);
  }

  /** The workspace settings in use (re-read when skill-studio.json changes while watching). */
  config(): WorkspaceConfig {
    return this.currentConfig;
  }

  configDiagnostics(): Diagnostic[] {
    return this.currentConfigDiagnostics.slice();
  }

  // ── watching ───────────────────────────────────────────────────────────────

  /**
   * Starts watching the sources (and skill-studio.json). Resolves once the subscriptions
   * are in place. Watch failures are `error` events; the registry keeps working without.
   */
  async watch(): Promise<void> {
    if (this.watcher || this.closed) return;
    this.watcher = new SourceWatcher(
      (paths) => this.onPaths(paths),
      (err) => this.emit('error', { code: err.code, message: err.message }),
    );
    // No catch-up read here: the caller has just loaded, and a second full scan at start is too dear.
    await this.enqueue(async () => {
      await this.updateWatchTargets();
    });
  }

  /** Stops watching and drops pending work. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
    const watcher = this.watcher;
    this.watcher = null;
    await watcher?.close();
    await this.queue;
  }

  private onPaths(paths: string[]): void {
    if (this.closed) return;
    if (this.pending.size === 0) this.firstPendingAt = Date.now();
    for (const p of paths) this.pending.add(p);
    if (this.timer) clearTimeout(this.timer);
    const debounce = this.opts.debounceMs ?? DEFAULT_DEBOUNCE_MS;
    const waited = Date.now() - this.firstPendingAt;
    const delay = Math.max(0, Math.min(debounce, MAX_DEBOUNCE_WAIT_MS - waited));
    this.timer = setTimeout(() => {
      this.timer = null;
      const batch = this.pending;
      this.pending = new Set();
      void this.enqueue(() => this.processPaths(batch));
    }, delay);
  }

  // ── internals ──────────────────────────────────────────────────────────────

  private enqueue(job: () => Promise<void>): Promise<void> {
    const run = this.queue.then(async () => {
      if (this.closed && this.loaded) return;
      await job();
    });
    // A failed job must not block the ones after it; the caller still sees the failure.
    this.queue = run.catch((err: unknown) => {
      this.emit('error', {
        code: 'RELOAD_FAILED',
        message: `Reading skills failed: ${(err as Error).message}`,
      });
    });
    return run;
  }

  private scanOptions(): ScanOptions {
    return { ...this.opts.scan, profile: this.opts.profile ?? 'studio' };
  }

  private resolveFolders(): SourceFolder[] {
    return resolveSources({ ...this.opts, config: this.currentConfig });
  }

  private async rescanAll(): Promise<void> {
    this.folders = this.resolveFolders();
    const scans = await scanFolders(this.folders, this.scanOptions());
    this.states = scans.map(toState);
    this.publish();
    if (this.watcher) await this.processPaths(catchUpPaths(await this.updateWatchTargets()), 1);
  }

  /**
   * Re-reads what the paths touch: skill folders, whole source folders, or the settings.
   * When a source folder appears or goes, the watch is rebuilt, and what the new
   * subscriptions cover is read once more: changes made while no subscription was in
   * place (a `mkdir -p .claude/skills/x` races the watcher) are caught that way. `round`
   * bounds that loop.
   */
  private async processPaths(paths: Set<string>, round = 0): Promise<void> {
    if (this.opts.workspace && paths.has(workspaceConfigPath(this.opts.workspace))) {
      const sourcesChanged = await this.reloadConfig();
      if (sourcesChanged) return this.rescanAll();
    }
    const dirtyFolders = new Set<number>();
    const dirtySkills = new Map<string, number>();
    for (const p of paths) {
      for (const s of this.states) {
        const dir = s.folder.dir;
        if (p === dir || isInsideOrEqual(p, dir)) {
          // The source folder itself, or a folder above it, appeared or went away.
          dirtyFolders.add(s.index);
          continue;
        }
        if (!isInsideOrEqual(dir, p)) continue;
        const rel = path.relative(dir, p);
        const first = rel.split(path.sep)[0];
        // In a one-skill source, or SKILL.md appearing right in the source: read it whole again.
        if (s.singleSkill || (first === rel && first.toLowerCase() === 'skill.md')) {
          dirtyFolders.add(s.index);
          continue;
        }
        if (isListIgnored(first)) continue;
        dirtySkills.set(path.join(dir, first), s.index);
      }
    }
    if (dirtyFolders.size === 0 && dirtySkills.size === 0) return;

    const existedBefore = this.states.map((s) => `${s.exists}:${s.singleSkill}`).join();
    const linkedBefore = linkedSkillKey(this.states);
    const opts = this.scanOptions();
    await Promise.all(
      [...dirtyFolders].map(async (index) => {
        this.states[index] = toState(await scanFolder(this.folders[index], index, opts));
      }),
    );
    await Promise.all(
      [...dirtySkills]
        .filter(([, index]) => !dirtyFolders.has(index))
        .map(async ([dir, index]) => {
          const state = this.states[index];
          const found = await scanSkillFolder(state.folder, index, dir, opts);
          state.skills.delete(dir);
          state.skillProblems.delete(dir);
          if (found && 'record' in found) state.skills.set(dir, found);
          else if (found) state.skillProblems.set(dir, found);
        }),
    );
    this.publish();
    const existedAfter = this.states.map((s) => `${s.exists}:${s.singleSkill}`).join();
    if (
      this.watcher &&
      (existedAfter !== existedBefore || linkedSkillKey(this.states) !== linkedBefore)
    ) {
      const fresh = await this.updateWatchTargets();
      if (round < MAX_CATCH_UP_ROUNDS) await this.processPaths(catchUpPaths(fresh), round + 1);
    }
  }

  /** Re-reads skill-studio.json; true when the source folders changed with it. */
  private async reloadConfig(): Promise<boolean> {
    const workspace = this.opts.workspace;
    if (!workspace) return false;
    const loaded = await loadWorkspaceConfig(workspace);
    this.currentConfig = loaded.config;
    this.currentConfigDiagnostics = loaded.diagnostics;
    const before = JSON.stringify(this.folders);
    const after = JSON.stringify(this.resolveFolders());
    this.emit('config', loaded);
    return before !== after;
  }

  /** Recomputes winners and conflicts and emits the difference (after the first load). */
  private publish(): void {
    const next = computeView(this.states);
    const previous = this.view;
    this.view = next;
    if (!this.loaded) {
      this.loaded = true;
      return;
    }
    const change = diffViews(previous, next);
    if (change.added.length + change.changed.length + change.removed.length > 0)
      this.emit('change', change);
  }

  /** Brings the subscriptions in line with the sources; returns the ones newly made. */
  private async updateWatchTargets(): Promise<WatchTarget[]> {
    if (!this.watcher) return [];
    const targets = await computeWatchTargets(this.states, this.opts.workspace, this.opts.home);
    return this.watcher.update(targets);
  }
}

/** The paths a new subscription covers (the settings file aside: re-reading it is no catch-up). */
function catchUpPaths(fresh: readonly WatchTarget[]): Set<string> {
  const out = new Set<string>();
  for (const t of fresh) {
    for (const rel of t.include) {
      if (rel === WORKSPACE_CONFIG_FILE) continue;
      out.add(rel === '' ? t.logical : path.join(t.logical, ...rel.split('/')));
    }
  }
  return out;
}

function toState(scan: FolderScan): FolderState {
  const skills = new Map<string, ScannedSkill>();
  for (const s of scan.skills) skills.set(s.record.dir, s);
  return {
    folder: scan.folder,
    index: scan.folderIndex,
    exists: scan.exists,
    singleSkill: scan.singleSkill,
    skills,
    folderProblems: scan.problems,
    skillProblems: new Map(),
  };
}

/** Skills reached through a symlink (their real folder is elsewhere): each needs its own watch. */
function linkedSkills(states: readonly FolderState[]): ScannedSkill[] {
  return states.flatMap((s) => [...s.skills.values()].filter((skill) => skill.linked));
}

function linkedSkillKey(states: readonly FolderState[]): string {
  return linkedSkills(states)
    .map((s) => `${s.record.dir}>${s.realDir}`)
    .join('\n');
}

function computeView(states: readonly FolderState[]): View {
  const ordered: ScannedSkill[] = [];
  for (const s of states) {
    const skills = [...s.skills.values()].sort((a, b) =>
      compareStrings(a.record.dir, b.record.dir),
    );
    ordered.push(...skills);
  }
  // One real folder is one skill: the first sighting (highest source) keeps it.
  const seenReal = new Set<string>();
  const groups = new Map<string, ScannedSkill[]>();
  for (const sk of ordered) {
    if (seenReal.has(sk.realDir)) continue;
    seenReal.add(sk.realDir);
    const key = normalizeName(sk.record.summary.name);
    const group = groups.get(key);
    if (group) group.push(sk);
    else groups.set(key, [sk]);
  }

  const derived = new Map<ScannedSkill, SkillRecord>();
  const byKey = new Map<string, SkillRecord[]>();
  const conflicts: string[] = [];
  const signature = new Map<string, { name: string; sig: string }>();
  for (const [key, group] of groups) {
    const top = Math.min(...group.map((g) => g.folder.priority));
    const leaders = group.filter((g) => g.folder.priority === top);
    const winner = leaders[0];
    const inConflict = leaders.length > 1;
    if (inConflict) conflicts.push(winner.record.summary.name);
    const members: SkillRecord[] = [];
    const sig: string[] = [];
    for (const sk of group) {
      const shadowedBy = sk.folder.priority === top ? null : winner.record.dir;
      const conflict = inConflict && sk.folder.priority === top;
      let record = sk.record;
      if (shadowedBy !== null || conflict) {
        const diagnostics = conflict
          ? [
              ...sk.record.diagnostics,
              nameConflictDiagnostic(
                sk.record.summary.name,
                leaders.filter((l) => l !== sk).map((l) => l.record.dir),
                sk.namePosition ?? undefined,
              ),
            ]
          : sk.record.diagnostics;
        record = {
          ...sk.record,
          diagnostics,
          summary: {
            ...sk.record.summary,
            shadowed_by: shadowedBy,
            conflict,
            has_errors: sk.record.summary.has_errors || conflict,
          },
        };
      }
      derived.set(sk, record);
      sig.push(`${sk.record.dir}\0${sk.fingerprint}\0${shadowedBy ?? ''}\0${conflict}`);
    }
    // Winner first, then the other leaders, then shadowed ones: the group is already in that order.
    for (const sk of group) members.push(derived.get(sk) as SkillRecord);
    byKey.set(key, members);
    signature.set(key, { name: winner.record.summary.name, sig: sig.join('\n') });
  }

  const all: SkillRecord[] = [];
  const byPath = new Map<string, SkillRecord>();
  for (const sk of ordered) {
    const record = derived.get(sk);
    if (!record) continue;
    all.push(record);
    byPath.set(path.resolve(record.dir), record);
    if (!byPath.has(sk.realDir)) byPath.set(sk.realDir, record);
  }
  conflicts.sort(compareStrings);
  return { all, byKey, byPath, conflicts, signature };
}

function diffViews(previous: View, next: View): RegistryChange {
  const added: string[] = [];
  const changed: string[] = [];
  const removed: string[] = [];
  for (const [key, now] of next.signature) {
    const before = previous.signature.get(key);
    if (!before) added.push(now.name);
    else if (before.sig !== now.sig || before.name !== now.name) changed.push(now.name);
  }
  for (const [key, before] of previous.signature) {
    if (!next.signature.has(key)) removed.push(before.name);
  }
  return {
    added: added.sort(compareStrings),
    changed: changed.sort(compareStrings),
    removed: removed.sort(compareStrings),
  };
}

/**
 * What to subscribe to. Project folders are watched from the workspace root and user
 * folders from the home folder, each limited to the wanted sub-paths, so a `skills/` that
 * does not exist yet is seen when it appears. Other sources are watched themselves (or
 * from their parent while missing). Folders reached through symlinks get their own watch
 * on the real path, since the watcher does not follow links.
 */
async function computeWatchTargets(
  states: readonly FolderState[],
  workspace: string | null | undefined,
  home: string | null | undefined,
): Promise<WatchTarget[]> {
  const groups = new Map<string, { include: Set<string>; tag: string[] }>();
  const want = (base: string, rel: string, tag: string): void => {
    let g = groups.get(base);
    if (!g) {
      g = { include: new Set(), tag: [] };
      groups.set(base, g);
    }
    g.include.add(rel.split(path.sep).join('/'));
    g.tag.push(tag);
  };
  const ws = workspace ? path.resolve(workspace) : null;
  const hm = home ? path.resolve(home) : null;
  if (ws) want(ws, WORKSPACE_CONFIG_FILE, '');

  for (const s of states) {
    const dir = s.folder.dir;
    const tag = `${dir}:${s.exists}`;
    if (ws && s.folder.source === 'project' && dir !== ws && isInsideOrEqual(ws, dir)) {
      want(ws, path.relative(ws, dir), tag);
    } else if (hm && s.folder.source === 'user' && dir !== hm && isInsideOrEqual(hm, dir)) {
      want(hm, path.relative(hm, dir), tag);
    } else if (s.exists) {
      want(dir, '', tag);
    } else {
      want(path.dirname(dir), path.basename(dir), tag);
    }
  }

  const targets: WatchTarget[] = [];
  const realOf = async (p: string): Promise<string | null> => realpath(p).catch(() => null);
  for (const [base, g] of groups) {
    const real = await realOf(base);
    if (!real) continue; // nothing to watch until an ancestor exists; a reload picks it up
    const include = g.include.has('') ? [''] : [...g.include].sort();
    targets.push({ dir: real, logical: base, include, tag: g.tag.sort().join('|') });
    // A wanted folder that is a symlink is not entered by the base watch: watch its target.
    for (const rel of include) {
      if (rel === '' || rel === WORKSPACE_CONFIG_FILE) continue;
      const logical = path.join(base, rel);
      const target = await realOf(logical);
      if (target && target !== path.join(real, rel))
        targets.push({ dir: target, logical, include: [''] });
    }
  }
  for (const skill of linkedSkills(states)) {
    targets.push({ dir: skill.realDir, logical: skill.record.dir, include: [''] });
  }
  return targets;
}
