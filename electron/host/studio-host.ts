/**
 * The host behind every transport, as wiring: it opens and closes a workspace (its
 * WorkspaceService, a skill registry and its watcher), carries the event bus, and builds the
 * Studio API's handler table from each domain's module (workspace/, skills/, files/, bundle/,
 * history/, skills-admin/, install/, providers/, evals/), each over a narrow context. It knows
 * nothing of Electron, HTTP or the terminal; adapters call `call()` (through the router),
 * `invoke()`, or the few direct methods below, which delegate to the same modules.
 */
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import type {
  CallerKind,
  ParamsOf,
  ResultOf,
  StudioMethod,
  SkillListing,
  StudioEvent,
  WorkspaceInfo,
} from '../../shared/api/studio-api';
import type { SkillRecord } from '../../shared/skill/model';
import type { SkillCallRequest, SkillCallResponse, SkillEvent } from '../../shared/protocol/a2e';
import { frameworkSkillsDir } from './app-paths';
import { createLogger } from './log';
import { createRouter, type Route, type RouterResult } from './router';
import type { Handlers } from './handler-table';
import { StudioError } from '../../shared/errors';
import { lazyHandlerTable } from './lazy-handler-table';
import { METHOD_DOMAINS, type HostDomain, type MethodsOf } from './method-domains';
import { SkillRegistry } from './registry/registry';
import { agentAllows, WorkspaceService } from './workspace/workspace-service';
import { fileVersion } from './skill-files';
import { A2EHost, type Connection } from './runner/a2e-host';
import { createSkillAgent } from './runner/llm/skill-agent';
import { loadProviderSet, type LoadedProviderSet, type ProviderKeyStore } from './providers';
import { checkLlmOverride } from './providers/llm-override';
import { encodeMessage } from '../../shared/protocol/codec';
import { RecentWorkspaces } from './workspace/recent-workspaces';
import { watchUserFiles } from './providers/user-files-watch';
import { userProvidersPath } from './providers/user-providers';
import { approvalsPath } from './providers/provider-approvals';
import { skillLookup } from './skills/skill-lookup';
import { lockTrustFor } from './install/lock-trust';
import { createClientExecutor } from './agent-clients/client-executor';
import type { DefaultApis } from './agent-clients/own-login';
import { findAgentClient } from './agent-clients/discover';
import { defaultTrash, type Trash } from './skills-admin/trash';
import { RemoteHosts } from './remote/remote-hosts';
import { openRemoteBridge } from './remote/remote-bridge';
import { userSettingsPath } from './agent-clients/settings';
import {
  mergeRunnerConfig,
  readRunnerSection,
  type RunnerConfig,
  type RunnerSection,
} from './workspace/runner-config';
import { loadUserRunnerSection } from './runner/sandbox/runner-settings';
import { WORKSPACE_CONFIG_FILE } from './workspace/workspace-file';

export interface StudioHostOptions {
  /** The folder to open; undefined reopens the last one; null opens none. */
  workspace?: string | null;
  /** Home folder for user skill sources; null skips them. */
  home: string | null;
  /** Where the studio keeps its own state (recent workspaces); null keeps none (the CLI). */
  stateDir: string | null;
  /** CLI `--root`: scan these as the project source. */
  roots?: string[];
  noUser?: boolean;
  /** Watch the sources and emit events (the UI); the CLI scans once. */
  watch?: boolean;
  /** The bundled skills; defaults to resources/skills. */
  frameworkDir?: string | null;
  /**
   * Where deleted skills go: undefined uses the host's own (the freedesktop trash where
   * there is one), null none (deleting is then permanent, after the UI says so). The
   * desktop app passes Electron's shell.trashItem on macOS and Windows.
   */
  trash?: Trash | null;
  /** The desktop app's encrypted provider keys (Electron safeStorage); absent elsewhere. */
  keyStore?: ProviderKeyStore | null;
  /** The agent clients' default APIs for a run with their own login (tests: a fake server). */
  agentClientApis?: DefaultApis;
}

export type A2EConnectionHandle = Pick<Connection, 'receive' | 'close' | 'whenIdle'>;

const log = createLogger('host');

