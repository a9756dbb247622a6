/**
 * The runner's public surface: the A2E host, its seams, and the sandbox probe.
 */
export {
  A2EHost,
  UnknownAgentError,
  type A2EHostOptions,
  type Connection,
  type OpenConnectionOptions,
} from './a2e-host';
export type {
  AbortCause,
  AgentPolicy,
  ExecContext,
  ExecOutcome,
  Executor,
  ExecutorTable,
  RunErrorCode,
  SkillCatalog,
} from './types';
export { LlmExecutor, type LlmRunner } from './llm-executor';
export {
  DEFAULT_SCRIPT_LIMITS,
  ScriptExecutor,
  type ScriptExecutorOptions,
  type ScriptLimits,
} from './script-executor';
export { bwrapStatus, detectSandbox, type SandboxPreference } from './sandbox/detect';
export type { SandboxDriver, SandboxName } from './sandbox/types';
