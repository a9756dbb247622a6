/**
 * The seam where LLM-driven skills (kind `llm`, and `topology` whose steps are LLM
 * agents) plug in. The host hands it an `LlmRunner` — the skill agent loop of
 * llm/skill-agent.ts, which reads the configured providers on every call. Without a
 * runner (a host built with no provider support), a call fails clearly as the skill's
 * own failure (skill_error), saying how to add a provider, instead of hanging or
 * pretending to work.
 */
import type { ExecContext, ExecOutcome, Executor } from './types';
import { howToAddProvider } from './llm/skill-agent';

export type LlmRunner = (ctx: ExecContext) => Promise<ExecOutcome>;

export class LlmExecutor implements Executor {
  constructor(private readonly runner: LlmRunner | null = null) {}

  async run(ctx: ExecContext): Promise<ExecOutcome> {
    if (this.runner) return this.runner(ctx);
    const kind = ctx.record.summary.kind;
    return {
      success: false,
      error_code: 'skill_error',
      error:
        `no LLM provider is configured, so the ${kind} skill "${ctx.record.definition.name}" cannot run: ` +
        howToAddProvider(null),
    };
  }
}
