/**
 * The typed Studio API: everything the UI may ask of the host, and the events it
 * receives. One contract, one router on the host (electron/host/router.ts) that
 * validates every input, and two transports: Electron IPC and HTTP/WebSocket.
 */
import type { Diagnostic } from '../check/diagnostics';
import type { SkillSummary } from '../skill/model';
import type { A2EOutbound, A2ERequest } from '../protocol/a2e';
import type { HistoryEntry, HistoryInput, HistorySummary } from '../playground/history';
import type { CaseFileInfo, CaseRunReport, SavedCase } from '../playground/cases';
import type { ErrorCode } from '../errors';
import type { CommandId } from '../commands';
import type { ArgumentCheckReply } from '../playground/argument-check';
import type {
  BundlePreview,
  DeleteResult,
  ImportConflictChoice,
  ImportResult,
  SkillMoved,
  TrashInfo,
} from './skill-admin';
import type {
  DetectedClient,
  InstallCheck,
  InstallScope,
  InstallSkillParams,
  InstallSkillResult,
} from './install';
import type { ClientId } from '../skill/client-profiles';
import type { ProviderCheckView, ProviderInput, ProvidersInfo } from './providers';
import type { EvalEvent, EvalMethods } from './evals';
import type { SchemaMethods } from './schema';
import type { AgentClientMethods } from './agent-clients';
import type { AgentCatalogMethods } from './agent-catalog';
import type { SearchMethods } from './search';
import type { RemoteHostMethods } from './remote-hosts';
import type { RunnerSettingsMethods } from './runner-settings';
import type { FolderMethods } from './folders';
import type { LocalProcessMethods } from './local-process';
import type { BundleSource } from './bundle-files';

export type * from './skill-admin';
export type * from './install';
export type * from './providers';
export type * from './evals';
export type * from './schema';
export type * from './agent-clients';
export type * from './agent-catalog';
export type * from './search';
export type * from './remote-hosts';
export type * from './local-process';
export type * from './skill-reads';
export type * from './bundle-files';
export type * from './local-tools';

export type TemplateName = 'basic' | 'script' | 'topology';
export type BundleFormat = 'skill' | 'zip';

export interface AgentConfig {
  id: string;
  name: string;
  allowed_skills: string[];
}

export interface WorkspaceInfo {
  /** Absolute folder, or null when no workspace is open (bundled skills only). */
  root: string | null;
  recent: string[];
  agents: AgentConfig[];
  /** Problems with skill-studio.json itself. */
  configDiagnostics: Diagnostic[];
}

export type { SkillListItem } from '../skill/model';
import type { SkillListItem, SkillRecord } from '../skill/model';

/** A skill an agent could be served (`skills.served`). */
export interface ServedSkill {
  record: SkillRecord;
  /** Whether the agent asked about may use it. */
  allowed: boolean;
}

export interface SkillListing {
  skills: SkillListItem[];
  /** Names that two skills of one priority share. */
  conflicts: string[];
}

export interface FileEntry {
  /** Posix path relative to the skill root. */
  path: string;
  bytes: number;
  /** True for folders (listed so empty folders show in the tree). */
  dir?: boolean;
}

export interface SkillDetail {
  summary: SkillListItem;
  files: FileEntry[];
  /** Raw SKILL.md text as on disk. */
  skillMd: string;
  /** Opaque version of SKILL.md on disk (mtime+size); sent back on save to detect conflicts. */
  version: string;
}

export type FileContent =
  | { kind: 'text'; path: string; text: string; bytes: number; version: string }
  | { kind: 'image'; path: string; mime: string; base64: string; bytes: number; version: string }
  | { kind: 'binary'; path: string; bytes: number; version: string }
  | { kind: 'too_large'; path: string; bytes: number; version: string };

export interface WriteResult {
  version: string;
  bytes: number;
}

export interface ExportResult {
  /**
   * Where the bundle was saved: null from the host, which only returns bytes; the desktop
   * app fills it in once it saved them where its own save dialog said.
   */
  path: string | null;
  /** Base64 of the archive (null when refused, or once saved). */
  base64: string | null;
  fileName: string;
  bytes: number;
  entries: string[];
  diagnostics: Diagnostic[];
  refused: boolean;
}

/** One skill of a prompt's skill index (`to-prompt`). */
export interface PromptIndexEntry {
  name: string;
  description: string;
  /** Its SKILL.md, null when it has none. */
  location: string | null;
}