/** Each domain's handler table, built (its module loaded) when first asked for. */
type DomainTables = { [D in HostDomain]: () => Promise<Pick<Handlers, MethodsOf<D>>> };

export class StudioHost {
  private registry!: SkillRegistry;
  /** The open workspace's skill-studio.json (a null root until one is open). */
  private settings = new WorkspaceService(null);
  private readonly listeners = new Set<(e: StudioEvent) => void>();
  private readonly recent: RecentWorkspaces;
  /** Which skill a call names, over whichever registry is current. */
  private readonly lookup = skillLookup(() => this.registry);
  /** The A2E host: reached from outside only through openA2E, callSkill and cancelCalls. */
  private readonly a2e: A2EHost;
  /** The user's `runner` settings (settings.json), read when a workspace opens. */
  private userRunner: RunnerSection = { problems: [] };
  private readonly route: Route;

  private constructor(private readonly opts: StudioHostOptions) {
    this.recent = new RecentWorkspaces(opts.stateDir);
    this.a2e = new A2EHost({
      catalog: {
        get: (name) => this.registry.get(name),
        list: () => this.registry.list(),
        byDir: (dir) => this.registry.getByPath(dir),
      },
      agents: {
        agentAllows: (agent, skill) => this.agentAllows(agent, skill),
        agentExists: (id) => this.agentExists(id),
      },
      // Model runs: the providers are read afresh for every call (settings may change).
      llmRunner: createSkillAgent({
        providers: () => this.providerSet(),
        runScript: (ctx) => this.a2e.scriptExecutor.run(ctx),
      }),
      approveLlmOverride: async (override) => checkLlmOverride(override, await this.providerSet()),
      // `metadata.run_in`: the skill runs inside Claude Code, Codex… (electron/host/agent-clients).
      clientRunner: createClientExecutor({
        providers: () => this.providerSet(),
        env: () => process.env,
        home: () => (opts.noUser ? null : opts.home),
        listing: () => this.listing().skills,
        defaultApis: opts.agentClientApis,
      }),
      // Where script skills run: read for every run (the workspace's file may change).
      script: { runner: () => this.runnerConfig() },
    });
    this.route = createRouter(lazyHandlerTable(METHOD_DOMAINS, this.handlerTables()));
  }

  /**
   * The untyped entry, for the IPC and HTTP adapters (they validate nothing themselves),
   * each naming its caller; one that does not is taken for a request over the network,
   * the caller allowed least.
   */
  call(method: string, params: unknown, caller: CallerKind = 'network'): Promise<RouterResult> {
    return this.route(method, params, caller);
  }

  /**
   * The typed in-process door (main, the CLI, tests): the same router as every transport,
   * so params are checked at the same boundary, with the result typed by the Studio API.
   * A refusal is thrown as a StudioError carrying the router's code.
   */
  async invoke<M extends StudioMethod>(method: M, params: ParamsOf<M>): Promise<ResultOf<M>> {
    const res = await this.route(method, params, 'local-process');
    if (!res.ok) throw new StudioError(res.error.code, res.error.message);
    return res.result as ResultOf<M>;
  }

  static async create(opts: StudioHostOptions): Promise<StudioHost> {
    const host = new StudioHost(opts);
    let root = opts.workspace;
    if (root === undefined) root = (await host.recent.list())[0] ?? null;
    await host.load(root ?? null);
    if (opts.watch) host.watchUserProviderFiles();
    return host;
  }

  // ── workspace ──────────────────────────────────────────────────────────────

  private get workspace(): string | null {
    return this.settings.root;
  }

