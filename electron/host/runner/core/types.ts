/**
 * The seams of the runner: what the A2E host needs from the registry and the
 * allowlist, and what an executor (script, LLM, topology) must provide.
 */
import type {
  LLMConfig,
  SkillCallRequest,
  SkillCallResponse,
  SkillEvent,
  SkillEventKind,
} from '../../../../shared/protocol/a2e';
import type { SkillKind, SkillRecord } from '../../../../shared/skill/model';
import type { SandboxPreference } from '../../workspace/runner-config';

/** The registry as the runner sees it: the winning skill of a name, and all of them. */
export interface SkillCatalog {
  get(name: string): SkillRecord | undefined;
  list(): SkillRecord[];
  /** The listed skill in this folder (shadowed ones included), for the studio's pinned calls. */
  byDir?(dir: string): SkillRecord | undefined;
}

/** The allowlists (workspace `agents`). A null agent is the studio itself: every skill. */
export interface AgentPolicy {
  agentAllows(agentId: string | null, skillName: string): boolean;
  agentExists(agentId: string): boolean;
}

/**
 * Machine-readable failure of a run (SkillResult.error_code): the specification's
 * codes, plus `cancelled` (an extension: the caller aborted the call).
 */
export type RunErrorCode =
  | 'skill_error'
  | 'runtime_error'
  | 'timeout'
  | 'out_of_memory'
  | 'sandbox_crash'
  | 'cancelled'
  // A model run that needs a secret the user has not approved for the workspace's provider.
  | 'unauthorized';

/** Why the host aborted a run; executors read it from `signal.reason`. */
export type AbortCause = 'timeout' | 'cancelled';

export interface ExecContext {
  record: SkillRecord;
  /** Validated arguments, the skill's defaults merged under the call's own. */
  arguments: Record<string, unknown>;
  request: SkillCallRequest;
  /** Effective wall-clock limit: min(call timeout, skill timeout_seconds). */
  timeoutMs: number;
  /**
   * Aborted by the host on timeout or cancellation, with an AbortCause as reason.
   * An executor must stop its work and settle promptly once it fires.
   */
  signal: AbortSignal;
  /** Streams one event; the host numbers it, collects it and pushes it when streaming. */
  emit(kind: SkillEventKind, data: Record<string, unknown>): void;
  /** The LLM configuration to use: the call's override, else the skill's own. */
  llm: LLMConfig | null;
  /** Script skills: extra command-line arguments for the entrypoint (the agent loop's run_skill_script). */
  scriptArgs?: string[];
  /**
   * Script skills: the sandbox this call asks for (the studio's own connection only:
   * `metadata.sandbox`, the CLI's `call --sandbox`); absent: the runner settings'.
   */
  sandbox?: SandboxPreference;
  /**
   * Calls another skill of the workspace through the host, as the same agent: the same
   * allowlist, argument check and sandbox as any call, without waiting for a queue slot
   * (the caller holds one). `pickArguments` builds the arguments from the callee's record.
   * Topology skill steps use it; the host provides it on every call.
   */
  callSkill?: (call: NestedSkillCall) => Promise<SkillCallResponse>;
}

export interface NestedSkillCall {
  name: string;
  pickArguments: (callee: SkillRecord) => Record<string, unknown>;
  timeoutMs: number;
  signal: AbortSignal;
  onEvent: (event: SkillEvent) => void;
  /** The request's metadata (e.g. the chain of calling skills). */
  metadata: Record<string, unknown>;
}

export type { SandboxLimits } from '../../../../shared/protocol/a2e';
import type { SandboxLimits } from '../../../../shared/protocol/a2e';

export interface ExecOutcome {
  success: boolean;
  data?: unknown;
  summary?: unknown;
  /** Human-readable reason when success is false. */
  error?: string;
  error_code?: RunErrorCode;
  truncated?: boolean;
  /** Which sandbox ran the skill ('bwrap' | 'container' | 'process'), when one did. */
  sandbox?: string;
  /** Which limits and isolation held for the run (script skills). */
  sandbox_limits?: SandboxLimits;
  /** Script skills: the program's exit code, when it exited by itself. */
  exit_code?: number | null;
  /** Facts about the run for SkillResult.metadata (model runs: model, usage, turns). */
  metadata?: Record<string, unknown>;
}

export interface Executor {
  run(ctx: ExecContext): Promise<ExecOutcome>;
}

export type ExecutorTable = Record<SkillKind, Executor>;
