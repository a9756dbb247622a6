/**
 * The skill registry: every skill of every source, which one wins a name, and
 * what changed since the last look (docs/contracts.md, Discovery).
 *
 * Names: a higher source wins (the loser stays listed in `all()` with
 * `summary.shadowed_by` = the winner's folder); two skills of one name in the same
 * priority both get SKILL_NAME_CONFLICT and both stay listed: never a silent drop.
 * Names are compared after NFKC, as the name rules do. One real folder reached
 * twice (a symlinked skill, or `~/.claude/skills` linked to `~/.agents/skills`) is
 * one skill, kept where it is first seen.
 *
 * Watching (`watch()`): file events are hints. Each is mapped to its skill folder
 * (the first path segment under a source folder) and marked dirty; once events
 * pause, only the dirty folders are re-read, the names they touch are recomputed
 * (skill-index.ts) and the difference is emitted as one `change` event. The
 * watcher already gathers events over 50 ms; with the registry's own 50 ms of
 * quiet a save is re-read about 100 ms after it happens. `changed` means SKILL.md's text or
 * the skill's file listing (or its shadowed/conflict state) really changed, so an
 * editor's save through a temp file and a rename is one `changed`, and a touch is
 * nothing. Names identify skills in `change` events: a folder renamed together with its
 * name is removed + added; one whose SKILL.md keeps its name is `changed`.
 *
 * `files` events name the files themselves, for open editors: every file the watcher
 * reported inside a skill folder (any file, not only SKILL.md), by the skill's folder.
 * They are hints too (a touch is reported): the listener compares versions.
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../../../shared/check/diagnostics';
import type { SkillListing } from '../../../shared/api/studio-api';
import type { SkillRecord } from '../../../shared/skill/model';
import { isListIgnored } from '../fs/ignored-names';
import { isInsideOrEqual, relativeInside } from '../fs/safe-path';
import type { LoadedWorkspaceConfig } from '../workspace/workspace-config';
import {
  defaultWorkspaceConfig,
  workspaceConfigPath,
  WORKSPACE_CONFIG_FILE,
  type WorkspaceConfig,
} from '../workspace/workspace-file';
import { WorkspaceService } from '../workspace/workspace-service';
import {
  nameKey,
  scanFolder,
  scanFolders,
  scanSkillFolder,
  type FolderScan,
  type ScannedSkill,
  type ScanOptions,
  type ValidationProfile,
} from './scan';
import { SkillIndex, type IndexChange } from './skill-index';
import { resolveSources, type ResolveSourcesOptions, type SourceFolder } from './sources';
import { TypedEmitter } from './typed-emitter';
import { SourceWatcher, type WatchErrorCode, type WatchTarget } from './watch';

export interface RegistryOptions extends Omit<ResolveSourcesOptions, 'config'> {
  /** The workspace settings; when absent they are read from skill-studio.json on load(). */
  config?: WorkspaceConfig;
  /**
   * The owner of skill-studio.json, already loaded (the studio host's); the registry reads the
   * file only through it. Absent, the registry makes its own for `workspace`.
   */
  settings?: WorkspaceService;
  profile?: ValidationProfile;
  /** Limits of the scan (sizes, counts, concurrency). */
  scan?: Omit<ScanOptions, 'profile'>;
  /** Quiet time after the last file event before re-reading (the watcher adds its own 50 ms). */
  debounceMs?: number;
}

/** Skill names; each name appears in at most one list (what the index reports). */
export type RegistryChange = IndexChange;

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
  /** Files the watcher saw change inside one skill folder, after the skill was re-read. */
  files: (e: SkillFilesChange) => void;
};

export interface SkillFilesChange {
  /** The skill folder (absolute, as the registry lists it). */
  dir: string;
  /** Posix paths relative to `dir`, sorted; never '' (the folder itself). */
  paths: string[];
}

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

const DEFAULT_DEBOUNCE_MS = 50;
/** Under a steady stream of events, re-read at least this often. */
const MAX_DEBOUNCE_WAIT_MS = 1000;
/** How often a rebuilt watch may trigger another re-read in a row (folders appearing meanwhile). */
const MAX_CATCH_UP_ROUNDS = 3;