/**
 * Who is calling, as the adapter that carries the call knows it: a process of this machine
 * run by its user (the CLI, the desktop app's main process, MCP), a window of the desktop
 * app (IPC), or a request over the network (the studio server's HTTP and WebSockets).
 * A method that reads or writes a path its caller names is for a local process only.
 */
export type CallerKind = 'local-process' | 'window' | 'network';

/**
 * Every method: name → [params, result]. The router validates params at the boundary.
 *
 * `skill` names a skill by its folder: the absolute `SkillSummary.dir` as listed. Two
 * skills may share a name, never a folder, so the UI always sends the folder. A bare
 * name is accepted too when exactly one skill of the winning source has it (scripts,
 * tests); a name two skills share is refused rather than guessed. The A2E protocol and
 * the call history stay by name: that is what an agent calls.
 */
export interface StudioMethods
  extends
    EvalMethods,
    SchemaMethods,
    AgentClientMethods,
    AgentCatalogMethods,
    SearchMethods,
    RemoteHostMethods,
    RunnerSettingsMethods,
    FolderMethods,
    LocalProcessMethods {
  'workspace.info': [Record<string, never>, WorkspaceInfo];
  'workspace.open': [{ root: string }, WorkspaceInfo];
  'skills.list': [Record<string, never>, SkillListing];
  'skills.get': [{ skill: string }, SkillDetail];
  /**
   * A skill as the command line names it: by name (the winner when sources share it) or by
   * the absolute folder of any listed skill.
   */
  'skills.resolve': [{ skill: string }, SkillSummary];
  /** The skills an agent may use (null: all), not archived, for a prompt's skill index. */
  'skills.promptIndex': [{ agent: string | null }, PromptIndexEntry[]];
  /**
   * The winner of every name, never an Archived one, as its whole record, each with whether
   * `agent` (null: the studio itself) may use it: what the MCP server offers, and what it
   * refuses by name rather than call unknown.
   */
  'skills.served': [{ agent: string | null }, ServedSkill[]];
  /**
   * A skill from a template in the workspace's `skills/`, or in `into` (a folder of this
   * machine, a local process's only; made if missing). `skillMd`: the new-skill wizard's
   * SKILL.md, written instead of the template's (checked first). The result is the skill as
   * listed; one in a folder no source lists is the skill as its folder reads.
   */
  'skills.new': [
    { name: string; template: TemplateName; skillMd?: string; into?: string },
    SkillDetail,
  ];
  /** Each template's SKILL.md as written (`{{name}}`, `{{title}}` unfilled), for the wizard. */
  'skills.templates': [Record<string, never>, { id: TemplateName; skillMd: string }[]];
  'files.read': [{ skill: string; path: string }, FileContent];
  'files.write': [
    { skill: string; path: string; text: string; expectedVersion?: string | null },
    WriteResult,
  ];
  'files.createFile': [
    { skill: string; path: string; text?: string; base64?: string },
    WriteResult,
  ];
  'files.createFolder': [{ skill: string; path: string }, { ok: true }];
  'files.rename': [{ skill: string; from: string; to: string }, { ok: true }];
  'files.delete': [{ skill: string; path: string }, { ok: true }];
  /**
   * A skill's bundle, as bytes: the host never writes it anywhere, the caller saves it. The
   * skill is one the workspace lists (`skill`), or a folder read as it is (`folder`, a
   * local process's only). `fixFor`: SKILL.md in the archive as that client accepts it
   * (the keys it refuses moved under `metadata:`); the skill's own file is left as it is.
   */
  'bundles.export': [
    BundleSource & { format: BundleFormat; force?: boolean; fixFor?: ClientId },
    ExportResult,
  ];
  /** The bundle's skills with their validation and conflicts, checked as import would; writes nothing. */
  'bundles.inspect': [{ base64: string; fileName: string }, BundlePreview];
  /**
   * Unpacks every skill of the bundle into the workspace's `skills/`, or into `into` (a
   * folder of this machine, a local process's only; made if missing, and removed again when
   * the import fails). A folder that exists is refused (code `exists`) unless `onConflict`
   * (all) or `choices` (per folder name in the bundle) says replace, keep-both or skip.
   * The bundle comes as `base64` (what JSON carries, up to 48 MB of it) or as `bytes`, as
   * they are in memory, from a caller that passes objects rather than JSON (the command
   * line, which reads the file itself: no copy a third larger, and no limit but the unpacked
   * skill's own).
   */
  'bundles.import': [
    ({ base64: string } | { bytes: Uint8Array }) & {
      fileName: string;
      onConflict?: ImportConflictChoice;
      choices?: Record<string, ImportConflictChoice>;
      into?: string;
    },
    ImportResult,
  ];
  /** Whether deleting moves a skill to a trash here (null: deleting is permanent). */
  'skills.trash': [Record<string, never>, TrashInfo];
  /**
   * Deletes a writable skill: to the trash, or permanently when `permanent` is set (the
   * only way where there is no trash; refused otherwise, so nothing is lost unasked).
   */
  'skills.delete': [{ skill: string; permanent?: boolean }, DeleteResult];
  /** Renames a writable skill: folder and `name:` together; refused when the target exists. */
  'skills.rename': [{ skill: string; to: string }, SkillMoved];
  /**
   * Copies a skill as `to` (default `<name>-copy`), `name:` updated: beside it, or into
   * the workspace's `skills/` when the skill is read-only (bundled).
   */
  'skills.duplicate': [{ skill: string; to?: string }, SkillMoved];
  'agents.save': [{ agents: AgentConfig[] }, WorkspaceInfo];
  /** The playground: arguments checked by the host's ajv, exactly as a call would be. */
  'playground.validate': [
    { skill: string; arguments: Record<string, unknown> },
    ArgumentCheckReply,
  ];
  /** The call history (workspace-local, redacted; `persisted` false when no workspace is open). */
  'history.list': [
    { skill?: string; limit?: number },
    { entries: HistorySummary[]; persisted: boolean },
  ];
  'history.get': [{ id: string }, HistoryEntry];
  'history.add': [{ entry: HistoryInput }, HistorySummary];
  'history.delete': [{ id: string }, { ok: true }];
  /** Saved cases: `tests/cases/<name>.json` inside the skill. */
  'cases.list': [{ skill: string }, CaseFileInfo[]];
  'cases.save': [
    { skill: string; case: SavedCase; overwrite?: boolean },
    WriteResult & { file: string },
  ];
  'cases.run': [{ skill: string; names?: string[]; agent?: string | null }, CaseRunReport];
  /** The LLM providers in force (workspace, then the user's file), with key presence, never keys. */
  'providers.list': [Record<string, never>, ProvidersInfo];
  /**
   * Adds or replaces a workspace provider in skill-studio.json (`previousId` renames one).
   * A key is never accepted here: the entry names the environment variable that holds it.
   */
  'providers.save': [{ provider: ProviderInput; previousId?: string }, ProvidersInfo];
  /** Removes a workspace provider from skill-studio.json. */
  'providers.remove': [{ id: string }, ProvidersInfo];
  /**
   * Desktop app only: keep `key` for the provider, encrypted by the operating system
   * (Electron safeStorage), bound to its current base_url. The key never comes back.
   */
  'providers.storeKey': [{ id: string; key: string }, ProvidersInfo];
  /** Desktop app only: forget the key stored for the provider. */
  'providers.forgetKey': [{ id: string }, ProvidersInfo];
  /**
   * Approves what a workspace provider waits for (its `approval`): this workspace may send
   * that secret to that scheme, host and port. Kept in the user's settings, never the workspace.
   */
  'providers.approve': [{ id: string }, ProvidersInfo];
  /** "Test connection": key present, server reachable, models listed, what to fix. */
  'providers.check': [{ id: string }, ProviderCheckView];
  /** Agent clients with a skills folder, and whether each shows in the home folder / workspace. */
  'install.clients': [Record<string, never>, { clients: DetectedClient[] }];
  /** Before "Install to…": where it would go, the client's verdict, and whether a skill of that name is there. */
  'install.preview': [
    { skill: string; client: ClientId; scope: InstallScope },
    { folder: string; name: string; problem: string | null; check: InstallCheck; exists: boolean },
  ];
  /**
   * Installs the skill into the client's folder (copy, or link), or the skills of the
   * source `from` names (a local process's only). A skill of that name already there
   * gives result `conflict` with its diff, and nothing is written, unless `onConflict`
   * says replace, keep or rename; client errors refuse unless `force`.
   */
  'install.skill': [InstallSkillParams, InstallSkillResult];
}

