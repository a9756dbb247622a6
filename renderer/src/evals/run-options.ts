/**
 * The logic of the finer run options (RunOptions.tsx): which fractions a field accepts,
 * and which models the grader may be.
 */
import { pickableModels } from '../settings/provider-form';
import type { RunModel } from './evals-store';

/** The fraction a number field holds, when it is one within [min, max]; else null. */
export function rateIn(text: string, min: number, max: number): number | null {
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) && n >= min && n <= max ? n : null;
}

/** Every model the grader may use, provider by provider (configured models first). */
export function graderChoices(
  providers: readonly { id: string; model: string; models: string[] }[],
): RunModel[] {
  return providers.flatMap((p) => pickableModels(p).map((model) => ({ provider: p.id, model })));
}
