/**
 * The host services behind every transport: the workspace, the skill registry and
 * its watcher, the skill files, bundles, allowlists and the A2E host. It knows
 * nothing of Electron, HTTP or the terminal; adapters call `call()` (through the
 * router) or the few direct methods below.
 */
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import type {
  ParamsOf,
  ResultOf,
  StudioMethod,
  ExportResult,
  ImportResult,
  SkillDetail,
  SkillListing,
  StudioEvent,
  WorkspaceInfo,
} from '../../shared/api/studio-api';
import type { Diagnostic } from '../../shared/skill/diagnostics';
import type { SkillRecord } from '../../shared/skill/model';
import { countBySeverity } from '../../shared/skill/diagnostics';
import { frameworkSkillsDir } from './app-paths';
import { createRouter, StudioError, type Handlers, type RouterResult } from './router';
import { SkillRegistry } from './registry/registry';
import {
  loadWorkspaceConfig,
  saveWorkspaceConfig,
  type WorkspaceConfig,
  type WorkspaceConfigPatch,
} from './workspace/workspace-config';
import {
  createFile,
  createFolder,
  deletePath,
  fileVersion,
  listSkillFiles,
  readFileForEditor,
  readSkillMdForDetail,
  renamePath,
  writeSkillFile,
} from './skill-files';
import { exportBundle } from './bundle/export-bundle';
import { importBundle } from './bundle/import-bundle';
import { writeFileAtomic } from './fs/atomic-write';
import { createSkillFromTemplate, readTemplates } from './skill-templates';
import { A2EHost, type Connection } from './runner/a2e-host';
import { createSkillAgent } from './runner/llm/skill-agent';
import { loadProviderSet, type LoadedProviderSet, type ProviderKeyStore } from './providers';
import { checkLlmOverride } from './providers/llm-override';
import { encodeMessage } from '../../shared/protocol/codec';
import { RecentWorkspaces } from './workspace/recent-workspaces';
import { playgroundHandlers } from './history/handlers';
import { skillAdminHandlers } from './skills-admin/handlers';
import { installHandlers } from './install/handlers';
import { providerHandlers } from './providers/handlers';
import { evalHandlers } from './evals/handlers';
import { defaultTrash, type Trash } from './skills-admin/trash';

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
}

export type A2EConnectionHandle = Pick<Connection, 'receive' | 'close' | 'whenIdle'>;

