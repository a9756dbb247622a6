/**
 * A2E skills capability (skill/*): the five messages and their data models,
 * field names, types and defaults exactly as the A2E skills specification gives
 * them (docs/contracts.md, A2E). Wire format is JSON, snake_case.
 */

export const A2E_PROTOCOL_VERSION = '1.0';

export const SKILL_STATUSES = ['Created', 'Blocked', 'Published', 'Archived'] as const;
export type SkillStatus = (typeof SKILL_STATUSES)[number];

export interface LLMConfig {
  provider_name: string;
  provider_credentials: Record<string, unknown>;
  provider_config?: Record<string, unknown> | null;
  is_default?: boolean;
}

export interface SkillDefinition {
  name: string;
  version: string;
  description: string;
  triggers: string[];
  tools?: unknown[] | null;
  toolkits?: unknown[] | null;
  status: SkillStatus;
  input_schema?: Record<string, unknown>;
  output_schema?: Record<string, unknown>;
  instructions?: string | null;
  file_path?: string | null;
  llm_config?: LLMConfig | null;
  /** The spec's table says list[str] with default {}; in practice a map of defaults. */
  arguments?: Record<string, unknown> | string[];
  when_to_use: string;
  argument_hint: string;
  /** Origin: user, system, or project. */
  source: string;
  category?: string | null;
  tags?: string[] | null;
  max_turns?: number | null;
  timeout_seconds?: number | null;
  icon?: string | null;
  metadata?: Record<string, unknown> | null;
}

export const SKILL_EVENT_KINDS = ['progress', 'artifact', 'log', 'status'] as const;
export type SkillEventKind = (typeof SKILL_EVENT_KINDS)[number];

export interface ProgressData {
  pct: number;
  message: string;
}
export interface ArtifactData {
  name: string;
  mime: string;
  chunk: string;
  final: boolean;
}
export interface LogData {
  level: string;
  message: string;
}
export interface StatusData {
  message: string;
}

interface Envelope {
  id: string;
  version: string;
  ts: number;
}

export interface SkillDiscoverRequest extends Envelope {
  type: 'skill/discover/req';
  filter_tags: string[];
  filter_categories: string[];
}

export interface SkillDiscoverResponse extends Envelope {
  type: 'skill/discover/resp';
  req_id: string;
  skills: SkillDefinition[];
  /** Extension: set when the request itself was refused (version_mismatch, …). */
  error?: TransportError | null;
}

export interface SkillCallRequest extends Envelope {
  type: 'skill/call/req';
  name: string;
  arguments: Record<string, unknown>;
  correlation_id: string;
  timeout: number;
  streaming: boolean;
  llm_override: LLMConfig | null;
  metadata: Record<string, unknown>;
}

export interface SkillEvent extends Envelope {
  type: 'skill/event';
  kind: SkillEventKind;
  req_id: string;
  data: Record<string, unknown>;
  seq: number;
}

/**
 * Extension: what held for one script run. `cgroup` limits count the whole run
 * (every process it starts); `rlimit` ones count each process on its own.
 */
export interface SandboxLimits {
  /** False when the skill ran as a plain process: no filesystem, network or process isolation. */
  isolated: boolean;
  /** How the memory cap held: per run (cgroup), per process (rlimit), the V8 heap flag, or not. */
  memory: 'cgroup' | 'rlimit' | 'heap-flag' | null;
  memory_bytes: number | null;
  /** How the number of processes was capped. */
  pids: 'cgroup' | 'rlimit' | null;
  pids_max: number | null;
  /** CPU: a bandwidth share of the run (cgroup), else CPU seconds per process (rlimit). */
  cpu: 'cgroup' | 'rlimit' | null;
  cpu_cores: number | null;
  /** Size of /dev/shm, bytes; null when /dev/shm is the host's, uncapped. */
  shm_bytes: number | null;
  /** Size of the scratch folder, bytes; null when only single files are capped. */
  scratch_bytes: number | null;
  /** True when the skill ran without capabilities, under the seccomp filter. */
  privileges_dropped: boolean;
  /** The uid the skill ran as when it differs from the host's (process mode as root), else null. */
  uid: number | null;
  /** Why this sandbox ran the skill (the configuration, what was found on this machine). */
  reason?: string;
  /** Container sandbox: the image the run's container was made from. */
  image?: string;
  /** Container sandbox: the engine that ran it ("Podman Engine 4.3.1", "Docker Engine 27.1.1"). */
  engine?: string;
}

export interface SkillResult {
  success: boolean;
  data?: unknown;
  summary?: unknown;
  truncated?: boolean;
  error?: string | null;
  error_code?: string | null;
  duration_ms: number;
  events?: SkillEvent[];
  /** Extension: which sandbox ran a script skill ("bwrap" | "container" | "process"). */
  sandbox?: string;
  /** Extension: which limits and isolation held for a script skill's run. */
  sandbox_limits?: SandboxLimits;
  /** Extension: true when the call was cancelled by the caller. */
  cancelled?: boolean;
  /** Extension: facts of a model run (model, provider, stop_reason, turns, usage). */
  metadata?: Record<string, unknown>;
}

export interface TransportError {
  code: A2EErrorCode;
  message: string;
  retryable: boolean;
  /** Extension: ajv errors for schema_violation. */
  details?: unknown;
}

export interface SkillCallResponse extends Envelope {
  type: 'skill/call/resp';
  req_id: string;
  name: string;
  data: SkillResult | null;
  error: TransportError | null;
  created_at: number;
}

/** Sent for frames that are not JSON or not a known message (docs/contracts.md, A2E). */
export interface ProtocolErrorMessage {
  type: 'error';
  id: string;
  version: string;
  ts: number;
  req_id: string;
  error: TransportError;
}

export const A2E_ERROR_CODES = [
  'unknown_skill',
  'skill_error',
  'runtime_error',
  'parse_error',
  'invalid_message',
  'schema_violation',
  'timeout',
  'out_of_memory',
  'sandbox_crash',
  'unauthorized',
  'version_mismatch',
] as const;
export type A2EErrorCode = (typeof A2E_ERROR_CODES)[number];

/** Retryable per the specification's table; `runtime_error` "depends" — we say yes. */
export const RETRYABLE: Record<A2EErrorCode, boolean> = {
  unknown_skill: false,
  skill_error: true,
  runtime_error: true,
  parse_error: false,
  invalid_message: false,
  schema_violation: false,
  timeout: true,
  out_of_memory: false,
  sandbox_crash: true,
  unauthorized: false,
  version_mismatch: false,
};

export type A2ERequest = SkillDiscoverRequest | SkillCallRequest;
export type A2EOutbound =
  SkillDiscoverResponse | SkillCallResponse | SkillEvent | ProtocolErrorMessage;