  /** Opens `root` (null: none): its settings, then a registry over its sources (watched if asked). */
  private async load(root: string | null): Promise<void> {
    if (root !== null) {
      const st = await fsp.stat(root).catch(() => null);
      if (!st?.isDirectory()) throw new StudioError('not_found', `${root} is not a folder`);
      root = await fsp.realpath(root);
    }
    const previous = this.registry;
    const settings = new WorkspaceService(root);
    await settings.load();
    this.settings = settings;
    this.userRunner = await loadUserRunnerSection(userSettingsPath(process.env, this.opts.home));
    for (const problem of this.runnerSettings().problems) log.warn(problem);
    // Every later load (the watcher saw the file) and save: the UI re-reads the workspace.
    settings.onChange(async () => {
      if (this.settings === settings)
        this.emit({ type: 'workspace.changed', info: await this.info() });
    });
    this.registry = new SkillRegistry({
      workspace: root,
      home: this.opts.noUser ? null : this.opts.home,
      frameworkDir:
        this.opts.frameworkDir === undefined ? frameworkSkillsDir() : this.opts.frameworkDir,
      settings,
      roots: this.opts.roots,
      noUser: this.opts.noUser,
    });
    await this.registry.load();
    if (previous) await previous.close();
    if (this.opts.watch) {
      this.registry.on('change', (e) => this.emit({ type: 'skills.changed', ...e }));
      this.registry.on('files', (e) => void this.emitFileVersions(e.dir, e.paths));
      this.registry.on('error', (err) => this.emit({ type: 'watch.error', message: err.message }));
      await this.registry.watch();
    }
    if (root) await this.recent.add(root);
  }

  /** One `file.changed` per file the watcher saw change, with its version now (open editors compare). */
  private async emitFileVersions(dir: string, paths: readonly string[]): Promise<void> {
    const skill = this.registry.getByPath(dir)?.summary.name ?? path.basename(dir);
    for (const rel of paths) {
      const st = await fsp.stat(path.join(dir, ...rel.split('/'))).catch(() => null);
      // A folder is no file an editor holds; what changed inside it is reported on its own.
      if (st?.isDirectory()) continue;
      this.emit({
        type: 'file.changed',
        dir,
        skill,
        path: rel,
        version: st ? fileVersion(st) : null,
      });
    }
  }

  /** Where script skills run: the user's settings, then what the workspace may change. */
  private runnerConfig(): RunnerConfig {
    return this.runnerSettings().config;
  }

  private runnerSettings(): { config: RunnerConfig; problems: string[] } {
    const workspace = readRunnerSection(this.settings.config.runner, WORKSPACE_CONFIG_FILE);
    return mergeRunnerConfig(this.userRunner, workspace);
  }

  /** The LLM providers in force: the workspace's `providers`, then the user's own file. */
  private providerSet(): Promise<LoadedProviderSet> {
    return loadProviderSet(
      this.settings.config.providers,
      process.env,
      this.opts.home,
      this.opts.keyStore ?? null,
      this.workspace,
    );
  }

  private async info(): Promise<WorkspaceInfo> {
    return {
      root: this.workspace,
      recent: await this.recent.list(),
      agents: this.settings.agents,
      configDiagnostics: this.settings.diagnostics,
    };
  }

  /** The workspace's `skills/` folder, where new and imported skills go. */
  importDir(): string {
    if (!this.workspace)
      throw new StudioError(
        'precondition',
        'open a workspace first: skills are created in its skills/ folder',
      );
    return path.join(this.workspace, 'skills');
  }

  // ── skills (for the adapters; the Studio API's are in skills/, files/, bundle/) ──

  /** Re-reads the skill sources now, rather than wait for the watcher (a skill was written). */
  reload(): Promise<void> {
    return this.registry.reload();
  }

  private listing(): SkillListing {
    return this.registry.listing();
  }

  /** A skill by name (the winner) or by the absolute folder of any listed skill. */
  resolveSkill(ref: string): SkillRecord {
    return this.lookup.resolveSkill(ref);
  }

  // ── allowlists ─────────────────────────────────────────────────────────────

  private agentExists(id: string): boolean {
    return this.settings.agents.some((a) => a.id === id);
  }

  private agentAllows(agent: string | null, skill: string): boolean {
    return agentAllows(this.settings.agents, agent, skill);
  }

  /**
   * Opens an A2E connection bound to an agent (null: the studio itself). A transport
   * that buffers (WebSocket) passes its backlog so a slow client is cut off, not
   * buffered without limit.
   */
  openA2E(
    agent: string | null,
    send: (frame: string) => void,
    flow?: { bufferedAmount: () => number; onOverflow: () => void },
  ): A2EConnectionHandle {
    return this.a2e.openConnection({ agent, send: (msg) => send(encodeMessage(msg)), ...flow });
  }