export class SkillRegistry extends TypedEmitter<RegistryEvents> {
  private readonly opts: RegistryOptions;
  private readonly settings: WorkspaceService;
  private currentConfig: WorkspaceConfig;
  private currentConfigDiagnostics: Diagnostic[] = [];
  private folders: SourceFolder[] = [];
  private states: FolderState[] = [];
  private index = new SkillIndex();
  private loaded = false;
  private closed = false;
  /** Every reload and re-read runs here, one after the other. */
  private queue: Promise<void> = Promise.resolve();
  private watcher: SourceWatcher | null = null;
  /** Source folder → times it was subscribed afresh after a skill folder appeared in it. */
  private readonly rewatch = new Map<string, number>();
  private pending = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private firstPendingAt = 0;

  constructor(opts: RegistryOptions) {
    super();
    this.opts = { ...opts };
    this.settings = opts.settings ?? new WorkspaceService(opts.workspace ?? null);
    this.currentConfig = opts.config ?? opts.settings?.config ?? defaultWorkspaceConfig();
    this.currentConfigDiagnostics = opts.settings?.diagnostics.slice() ?? [];
  }

  // ── reading ────────────────────────────────────────────────────────────────

  /** Scans every source. Called again, it rescans and emits what changed. */
  load(): Promise<void> {
    return this.enqueue(async () => {
      if (!this.loaded && !this.opts.config && !this.opts.settings && this.opts.workspace) {
        const loaded = await this.settings.load();
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
    return this.index.all().filter((r) => r.summary.shadowed_by === null);
  }

  /** Every skill, shadowed ones included (with `summary.shadowed_by` set). */
  all(): SkillRecord[] {
    return this.index.all();
  }

  /**
   * The skill that answers to `name`. When the name is in conflict this is the first one
   * found (source folder order, then folder name) and its `summary.conflict` is true: callers
   * that must not guess (running a skill) check that flag.
   */
  get(name: string): SkillRecord | undefined {
    return this.index.members(nameKey(name))[0];
  }

  /** Every skill with this name, the winner first (conflicting, then shadowed ones). */
  getAll(name: string): SkillRecord[] {
    return this.index.members(nameKey(name));
  }

  /** The skill whose folder is `dir` (as found, or its real path), shadowed ones included. */
  getByPath(dir: string): SkillRecord | undefined {
    return this.index.byFolder(path.resolve(dir));
  }

  /** Names shared by two or more skills of one priority, sorted. */
  conflicts(): string[] {
    return this.index.conflicts();
  }

  /** The Studio API's listing (`skills.list`): every skill with its problems, and the conflicts. */
  listing(): SkillListing {
    return {
      skills: this.all().map((r) => ({ ...r.summary, diagnostics: r.diagnostics })),
      conflicts: this.conflicts(),
    };
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
    const removed = this.states.flatMap((s) => [...s.skills.values()]);
    this.states = scans.map(toState);
    this.publish(
      removed,
      this.states.flatMap((s) => [...s.skills.values()]),
    );
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
    const touched = new Map<string, Set<string>>();
    const touch = (skillDir: string, p: string): void => {
      const inside = relativeInside(skillDir, p);
      if (!inside) return;
      const rel = inside.split(path.sep).join('/');
      const files = touched.get(skillDir);
      if (files) files.add(rel);
      else touched.set(skillDir, new Set([rel]));
    };
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
          touch(dir, p);
          continue;
        }
        if (isListIgnored(first)) continue;
        dirtySkills.set(path.join(dir, first), s.index);
        touch(path.join(dir, first), p);
      }
    }
    if (dirtyFolders.size === 0 && dirtySkills.size === 0) return;

    const existedBefore = this.states.map((s) => `${s.exists}:${s.singleSkill}`).join();
    const removed: ScannedSkill[] = [];
    const added: ScannedSkill[] = [];
    const opts = this.scanOptions();
    await Promise.all(
      [...dirtyFolders].map(async (index) => {
        const next = toState(await scanFolder(this.folders[index], index, opts));
        removed.push(...this.states[index].skills.values());
        added.push(...next.skills.values());
        this.states[index] = next;
      }),
    );
    await Promise.all(
      [...dirtySkills]
        .filter(([, index]) => !dirtyFolders.has(index))
        .map(async ([dir, index]) => {
          const state = this.states[index];
          const found = await scanSkillFolder(state.folder, index, dir, opts);
          const old = state.skills.get(dir);
          if (old) removed.push(old);
          state.skills.delete(dir);
          state.skillProblems.delete(dir);
          if (found && 'record' in found) {
            state.skills.set(dir, found);
            added.push(found);
          } else if (found) {
            state.skillProblems.set(dir, found);
          }
        }),
    );
    this.publish(removed, added);
    for (const [dir, files] of touched) this.emit('files', { dir, paths: [...files].sort() });
    const existedAfter = this.states.map((s) => `${s.exists}:${s.singleSkill}`).join();
    // Symlinked skills are watched at their real folder: only when one came, went or
    // points elsewhere do the targets change (a save inside one changes nothing).
    const linkKeys = (skills: typeof added): string =>
      skills
        .filter((sk) => sk.linked)
        .map((sk) => `${sk.record.dir}>${sk.realDir}`)
        .sort()
        .join('\n');
    const linkedChanged = linkKeys(removed) !== linkKeys(added);
    // A skill folder that appeared with sub-folders already inside (`cp -r`, `mkdir -p
    // x/scripts`, an import) races inotify: the watch on the new folder is added after its
    // sub-folders exist, so they get none and a later edit of `scripts/run.mjs` would never
    // be seen. Such a source is subscribed afresh (a re-crawl), then the new skills re-read.
    const before = new Set(removed.map((sk) => sk.record.dir));
    const appeared = added.filter((sk) => !before.has(sk.record.dir));
    for (const sk of appeared) {
      const source = this.states[sk.folderIndex]?.folder.dir;
      if (source) this.rewatch.set(source, (this.rewatch.get(source) ?? 0) + 1);
    }
    if (this.watcher && (existedAfter !== existedBefore || linkedChanged || appeared.length > 0)) {
      const fresh = await this.updateWatchTargets();
      if (round < MAX_CATCH_UP_ROUNDS) {
        // What the new subscriptions cover is read again: the old one is dropped first (the
        // watcher shares one native watch per folder, so only that makes it crawl afresh),
        // and an edit in between must not be lost.
        const again = catchUpPaths(fresh);
        for (const sk of appeared) again.add(sk.record.dir);
        await this.processPaths(again, round + 1);
      }
    }
  }