export type StudioMethod = keyof StudioMethods;
export type ParamsOf<M extends StudioMethod> = StudioMethods[M][0];
export type ResultOf<M extends StudioMethod> = StudioMethods[M][1];

/** Pushed from host to UI. */
export type StudioEvent =
  | { type: 'skills.changed'; added: string[]; changed: string[]; removed: string[] }
  /**
   * A file of a skill changed on disk (any file, not only SKILL.md): `dir` is the skill's
   * folder (its identity), `skill` its name (for display), `path` the file inside it, and
   * `version` what `files.read` would report now (null: the file is gone).
   */
  | { type: 'file.changed'; dir: string; skill: string; path: string; version: string | null }
  | { type: 'workspace.changed'; info: WorkspaceInfo }
  /** A skill renamed from the studio: what was open from folder `from` now lives in `to`. */
  | { type: 'skill.moved'; from: string; to: string; name: string }
  | { type: 'watch.error'; message: string }
  /** The user's providers file or approvals file changed: re-read `providers.list`. */
  | { type: 'providers.changed' }
  /** Progress of an eval run (shared/api/evals.ts). */
  | EvalEvent;

/** Errors crossing the boundary carry a stable code so the UI can react (e.g. conflict dialog); the list is shared/errors.ts. */
export type StudioErrorCode = ErrorCode;

