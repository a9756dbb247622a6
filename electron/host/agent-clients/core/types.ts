/**
 * The shapes every agent-client runner, the driver (run-client.ts), the relay and the
 * catalog share. A runner knows one client: where it reads skills, how to point it at the
 * relay, and how to read its event stream. Everything else (temp folders, the relay,
 * spawning, timeouts, A2E events, the outcome) is the driver's, once for all clients.
 */
import type { ProviderKindName } from '../../../../shared/api/providers';
import type {
  AgentClientId,
  AgentClientInfo,
  ModelRequestRecord,
  RecordedBody,
  RunInClient,
} from '../../../../shared/api/agent-clients';

export type { AgentClientId, AgentClientInfo, ModelRequestRecord, RecordedBody, RunInClient };

/** The wire an upstream speaks; `gemini` is Google's generateContent API. */
export type ProviderKind = ProviderKindName | 'gemini';

/**
 * A skill installed for the run. The driver has already copied it to
 * `<projectDir>/<runner.skillsFolder>/<name>/` (`<homeDir>/…` when the runner's `skillsIn`
 * is `home`; that is `dir`) before `prepare` runs.
 */
export interface ClientSkill {
  name: string;
  /** The installed copy inside the run's project folder (absolute). */
  dir: string;
}

export interface ClientRunPlan {
  /** The client's command (absolute path) and the version discovery reported. */
  binary: string;
  version: string | null;
  /** Throwaway folders made by the driver, removed after the run. */
  projectDir: string;
  homeDir: string;
  /** The skills installed for this run (the skill under test first). */
  skills: ClientSkill[];
  prompt: string;
  /** The run's relay, e.g. `http://127.0.0.1:PORT` (the runner appends `/v1` and the like). */
  relayUrl: string;
  /** What the relay forwards to: which wire it speaks, and the model to ask for. */
  upstream: { kind: ProviderKind; model: string };
  /** A random per-run token the client sends as its key; the relay swaps it for the real one. */
  relayKey: string;
  /** Offer shell / script tools (under the client's own sandbox where it has one). */
  allowScripts: boolean;
}

/**
 * How to start the client. The driver spawns `argv` in its own process group with stdin
 * from /dev/null (or `stdin`, written whole and closed), in `cwd`, with an environment
 * built from scratch: PATH, LANG, TMPDIR, HOME=homeDir, the XDG_* folders under homeDir
 * and PWD=cwd, then `env` on top. Nothing of the user's own environment (keys, config
 * folders) reaches the client otherwise.
 */
export interface ClientLaunch {
  argv: string[];
  env: Record<string, string>;
  cwd: string;
  /**
   * Text for the client's stdin, for a client that cannot take the prompt verbatim as an
   * argument (OpenCode's argument parser turns a word like `10` into a number).
   */
  stdin?: string;
}

/** One fact read from a client's event stream, the same for every client. */
export type ClientEvent =
  | { type: 'text'; text: string }
  | { type: 'tool_call'; id: string; name: string; input: unknown }
  | { type: 'tool_result'; id: string; output: string; isError: boolean }
  | { type: 'skill_activated'; name: string }
  /** Tokens of one model turn; the driver adds them up. */
  | { type: 'usage'; input_tokens: number; output_tokens: number }
  /** Something the client reported that is neither text nor a tool (a retry, an error notice). */
  | { type: 'notice'; level: 'info' | 'warn' | 'error'; message: string }
  /** The client's own end of the run: its answer, or the error it ended on. */
  | { type: 'final'; text: string | null; isError: boolean; message?: string };

export interface AgentClientRunner {
  id: AgentClientId;
  /** The upstream kinds it can talk to; a provider of another kind is refused, naming these. */
  speaks: readonly ProviderKind[];
  /** Where in a project the client reads skills, e.g. `.claude/skills`, `.agents/skills`. */
  skillsFolder: string;
  /**
   * Whether `skillsFolder` is in the run's project (the default) or its HOME: a client
   * whose project reading cannot be kept to the run's folder (OpenCode reads AGENTS.md
   * from every folder above it) gets its skills as the user's own, in the run's HOME.
   */
  skillsIn?: 'project' | 'home';
  /** Writes the client's config (pointing at the relay) in the run's folders; returns how to start it. */
  prepare(plan: ClientRunPlan): Promise<ClientLaunch>;
  /** A fresh line parser for one run (stateful); the plan tells it where the skills are. */
  parser(plan: ClientRunPlan): (line: string) => ClientEvent[];
}

/** How a client run ended, as the driver reports it to the A2E host and the evals. */
export type ClientRunErrorCode = 'runtime_error' | 'skill_error' | 'timeout' | 'cancelled';

export interface ClientRunOutcome {
  client: { id: AgentClientId; version: string | null };
  /** The client's answer (all text it gave), or null. */
  text: string | null;
  /** The skills the client activated, in order (repeats kept once, first time). */
  activatedSkills: string[];
  usage: { input_tokens: number; output_tokens: number };
  /** The relay's records, redacted. */
  requests: ModelRequestRecord[];
  exitCode: number | null;
  signal: string | null;
  durationMs: number;
  /** Null when the client ended well. */
  error: { code: ClientRunErrorCode; message: string } | null;
}
