/**
 * The eval methods of the Studio API (shared/api/evals.ts). Kept apart from
 * studio-host.ts, which spreads them into its handler table; they reach the host only
 * through the narrow context below.
 */
import type { Handlers } from '../router';
import { StudioError } from '../router';
import type { EvalEvent, EvalMethods } from '../../../shared/api/evals';
import type { AgentConfig, SkillListing } from '../../../shared/api/studio-api';
import type { SkillRecord } from '../../../shared/skill/model';
import type { LoadedProviderSet } from '../providers';
import type { ExecContext, ExecOutcome } from '../runner/types';

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
}

type EvalMethodName = keyof EvalMethods;

export function evalHandlers(ctx: EvalsContext): Pick<Handlers, EvalMethodName> {
  void ctx;
  const notYet = async (): Promise<never> => {
    throw new StudioError('internal', 'evals are not available in this build yet');
  };
  return {
    'evals.sources': notYet,
    'evals.saveCases': notYet,
    'evals.saveTriggers': notYet,
    'evals.start': notYet,
    'evals.startTriggers': notYet,
    'evals.improveDescription': notYet,
    'evals.cancel': notYet,
    'evals.list': notYet,
    'evals.get': notYet,
    'evals.transcript': notYet,
  };
}
