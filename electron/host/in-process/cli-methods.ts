/**
 * The in-process host proxy's own methods: what the CLI asks of the host beyond the Studio API
 * (shared/api/studio-api.ts), as one table of name → [params, result], like StudioMethods.
 * They exist for callers that have no open workspace in the UI's sense: a folder given on
 * the command line (`validate DIR`), a bundle to install, the providers to check. The
 * proxy (host-proxy.ts) answers both tables through `invoke`; each method is served by one
 * per-domain module, loaded only when a method of its domain is first asked for.
 *
 * Types only: a command that imports this file loads none of the host.
 */
import type { Diagnostic } from '../../../shared/check/diagnostics';
import type { ClientId } from '../../../shared/skill/client-profiles';
import type { ProviderCheck } from '../providers';
import type { ApproveOutcome } from '../providers/approve';
import type { McpClient, ConnectScope } from '../mcp/connect';

export type { ProviderCheck };
export type { McpClient, ConnectScope };

export interface ProvidersReport {
  checks: ProviderCheck[];
  userFile: string | null;
  userFileRefused: string | null;
  /** Problems of the user's providers file. */
  userProblems: { code: string; message: string }[];
  /** skill-studio.json, and its problems that concern providers (or a literal key). */
  configFile: string;
  configProblems: Diagnostic[];
  /** How to add a provider, when there is none. */
  howToAdd: string;
  /** The user's approvals file (workspace providers' secrets), and why it was not used. */
  approvalsFile: string | null;
  approvalsRefused: string | null;
}

/** The MCP entry `mcp --connect` writes for this workspace, and where. */
export interface McpEntryParams {
  client: McpClient;
  scope: ConnectScope;
  workspace: string;
  agent: string | null;
  /** The running CLI: node, its script and its flags. */
  node: string;
  cli: string;
  nodeArgs: string[];
}

export type McpConnectOutcome =
  | { kind: 'unchanged' }
  | { kind: 'planned'; diff: string }
  | { kind: 'applied'; diff: string; backup: string | null }
  | { kind: 'not_json'; message: string };

/** Every method of the proxy's own table: name → [params, result]. */
export interface CliMethods {
  // ── providers, MCP clients, the server ────────────────────────────────────
  'providers.checkAll': [Record<string, never>, ProvidersReport];
  /** Approves what a workspace provider waits for (this workspace, its secret, its host:port). */
  'providers.approveInCwd': [{ id: string }, ApproveOutcome];
  'mcp.entry': [McpEntryParams, { file: string; command: string }];
  'mcp.connect': [McpEntryParams & { connect: boolean; dryRun: boolean }, McpConnectOutcome];
  'serve.isLoopback': [{ address: string }, boolean];
  /** The server's token: the one in `file` when there is one, else a new one (written there). */
  'serve.token': [{ file: string | null }, string];
}

export type CliMethod = keyof CliMethods;
export type CliParamsOf<M extends CliMethod> = CliMethods[M][0];
export type CliResultOf<M extends CliMethod> = CliMethods[M][1];