export class StudioHost {
  private registry!: SkillRegistry;
  private config: WorkspaceConfig = { plugins: [], user_sources: {}, agents: [] };
  private configDiagnostics: Diagnostic[] = [];
  private workspace: string | null = null;
  private readonly listeners = new Set<(e: StudioEvent) => void>();
  private readonly recent: RecentWorkspaces;
  readonly a2e: A2EHost;
  /** The untyped entry, for the IPC and HTTP adapters only (they validate nothing themselves). */
  readonly call: (method: string, params: unknown) => Promise<RouterResult>;

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
    });
    this.call = createRouter(this.handlers());
  }

  /**
   * The typed in-process door (main, the CLI, tests): the same router as every transport,
   * so params are checked at the same boundary, with the result typed by the Studio API.
   * A refusal is thrown as a StudioError carrying the router's code.
   */
  async invoke<M extends StudioMethod>(method: M, params: ParamsOf<M>): Promise<ResultOf<M>> {
    const res = await this.call(method, params);
    if (!res.ok) throw new StudioError(res.error.code, res.error.message);
    return res.result as ResultOf<M>;
  }

  static async create(opts: StudioHostOptions): Promise<StudioHost> {
    const host = new StudioHost(opts);
    let root = opts.workspace;
    if (root === undefined) root = (await host.recent.list())[0] ?? null;
    await host.load(root ?? null);
    return host;
  }

  // ── workspace ──────────────────────────────────────────────────────────────

  private async load(root: string | null): Promise<void> {
    if (root !== null) {
      const st = await fsp.stat(root).catch(() => null);
      if (!st?.isDirectory()) throw new StudioError('not_found', `${root} is not a folder`);
      root = await fsp.realpath(root);
    }
    const previous = this.registry;
    this.workspace = root;
    const loaded = root
      ? await loadWorkspaceConfig(root)
      : { config: this.config, diagnostics: [] };
    this.config = loaded.config;
    this.configDiagnostics = loaded.diagnostics;
    this.registry = new SkillRegistry({
      workspace: root,
      home: this.opts.noUser ? null : this.opts.home,
      frameworkDir:
        this.opts.frameworkDir === undefined ? frameworkSkillsDir() : this.opts.frameworkDir,
      config: this.config,
      roots: this.opts.roots,
      noUser: this.opts.noUser,
    });
    await this.registry.load();
    if (previous) await previous.close();
    if (this.opts.watch) {
      this.registry.on('change', (e) => this.emit({ type: 'skills.changed', ...e }));
      this.registry.on('files', (e) => void this.emitFileVersions(e.dir, e.paths));
      this.registry.on('error', (err) => this.emit({ type: 'watch.error', message: err.message }));
      this.registry.on('config', (loaded) => {
        this.config = loaded.config;
        this.configDiagnostics = loaded.diagnostics;
        void this.info().then((info) => this.emit({ type: 'workspace.changed', info }));
      });
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

  /** The LLM providers in force: the workspace's `providers`, then the user's own file. */
  providerSet(): Promise<LoadedProviderSet> {
    return loadProviderSet(
      this.config.providers,
      process.env,
      this.opts.home,
      this.opts.keyStore ?? null,
    );
  }

  async info(): Promise<WorkspaceInfo> {
    return {
      root: this.workspace,
      recent: await this.recent.list(),
      agents: this.config.agents,
      configDiagnostics: this.configDiagnostics,
    };
  }

  // ── skills ─────────────────────────────────────────────────────────────────

  skills(): SkillRecord[] {
    return this.registry.list();
  }

  allSkills(): SkillRecord[] {
    return this.registry.all();
  }

  conflicts(): string[] {
    return this.registry.conflicts();
  }

  listing(): SkillListing {
    return {
      skills: this.registry.all().map((r) => ({ ...r.summary, diagnostics: r.diagnostics })),
      conflicts: this.registry.conflicts(),
    };
  }

  /** A skill by name (the winner) or by the absolute folder of any listed skill. */
  resolveSkill(ref: string): SkillRecord {
    const byName = this.registry.get(ref);
    if (byName) return byName;
    const byPath = this.registry.all().find((r) => r.dir === ref);
    if (byPath) return byPath;
    throw new StudioError('not_found', `no skill named '${ref}'`);
  }

  /**
   * The skill a Studio API call names: by folder (what the UI sends), or by a name only
   * one skill answers to. A name two skills of one priority share is refused, never
   * guessed: the first match once received the other skill's save.
   */
  skillAt(ref: string): SkillRecord {
    if (path.isAbsolute(ref)) {
      const rec = this.registry.getByPath(ref);
      if (rec) return rec;
      throw new StudioError('not_found', `no listed skill in ${ref}`);
    }
    const rec = this.registry.get(ref);
    if (!rec) throw new StudioError('not_found', `no skill named '${ref}'`);
    if (rec.summary.conflict) {
      throw new StudioError(
        'invalid_params',
        `two skills are named '${ref}' (SKILL_NAME_CONFLICT): name the skill by its folder`,
      );
    }
    return rec;
  }

  /** The skill, refused when it is read-only (the registry's `writable`, see registry/access.ts). */
  private writableSkill(ref: string): SkillRecord {
    const rec = this.skillAt(ref);
    if (!rec.summary.writable) {
      throw new StudioError(
        'read_only',
        `'${rec.summary.name}' is read-only: ${rec.summary.readOnlyReason ?? 'the studio may not change it'}`,
      );
    }
    return rec;
  }

  async detail(ref: string): Promise<SkillDetail> {
    const rec = this.resolveSkill(ref);
    const files = await listSkillFiles(rec.dir, { includeDirs: true });
    let skillMd = '';
    let version = '';
    if (rec.skillMdPath) {
      // Through the hardened reader: a SKILL.md linked outside the skill is never served.
      ({ text: skillMd, version } = await readSkillMdForDetail(
        rec.dir,
        path.basename(rec.skillMdPath),
      ));
    }
    return { summary: { ...rec.summary, diagnostics: rec.diagnostics }, files, skillMd, version };
  }

  // ── bundles ────────────────────────────────────────────────────────────────

  async exportSkill(
    ref: string,
    format: 'skill' | 'zip',
    opts: { force?: boolean; outPath?: string | null },
  ): Promise<ExportResult> {
    const rec = this.resolveSkill(ref);
    const name = rec.summary.name;
    const fileName = `${name}.${format}`;
    const { errors } = countBySeverity(rec.diagnostics);
    if (errors > 0 && !opts.force) {
      return {
        path: null,
        base64: null,
        fileName,
        bytes: 0,
        entries: [],
        diagnostics: rec.diagnostics,
        refused: true,
      };
    }
    const { buffer, entries } = await exportBundle(rec.dir, { name, format });
    if (opts.outPath) {
      await writeFileAtomic(opts.outPath, buffer);
      return {
        path: opts.outPath,
        base64: null,
        fileName,
        bytes: buffer.length,
        entries,
        diagnostics: rec.diagnostics,
        refused: false,
      };
    }
    return {
      path: null,
      base64: buffer.toString('base64'),
      fileName,
      bytes: buffer.length,
      entries,
      diagnostics: rec.diagnostics,
      refused: false,
    };
  }

  private importDir(): string {
    if (!this.workspace)
      throw new StudioError(
        'precondition',
        'open a workspace first: skills are created in its skills/ folder',
      );
    return path.join(this.workspace, 'skills');
  }

  async importSkill(buffer: Buffer): Promise<ImportResult> {
    const into = this.importDir();
    await fsp.mkdir(into, { recursive: true });
    const res = await importBundle(buffer, into);
    await this.registry.reload();
    return res;
  }

  // ── allowlists ─────────────────────────────────────────────────────────────

  agentExists(id: string): boolean {
    return this.config.agents.some((a) => a.id === id);
  }

  agentAllows(agent: string | null, skill: string): boolean {
    if (agent === null) return true;
    const a = this.config.agents.find((x) => x.id === agent);
    return a !== undefined && a.allowed_skills.includes(skill);
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

  // ── events ─────────────────────────────────────────────────────────────────

  onEvent(listener: (e: StudioEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(e: StudioEvent): void {
    for (const l of this.listeners) {
      try {
        l(e);
      } catch {
        // a broken listener must not stop the others
      }
    }
  }

  async close(): Promise<void> {
    await this.registry?.close();
  }

  /** Writes skill-studio.json (read-modify-write) and tells the UI the workspace changed. */
  private async saveConfig(root: string, patch: WorkspaceConfigPatch): Promise<WorkspaceInfo> {
    const loaded = await saveWorkspaceConfig(root, patch);
    this.config = loaded.config;
    this.configDiagnostics = loaded.diagnostics;
    const info = await this.info();
    this.emit({ type: 'workspace.changed', info });
    return info;
  }

  // ── the Studio API ─────────────────────────────────────────────────────────

  private handlers(): Handlers {
    return {
      // The playground: argument checks, call history, saved cases (electron/host/history).
      ...playgroundHandlers({
        workspace: () => this.workspace,
        resolveSkill: (ref) => this.skillAt(ref),
        writableSkill: (ref) => this.writableSkill(ref),
        refresh: (dir) => this.registry.refresh(dir),
        agentExists: (id) => this.agentExists(id),
        a2e: this.a2e,
      }),
      // Delete, rename, duplicate; bundle preview and import (electron/host/skills-admin).
      ...skillAdminHandlers({
        importDir: () => this.importDir(),
        skillAt: (ref) => this.skillAt(ref),
        writableSkill: (ref) => this.writableSkill(ref),
        trash: this.opts.trash === undefined ? defaultTrash() : this.opts.trash,
        reload: () => this.registry.reload(),
        emit: (e) => this.emit(e),
      }),
      // "Install to…" an agent client's skills folder (electron/host/install).
      ...installHandlers({
        skillAt: (ref) => this.skillAt(ref),
        roots: () => ({ home: this.opts.home, workspace: this.workspace }),
        reload: () => this.registry.reload(),
      }),
      // LLM providers: list, add/edit/remove in skill-studio.json, test (electron/host/providers).
      ...providerHandlers({
        workspace: () => this.workspace,
        workspaceProviders: () => this.config.providers,
        providerSet: () => this.providerSet(),
        saveConfig: async (patch) => {
          if (this.workspace) await this.saveConfig(this.workspace, patch);
        },
        env: () => process.env,
        keyStore: this.opts.keyStore ?? null,
      }),
      // Evals: cases, benchmark and trigger runs, results on disk (electron/host/evals).
      ...evalHandlers({
        workspace: () => this.workspace,
        skillAt: (ref) => this.skillAt(ref),
        writableSkill: (ref) => this.writableSkill(ref),
        refresh: (dir) => this.registry.refresh(dir),
        listing: () => this.listing(),
        agents: () => this.config.agents,
        providerSet: () => this.providerSet(),
        runScript: (ctx) => this.a2e.scriptExecutor.run(ctx),
        emit: (e) => this.emit(e),
      }),
      'workspace.info': () => this.info(),
      'workspace.open': async ({ root }) => {
        await this.load(path.resolve(root));
        const info = await this.info();
        this.emit({ type: 'workspace.changed', info });
        this.emit({ type: 'skills.changed', added: [], changed: [], removed: [] });
        return info;
      },
      'skills.list': async () => this.listing(),
      'skills.get': ({ skill }) => this.detail(this.skillAt(skill).dir),
      'skills.templates': () => readTemplates(),
      'skills.new': async ({ name, template, skillMd }) => {
        const dir = await createSkillFromTemplate({
          name,
          template,
          skillMd,
          intoDir: this.importDir(),
        });
        await this.registry.reload();
        return this.detail(dir);
      },
      'files.read': ({ skill, path: rel }) => readFileForEditor(this.skillAt(skill).dir, rel),
      'files.write': async ({ skill, path: rel, text, expectedVersion }) => {
        const rec = this.writableSkill(skill);
        const res = await writeSkillFile(rec.dir, rel, text, { expectedVersion });
        // Re-read now, after our own write, rather than wait for the watcher.
        await this.registry.refresh(rec.dir);
        return res;
      },
      'files.createFile': async ({ skill, path: rel, text, base64 }) => {
        const rec = this.writableSkill(skill);
        const data = base64 !== undefined ? Buffer.from(base64, 'base64') : (text ?? '');
        const res = await createFile(rec.dir, rel, data);
        await this.registry.refresh(rec.dir);
        return res;
      },
      'files.createFolder': async ({ skill, path: rel }) => {
        const rec = this.writableSkill(skill);
        await createFolder(rec.dir, rel);
        await this.registry.refresh(rec.dir);
        return { ok: true as const };
      },
      'files.rename': async ({ skill, from, to }) => {
        const rec = this.writableSkill(skill);
        await renamePath(rec.dir, from, to);
        await this.registry.refresh(rec.dir);
        return { ok: true as const };
      },
      'files.delete': async ({ skill, path: rel }) => {
        const rec = this.writableSkill(skill);
        await deletePath(rec.dir, rel);
        await this.registry.refresh(rec.dir);
        return { ok: true as const };
      },
      // Only the user chooses where a file is written: no request names a path here. The
      // desktop app writes these bytes where its own save dialog said (main/save-grants.ts).
      'bundles.export': async ({ skill, format, force, outPath }) => {
        if (outPath)
          throw new StudioError(
            'forbidden_path',
            'a bundle is returned as bytes, never written to a path a request names',
          );
        return this.exportSkill(this.skillAt(skill).dir, format, { force });
      },
      'agents.save': async ({ agents }) => {
        if (!this.workspace)
          throw new StudioError(
            'precondition',
            'open a workspace first: agents live in its skill-studio.json',
          );
        return this.saveConfig(this.workspace, { agents });
      },
    };
  }
}