  /** Re-reads skill-studio.json; true when the source folders changed with it. */
  private async reloadConfig(): Promise<boolean> {
    const workspace = this.opts.workspace;
    if (!workspace) return false;
    const loaded = await this.settings.load();
    this.currentConfig = loaded.config;
    this.currentConfigDiagnostics = loaded.diagnostics;
    const before = JSON.stringify(this.folders);
    const after = JSON.stringify(this.resolveFolders());
    this.emit('config', loaded);
    return before !== after;
  }

  /** Updates winners and conflicts and emits the difference (after the first load). */
  private publish(removed: ScannedSkill[], added: ScannedSkill[]): void {
    const change = this.index.apply(removed, added);
    if (!this.loaded) {
      this.loaded = true;
      return;
    }
    if (change.added.length + change.changed.length + change.removed.length > 0) {
      this.emit('change', change);
    }
  }

  /** Brings the subscriptions in line with the sources; returns the ones newly made. */
  private async updateWatchTargets(): Promise<WatchTarget[]> {
    if (!this.watcher) return [];
    const targets = await computeWatchTargets(
      this.states,
      this.opts.workspace,
      this.opts.home,
      this.rewatch,
    );
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
  /** Per source folder, how many times it must be subscribed afresh (see processPaths). */
  rewatch: ReadonlyMap<string, number> = new Map(),
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
    const tag = `${dir}:${s.exists}:${rewatch.get(dir) ?? 0}`;
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