  /** The A2E hosts elsewhere the user added (their tokens never leave the host). */
  private remoteHostsStore(): RemoteHosts {
    return RemoteHosts.forUser(
      this.opts.noUser ? null : this.opts.home,
      this.opts.keyStore ?? null,
    );
  }

  /**
   * An A2E connection to the remote host `hostId` (remoteHosts.list), for the playground:
   * this host opens it with the kept token, so the page never sees the token. An agent
   * is the remote host's to bind (its URL's `?agent=`), so none is taken here.
   */
  openRemoteA2E(hostId: string, send: (frame: string) => void): A2EConnectionHandle {
    return openRemoteBridge(() => this.remoteHostsStore().target(hostId), send);
  }

  /**
   * One skill call for an in-process caller (the CLI, MCP): its events to `onEvent` as they
   * come (when `req.streaming`); aborting `signal` cancels it. Never rejects.
   */
  callSkill(
    req: SkillCallRequest,
    agent: string | null,
    onEvent?: (event: SkillEvent) => void,
    signal?: AbortSignal,
  ): Promise<SkillCallResponse> {
    return this.a2e.call(req, agent, onEvent, signal);
  }

  /** Cancels every skill call this host runs, and waits until their processes have stopped. */
  cancelCalls(): Promise<void> {
    return this.a2e.cancelAll();
  }

  // ── events ─────────────────────────────────────────────────────────────────

