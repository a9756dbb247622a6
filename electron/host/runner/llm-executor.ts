/**
 * The seam where LLM-driven skills (kind `llm`, and `topology` whose steps are LLM
 * agents) plug in. The host hands it an `LlmRunner` — the skill agent loop of
 * llm/skill-agent.ts, which reads the configured providers on every call. A topology
 * skill runs through the topology executor (topology/), with the runner's per-agent
 * run (`runAgent`) for its agents. Without a runner (a host built with no provider
 * support), a model call fails clearly as the skill's own failure (skill_error), saying
 * how to add a provider, instead of hanging or pretending to work.
 */
import type { ExecContext, ExecOutcome, Executor } from './core/types';
import { howToAddProvider } from '../providers';
import type { AgentRunner } from './llm/skill-agent';
import { runTopologySkill } from './topology/topology-executor';

/** Runs a model skill; `runAgent`, when present, runs one agent of a topology. */
export type LlmRunner = ((ctx: ExecContext) => Promise<ExecOutcome>) & {
  runAgent?: AgentRunner;
};

export class LlmExecutor implements Executor {
  constructor(private readonly runner: LlmRunner | null = null) {}

  async run(ctx: ExecContext): Promise<ExecOutcome> {
    const kind = ctx.record.summary.kind;
    const noProvider: ExecOutcome = {
      success: false,
      error_code: 'skill_error',
      error:
        `no LLM provider is configured, so the ${kind} skill "${ctx.record.definition.name}" cannot run: ` +
        howToAddProvider(null),
    };
    if (kind === 'topology') {
      // Agents need a model; a topology of composed skills alone runs without one.
      const runAgent = this.runner?.runAgent ?? null;
      return runTopologySkill(ctx, { runAgent });
    }
    if (this.runner) return this.runner(ctx);
    return noProvider;
  }
}
