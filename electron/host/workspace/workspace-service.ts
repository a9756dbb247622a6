/**
 * The one owner of a workspace's `skill-studio.json` (docs/contracts.md, Discovery): it loads
 * the file, saves patches to it, re-reads it when it changes on disk, and tells its listeners
 * each time the settings in force change. The studio host and the skill registry both take
 * the settings from here; nothing else reads or writes the file in the host.
 *
 * - `load()` never throws: what it cannot use becomes defaults plus diagnostics
 *   (workspace-config.ts).
 * - `save()` is a read-modify-write that keeps keys the studio does not know; it throws when
 *   the file on disk cannot be rewritten without losing the user's text.
 * - Watching: the registry's watcher already covers the workspace root (for a `skills/` that
 *   may appear), so it reports the file and calls `load()`; a second watch on the same folder
 *   would only duplicate the events.
 * - Listeners run in order and are awaited, so a `save()` resolves after everyone heard of it.
 *   A listener that fails is logged and does not stop the others.
 */
import type { Diagnostic } from '../../../shared/check/diagnostics';
import type { AgentConfig } from '../../../shared/api/studio-api';
import { createLogger } from '../log';
import type { LoadedWorkspaceConfig, WorkspaceConfigPatch } from './workspace-config';
import {
  defaultWorkspaceConfig,
  workspaceConfigPath,
  type WorkspaceConfig,
} from './workspace-file';

export type WorkspaceChangeListener = (loaded: LoadedWorkspaceConfig) => void | Promise<void>;

const log = createLogger('workspace');

/**
 * The settings reader and its ajv, loaded when a file is first read or written: a one-shot
 * registry given its settings (the CLI's `list`) never loads them.
 */
const reader = () => import('./workspace-config');

/**
 * How long a reload waits before it believes a file that held settings is now empty or
 * broken: longer than an editor takes to write a small file in place, short enough that a
 * real mistake shows its error at once to a person.
 */
const HALF_WRITTEN_SETTLE_MS = 150;

export class WorkspaceService {
  private current: LoadedWorkspaceConfig = { config: defaultWorkspaceConfig(), diagnostics: [] };
  private readonly listeners = new Set<WorkspaceChangeListener>();

  /**
   * `root` is the workspace folder (absolute); null: no workspace, the defaults only.
   * `settleMs`: how long a reload waits on a file caught half-written (HALF_WRITTEN_SETTLE_MS).
   */
  constructor(
    readonly root: string | null,
    private readonly settleMs = HALF_WRITTEN_SETTLE_MS,
  ) {}

  /** Whether the settings in force came from the file (not the defaults), without an error. */
  private get heldSettings(): boolean {
    const { config, diagnostics } = this.current;
    return (
      diagnostics.every((d) => d.severity !== 'error') &&
      JSON.stringify(config) !== JSON.stringify(defaultWorkspaceConfig())
    );
  }

  /** skill-studio.json's path, or null with no workspace. */
  get file(): string | null {
    return this.root === null ? null : workspaceConfigPath(this.root);
  }

  /** The settings in force (the defaults until `load()`). */
  get config(): WorkspaceConfig {
    return this.current.config;
  }

  /** What was wrong with the file when it was last read (line and column each). */
  get diagnostics(): Diagnostic[] {
    return this.current.diagnostics;
  }

  get agents(): AgentConfig[] {
    return this.current.config.agents;
  }

  /**
   * (Re-)reads skill-studio.json and tells the listeners; never throws. A file that held
   * settings and now reads empty or broken is read again after a moment first (an editor
   * saving in place), so the agents and folders in force do not vanish in between.
   */
  async load(): Promise<LoadedWorkspaceConfig> {
    if (this.root === null) return this.current;
    const settleMs = this.heldSettings ? this.settleMs : undefined;
    return this.settle(await (await reader()).loadWorkspaceConfig(this.root, { settleMs }));
  }

  /**
   * Writes `patch` into skill-studio.json (a key set to null is removed; every other key is
   * kept, unknown ones too) and tells the listeners. Throws without a workspace, or when the
   * file on disk is not a JSON object (overwriting it would lose the user's text).
   */
  async save(patch: WorkspaceConfigPatch): Promise<LoadedWorkspaceConfig> {
    if (this.root === null) throw new Error('no workspace is open: there is no settings file');
    return this.settle(await (await reader()).saveWorkspaceConfig(this.root, patch));
  }

  /** Called with the settings after every load and save; returns the unsubscribe. */
  onChange(listener: WorkspaceChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async settle(loaded: LoadedWorkspaceConfig): Promise<LoadedWorkspaceConfig> {
    this.current = loaded;
    for (const listener of [...this.listeners]) {
      try {
        await listener(loaded);
      } catch (err) {
        log.warn('a listener of the workspace settings failed', err);
      }
    }
    return loaded;
  }
}

/** Whether `agent` may use `skill`: null is the studio itself, which may use every skill. */
export function agentAllows(
  agents: readonly AgentConfig[],
  agent: string | null,
  skill: string,
): boolean {
  if (agent === null) return true;
  const a = agents.find((x) => x.id === agent);
  return a !== undefined && a.allowed_skills.includes(skill);
}