  onEvent(listener: (e: StudioEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(e: StudioEvent): void {
    for (const l of this.listeners) {
      try {
        l(e);
      } catch (err) {
        // A broken listener must not stop the others.
        log.warn(`a listener of '${e.type}' failed`, err);
      }
    }
  }

  /**
   * An edit of the user's providers file or approvals file reaches a running studio:
   * runs read them afresh anyway; the UI is told to re-read its list.
   */
  private watchUserProviderFiles(): void {
    this.unwatchUserFiles = watchUserFiles(
      [userProvidersPath(process.env, this.opts.home), approvalsPath(process.env, this.opts.home)],
      () => this.emit({ type: 'providers.changed' }),
    );
  }

  private unwatchUserFiles: (() => void) | null = null;

  async close(): Promise<void> {
    this.unwatchUserFiles?.();
    await this.registry?.close();
  }

  // ── the Studio API: each domain's handlers over a narrow context ───────────

  /**
   * Each domain's table, built over its narrow context when one of its methods is first
   * asked for (its module imported then): a CLI run that lists skills never loads the evals.
   */
  private handlerTables(): DomainTables {
    const { resolveSkill, skillAt, writableSkill } = this.lookup;
    const workspace = () => this.workspace;
    const importDir = () => this.importDir();
    const refresh = (dir: string) => this.registry.refresh(dir);
    const reload = () => this.reload();
    const emit = (e: StudioEvent) => this.emit(e);
    return {
      // What is open, opening another folder, the agents' allowlists (electron/host/workspace).
      workspace: async () =>
        (await import('./workspace/handlers')).workspaceHandlers({
          workspace,
          info: () => this.info(),
          open: (root) => this.load(root),
          save: (patch) => this.settings.save(patch),
          emit,
        }),
      // The folder picker of "Open folder" in browser mode (electron/host/workspace).
      folders: async () =>
        (await import('./workspace/folder-browse')).folderHandlers({
          home: () => this.opts.home,
          workspace,
        }),
      // The listing, a skill's detail, templates and new skills (electron/host/skills).
      skills: async () =>
        (await import('./skills/handlers')).skillsHandlers({
          resolveSkill,
          skillAt,
          listing: () => this.listing(),
          winners: () => this.registry.list(),
          agentAllows: (agent, skill) => this.agentAllows(agent, skill),
          importDir,
          reload,
        }),
      // Where script skills run, in the user's settings (electron/host/runner/sandbox).
      runner: async () =>
        (await import('./runner/sandbox/runner-handlers')).runnerHandlers({
          file: () => userSettingsPath(process.env, this.opts.home),
          workspace: () => readRunnerSection(this.settings.config.runner, WORKSPACE_CONFIG_FILE),
          saved: async () => {
            this.userRunner = await loadUserRunnerSection(
              userSettingsPath(process.env, this.opts.home),
            );
          },
        }),
      // A2E hosts elsewhere for the playground (electron/host/remote).
      remoteHosts: async () => ({
        'remoteHosts.list': () => this.remoteHostsStore().info(),
        'remoteHosts.save': ({ host }) => this.remoteHostsStore().save(host),
        'remoteHosts.remove': ({ id }) => this.remoteHostsStore().remove(id),
      }),
      // The files inside a skill (electron/host/files).
      files: async () =>
        (await import('./files/handlers')).filesHandlers({ skillAt, writableSkill, refresh }),
      // Export, preview and import bundles (electron/host/bundle).
      bundles: async () =>
        (await import('./bundle/handlers')).bundlesHandlers({ skillAt, importDir, reload }),
      // The playground: argument checks, call history, saved cases (electron/host/history).
      playground: async () =>
        (await import('./history/handlers')).playgroundHandlers({
          workspace,
          resolveSkill: skillAt,
          writableSkill,
          refresh,
          agentExists: (id) => this.agentExists(id),
          a2e: this.a2e,
        }),
      // Delete, rename, duplicate, the trash (electron/host/skills-admin).
      skillAdmin: async () =>
        (await import('./skills-admin/handlers')).skillAdminHandlers({
          importDir,
          skillAt,
          writableSkill,
          trash: this.opts.trash === undefined ? defaultTrash() : this.opts.trash,
          reload,
          emit,
        }),
      // "Install to…" an agent client's skills folder (electron/host/install).
      install: async () =>
        (await import('./install/handlers')).installHandlers({
          skillAt,
          roots: () => ({ home: this.opts.home, workspace: this.workspace }),
          reload,
          trust: () => lockTrustFor(process.env, this.opts.home),
        }),
      // LLM providers: list, add/edit/remove in skill-studio.json, test (electron/host/providers).
      providers: async () =>
        (await import('./providers/handlers')).providerHandlers({
          workspace,
          workspaceProviders: () => this.settings.config.providers,
          providerSet: () => this.providerSet(),
          saveConfig: async (patch) => {
            if (this.workspace) await this.settings.save(patch);
          },
          env: () => process.env,
          keyStore: this.opts.keyStore ?? null,
        }),
      // Find in files and git HEAD for the editor (electron/host/search).
      search: async () =>
        (await import('./search/handlers')).searchHandlers({
          skillAt,
          skills: () => this.registry.all().map((r) => ({ name: r.summary.name, dir: r.dir })),
        }),
      // JSON-Schema checks for the schema builder, in the worker pool (electron/host/schema).
      schema: async () => (await import('./schema/handlers')).schemaHandlers(),
      // The agent clients installed here: Claude Code, Codex… (electron/host/agent-clients).
      agentClients: async () =>
        (await import('./agent-clients/handlers')).agentClientHandlers({
          env: () => process.env,
          home: () => (this.opts.noUser ? null : this.opts.home),
        }),
      // What each agent client's skill listing shows, cuts or confuses (agent-clients/catalog.ts).
      catalog: async () =>
        (await import('./agent-clients/catalog-handlers')).catalogHandlers({
          roots: () => ({
            home: this.opts.noUser ? null : this.opts.home,
            workspace: this.workspace,
          }),
        }),
      // Evals: cases, benchmark and trigger runs, results on disk (electron/host/evals).
      evals: async () =>
        (await import('./evals/handlers')).evalHandlers({
          workspace,
          skillAt,
          writableSkill,
          refresh,
          listing: () => this.listing(),
          agents: () => this.settings.agents,
          providerSet: () => this.providerSet(),
          runScript: (ctx) => this.a2e.scriptExecutor.run(ctx),
          emit,
          agentClient: (id) =>
            findAgentClient(id, process.env, this.opts.noUser ? null : this.opts.home),
          // `catalog: installed` reads the user's own skills folders for that client.
          home: () => (this.opts.noUser ? null : this.opts.home),
        }),
    };
  }
}
