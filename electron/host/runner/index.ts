/**
 * The runner's public surface: the A2E host, its seams, the sandbox probe, every
 * live run (to stop them all when the process ends), and whether a skill is Blocked.
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
  SandboxLimits,
  SkillCatalog,
} from './core/types';
export { LlmExecutor, type LlmRunner } from './llm-executor';
export { liveRunCount, runsAreStopping, stopAllRuns, type LiveRun } from './live-runs';
export {
  advertisedDefinition,
  blockage,
  effectiveStatus,
  type Blockage,
  type BlockingError,
} from './skill-readiness';
export { ScriptExecutor, type ScriptExecutorOptions } from './script-executor';
export { DEFAULT_SCRIPT_LIMITS, type ScriptLimits } from './script-limits';
export { bwrapStatus, detectSandbox, sandboxWarning } from './sandbox/detect';
export type { SandboxPreference } from '../workspace/runner-config';
export { killAllRuns } from './core/process-tree';
export type { SandboxDriver, SandboxName } from './sandbox/types';
