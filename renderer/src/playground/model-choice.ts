/**
 * The provider and model a playground run uses, remembered per skill (by its folder, so
 * two skills of one name keep their own) in localStorage. A remembered choice that no
 * longer fits the configured providers falls back to the default provider's model. The
 * run sends it as the A2E `llm_override` {provider_name, provider_config: {model}}
 * — never with credentials: the host holds the keys.
 */
import type { ProviderView } from '../../../shared/api/studio-api';
import type { LLMConfig } from '../../../shared/protocol/a2e';
import type { StorageLike } from '../stores/layout-persist';

export interface ModelChoice {
  provider: string;
  model: string;
}

export const MODEL_CHOICE_KEY = 'skill-studio.playground.model-choice.v1';
/** Skills remembered at most (the oldest are forgotten first). */
const MAX_REMEMBERED = 200;

function storage(): StorageLike | null {
  return typeof localStorage === 'undefined' ? null : localStorage;
}

function readAll(s: StorageLike | null): Record<string, ModelChoice> {
  if (!s) return {};
  try {
    const v = JSON.parse(s.getItem(MODEL_CHOICE_KEY) ?? '{}') as unknown;
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return {};
    const out: Record<string, ModelChoice> = {};
    for (const [k, c] of Object.entries(v as Record<string, unknown>)) {
      const o = c as Partial<ModelChoice> | null;
      if (o && typeof o.provider === 'string' && typeof o.model === 'string')
        out[k] = { provider: o.provider, model: o.model };
    }
    return out;
  } catch {
    return {};
  }
}

export function rememberedChoice(
  skillKey: string,
  s: StorageLike | null = storage(),
): ModelChoice | null {
  return readAll(s)[skillKey] ?? null;
}

export function rememberChoice(
  skillKey: string,
  choice: ModelChoice | null,
  s: StorageLike | null = storage(),
): void {
  if (!s) return;
  const all = readAll(s);
  delete all[skillKey];
  if (choice) all[skillKey] = choice;
  const keys = Object.keys(all);
  for (const k of keys.slice(0, Math.max(0, keys.length - MAX_REMEMBERED))) delete all[k];
  try {
    s.setItem(MODEL_CHOICE_KEY, JSON.stringify(all));
  } catch {
    // A full storage only loses the memory of the choice, not the run.
  }
}

/**
 * The choice in force: the remembered one while its provider exists (its model is kept
 * when the provider allows any model or lists it), else the default provider's model;
 * null without providers.
 */
export function effectiveChoice(
  remembered: ModelChoice | null,
  providers: readonly ProviderView[],
  defaultId: string | null,
): ModelChoice | null {
  if (remembered) {
    const p = providers.find((x) => x.id === remembered.provider);
    if (p) {
      const allowed =
        p.models.length === 0 ||
        remembered.model === p.model ||
        p.models.includes(remembered.model);
      return { provider: p.id, model: allowed ? remembered.model : p.model };
    }
  }
  const fallback = providers.find((p) => p.id === defaultId) ?? providers[0];
  return fallback ? { provider: fallback.id, model: fallback.model } : null;
}

/** The call's llm_override for a choice: an approved provider id and a model, no credentials. */
export function llmOverrideFor(choice: ModelChoice): LLMConfig {
  return {
    provider_name: choice.provider,
    provider_credentials: {},
    provider_config: { model: choice.model },
  };
}

/** "claude · claude-sonnet-4-5" for a run, from its request's override. */
export function describeOverride(
  o: Pick<LLMConfig, 'provider_name' | 'provider_config'> | null | undefined,
): string | null {
  if (!o?.provider_name) return null;
  const model = o.provider_config?.model;
  return typeof model === 'string' && model ? `${o.provider_name} · ${model}` : o.provider_name;
}
