/**
 * The seam where LLM-driven skills (kind `llm`, and `topology` whose steps are LLM
 * agents) plug in. Until a provider is configured, a call fails clearly as the
 * skill's own failure (skill_error) instead of hanging or pretending to work.
 *
 * A provider implementation supplies an `LlmRunner`; the executor hands it the
 * context (instructions = record.body, user turn = the arguments, ctx.llm, the
 * abort signal, emit for streamed tokens/tool calls).
 */
import type { ExecContext, ExecOutcome, Executor } from './types';

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
        `no LLM provider is configured, so the ${kind} skill "${ctx.record.definition.name}" cannot run; ` +
        'add a provider in the workspace settings (providers) and try again',
    };
  }
}
