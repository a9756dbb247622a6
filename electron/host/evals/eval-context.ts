/**
 * What the eval methods need of the host, and nothing more: they reach it only through
 * this narrow context (studio-host.ts builds it).
 */
import type { AgentClientId, AgentClientInfo } from '../../../shared/api/agent-clients';
import type { EvalEvent } from '../../../shared/api/evals';
import type { AgentConfig, SkillListing } from '../../../shared/api/studio-api';
import type { SkillRecord } from '../../../shared/skill/model';
import type { ChatApi, LoadedProviderSet, ProviderConfig } from '../providers';
import type { ExecContext, ExecOutcome } from '../runner/core/types';

export interface EvalsContext {
  /** Where `.skill-studio/evals/` lives; null: no workspace open (runs are refused). */
  workspace(): string | null;
  skillAt(ref: string): SkillRecord;
  writableSkill(ref: string): SkillRecord;
  refresh(dir: string): Promise<void>;
  /** Every listed skill (the trigger eval's `<available_skills>` index). */
  listing(): SkillListing;
  agents(): AgentConfig[];
  providerSet(): Promise<LoadedProviderSet>;
  /** Runs a script of the skill in the sandbox (the agent loop's run_skill_script). */
  runScript(ctx: ExecContext): Promise<ExecOutcome>;
  emit(event: EvalEvent): void;
  /** An agent client as discovery finds it (PATH or the user's settings), for `--client` runs. */
  agentClient?: (id: AgentClientId) => Promise<AgentClientInfo>;
  /** The user's home, for `catalog: installed` (null or absent: none read). */
  home?: () => string | null;
  /** Replaces the provider clients (tests, benchmarks). */
  clientFor?: (
    provider: ProviderConfig,
    apiKey: string | null,
    onRetry: (m: string) => void,
  ) => ChatApi;
}
