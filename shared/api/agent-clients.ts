/**
 * The Studio API's view of the agent clients (Claude Code, Codex, Gemini CLI, OpenCode):
 * which are installed, at which version, and where. The ids are those of the CLI contract
 * (docs/contracts.md, `skill-studio clients`); they are a subset of the portability
 * profiles' client ids (shared/skill/client-ids.ts).
 */

// The ids, names and commands live with the other clients' ids (below the API and the
// playground, which both name them).
export {
  AGENT_CLIENT_COMMANDS,
  AGENT_CLIENT_IDS,
  AGENT_CLIENT_NAMES,
  isAgentClientId,
  type AgentClientId,
} from '../skill/client-ids';
import type { AgentClientId } from '../skill/client-ids';

/** One agent client as `skill-studio clients --json` prints it. */
export interface AgentClientInfo {
  id: AgentClientId;
  name: string;
  found: boolean;
  /** What `--version` printed (the version number alone), or null when not found. */
  version: string | null;
  /** The absolute path of the command that would run, or null when not found. */
  path: string | null;
}

export interface AgentClientList {
  clients: AgentClientInfo[];
  /** Why the user settings' `agentClients` (or part of it) was not used, or null. */
  settings_problem: string | null;
}

/**
 * The studio's extension of a call request's metadata (`metadata.run_in`): run the skill
 * inside that agent client instead of the studio's own executors. Honoured only on the
 * studio's own connections, like `metadata.skill_dir`.
 */
export interface RunInClient {
  client: AgentClientId;
  /** Offer the client's shell / script tools (under its own sandbox where it has one). */
  allow_scripts?: boolean;
  /** A provider id of skill-studio.json / the user's providers file; absent: the default. */
  provider?: string;
  /** The model to ask for; absent: the provider's model. */
  model?: string;
  /** What else the client finds installed beside the skill; absent: `skill` (nothing). */
  catalog?: ClientCatalog;
  /**
   * Use the client's own login: the user's existing auth (an API key in the environment or
   * the client's credential file) is passed through read-only, and the relay forwards to
   * the client's default API. Takes no `provider`.
   */
  own_login?: boolean;
}

/**
 * The skills installed beside the one under test in an agent-client run: nothing (`skill`,
 * the default), the workspace's other skills, or the skills the user installed for that
 * client (its user-level skills folders, copied: the user's folders are only read).
 */
export const CLIENT_CATALOGS = ['skill', 'workspace', 'installed'] as const;
export type ClientCatalog = (typeof CLIENT_CATALOGS)[number];

export function isClientCatalog(s: string): s is ClientCatalog {
  return (CLIENT_CATALOGS as readonly string[]).includes(s);
}

export interface AgentClientMethods {
  /** The agent clients found on PATH or at a path of the user's settings, with versions. */
  'agentClients.list': [Record<string, never>, AgentClientList];
  /**
   * `call --record DIR`: a run's recorded model requests (already redacted), one JSON file
   * each in `dir`, made when missing. A path the caller names: for a local process only.
   */
  'agentClients.writeRecords': [
    { dir: string; records: ModelRequestRecord[] },
    { files: string[] },
  ];
}

/**
 * One model request an agent client made through the run's relay, as recorded (the
 * "Sent to the model" view, `call --record DIR`, `metadata.model_requests`). Auth
 * headers and every known key are redacted; each body is kept up to a bound and
 * `truncated` says when it was cut.
 */
export interface ModelRequestRecord {
  /** From 0, in the order the client sent them. */
  index: number;
  method: string;
  /** The path and query the client asked for, e.g. `/v1/messages?beta=true`. */
  path: string;
  /** ISO 8601 time the request arrived. */
  started_at: string;
  duration_ms: number;
  request: RecordedBody & { headers: Record<string, string> };
  /** Null when no response came (the upstream could not be reached). */
  response: (RecordedBody & { status: number; headers: Record<string, string> }) | null;
  /** Why the request failed at the relay (upstream unreachable, body too large), or null. */
  error: string | null;
}

export interface RecordedBody {
  /** The body parsed as JSON when it is JSON, else its text (SSE streams stay text). */
  body: unknown;
  /** The body's full size in bytes, as forwarded. */
  bytes: number;
  truncated: boolean;
}