export interface StudioErrorPayload {
  code: StudioErrorCode;
  message: string;
}

/** What the renderer talks to: the IPC and the HTTP/WebSocket backends implement it. */
export interface Backend {
  call<M extends StudioMethod>(method: M, params: ParamsOf<M>): Promise<ResultOf<M>>;
  onEvent(listener: (event: StudioEvent) => void): () => void;
  /**
   * Opens an A2E connection bound to an agent (null: the studio itself, every skill).
   * `host`: a remote A2E host's id (remoteHosts.list); absent or null is this studio. The
   * studio's host opens the remote connection itself, so the page never holds its token.
   */
  a2e(
    agent: string | null,
    onMessage: (msg: A2EOutbound) => void,
    host?: string | null,
  ): A2EConnection;
  /**
   * An A2E connection for one streamed call: messages arrive in batches (the transport
   * may gather a flood of events off the page's main thread), and `onLost` says when the
   * transport went away without our close.
   */
  a2eStream(
    agent: string | null,
    onBatch: (msgs: A2EOutbound[]) => void,
    host?: string | null,
  ): A2EStream;
}

export interface A2EConnection {
  send(msg: A2ERequest): void;
  close(): void;
}

export interface A2EStream extends A2EConnection {
  /** Set by the caller; called once the transport is gone without its close. */
  onLost?: (why: string) => void;
}

/**
 * What the Electron preload exposes as `window.studio` (contextBridge). Frames are
 * strings so nothing but plain data crosses the bridge.
 */
/** A call's answer over the bridge: plain data either way. */
export type BridgeReply = { ok: true; result: unknown } | { ok: false; error: StudioErrorPayload };

export interface StudioBridge {
  call(method: string, params: unknown): Promise<BridgeReply>;
  /**
   * `call`, with the bytes of its result (`base64`) saved where this window's save dialog
   * said (`savePath`, once); the result comes back with `path` set and no bytes.
   */
  callAndSave(method: string, params: unknown, savePath: string): Promise<BridgeReply>;
  onEvent(listener: (event: StudioEvent) => void): () => void;
  /** `host`: a remote A2E host's id, or null for this studio. */
  a2eOpen(agent: string | null, host?: string | null): Promise<string>;
  a2eSend(connectionId: string, frame: string): void;
  a2eClose(connectionId: string): void;
  onA2E(listener: (connectionId: string, frame: string) => void): () => void;
  /** Native dialogs (desktop only). */
  pickFolder(): Promise<string | null>;
  pickSavePath(defaultName: string): Promise<string | null>;
  /** Native menu commands (File ▸ Save, View ▸ Toggle theme, …) forwarded to the UI. */
  onMenu(listener: (command: MenuCommand) => void): () => void;
}

/** Commands the native menu sends to the UI: the ids of the one command table (shared/commands.ts). */
export type MenuCommand = CommandId;

/**
 * HTTP transport of the Studio API (browser mode), beside the local server's surface
 * (docs/contracts.md):
 *   POST /api/studio/<method>   body: params JSON → 200 result JSON | 4xx/5xx {error: StudioErrorPayload}
 *   WS   /api/events            StudioEvent frames (JSON text)
 *   WS   /a2e?agent=ID          the A2E protocol (one JSON message per frame)
 * Auth: the session cookie set when the page was opened with ?token=, or a Bearer header.
 */
export const STUDIO_HTTP_PREFIX = '/api/studio/';
export const STUDIO_EVENTS_PATH = '/api/events';
export const A2E_WS_PATH = '/a2e';
