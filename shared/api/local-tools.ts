/**
 * The providers, MCP clients and local server as the command line sets them up
 * (`providers`, `providers approve`, `mcp --connect`, `serve`). Local-process methods
 * (./local-process.ts): each reads the caller's folder, the user's own files or a path
 * the caller names.
 */
import type { Diagnostic } from '../check/diagnostics';
import type { ProviderCheckView, ProviderKindName } from './providers';

// ── providers ─────────────────────────────────────────────────────────────────

/** What a provider would send: an environment variable, or a key the user stored. */
export type SecretRef = `env:${string}` | `keychain:${string}` | `user-file:${string}`;

/** The user's approval of a workspace provider, as the user's approvals file keeps it. */
export interface ProviderApproval {
  /** The workspace's real path. */
  workspace: string;
  secret: SecretRef;
  /** `scheme://host:port`, the port always written. */
  origin: string;
  /** The provider id it was approved for (shown to the user; not part of the match). */
  provider: string;
  approved_at: string;
}

/** What waits for the user's approval before a workspace provider may send a secret. */
export interface PendingApproval {
  provider: string;
  secret: SecretRef;
  /** The secret in words: `$AWS_SECRET_ACCESS_KEY`, `the key stored in the app for "corp"`. */
  what: string;
  /** `scheme://host:port`. */
  origin: string;
  /** The workspace's real path (null: no workspace is open, nothing can be approved). */
  workspace: string | null;
  /** Why it is not sent without approval. */
  reason: string;
  /** The command that approves it. */
  command: string;
}

/** The shared "test connection" view, plus what the CLI prints about the provider. */
export interface ProviderCheck extends ProviderCheckView {
  kind: ProviderKindName;
  base_url: string;
  model: string;
  source: 'workspace' | 'user';
  default: boolean;
  /** What a workspace provider waits for before its secret is sent (nothing is, until then). */
  approval: PendingApproval | null;
}

/** Every provider in force for the caller's folder, each checked, and the files they come from. */
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

export interface ApproveOutcome {
  /** What was approved; null when the provider waited for nothing. */
  approved: ProviderApproval | null;
  /** What it waited for (the same combination), or null. */
  pending: PendingApproval | null;
  file: string | null;
}

// ── MCP clients ───────────────────────────────────────────────────────────────

/** The MCP clients whose config `mcp --connect` writes. */
export const MCP_CLIENTS = ['claude-desktop', 'claude-code', 'cursor'] as const;
export type McpClient = (typeof MCP_CLIENTS)[number];
/** A project's config (in the workspace) or the user's (in the home folder). */
export type ConnectScope = 'project' | 'user';

export function isMcpClient(s: string): s is McpClient {
  return (MCP_CLIENTS as readonly string[]).includes(s);
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

export interface LocalToolMethods {
  /**
   * The providers in force for the caller's folder (its skill-studio.json, then the
   * user's own file), each checked: key present, server reachable, models listed.
   */
  'providers.checkAll': [Record<string, never>, ProvidersReport];
  /**
   * Approves what a workspace provider of the caller's folder waits for (this workspace,
   * its secret, its host:port), in the user's own settings. `providers.approve` does the
   * same for the open workspace and answers with the whole list; this one says what was
   * approved, for the command line to tell.
   */
  'providers.approveInCwd': [{ id: string }, ApproveOutcome];
  /** Where the workspace's MCP entry goes in the client's config, and the command line it holds. */
  'mcp.entry': [McpEntryParams, { file: string; command: string }];
  /**
   * Writes (`connect`) or removes the workspace's MCP entry in the client's config, every
   * other key kept, the old file backed up beside it; `dryRun` only says what would change.
   * A config that is not JSON is never written: `not_json` says what to add by hand.
   */
  'mcp.connect': [McpEntryParams & { connect: boolean; dryRun: boolean }, McpConnectOutcome];
  /** Whether the server may bind `address` without `--allow-remote` (a loopback address). */
  'serve.isLoopback': [{ address: string }, boolean];
  /**
   * The server's token: the one in `file` when there is one, else a new one (written there,
   * owner-only); a file others own or may read or write is refused. No file: a new token.
   */
  'serve.token': [{ file: string | null }, string];
}
