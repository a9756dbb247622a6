/**
 * `call --provider ID [--model M]` as the A2E `llm_override` the host approves like any
 * other (only configured providers, only allowed models, never a credential).
 */
import type { LLMConfig } from '../../shared/protocol/a2e';
import { UsageError } from './io';

export function overrideFromFlags(
  provider: string | undefined,
  model: string | undefined,
): LLMConfig | null {
  if (provider === undefined) {
    if (model !== undefined)
      throw new UsageError('--model needs --provider ID (see `skill-studio providers`)');
    return null;
  }
  if (provider.trim() === '')
    throw new UsageError('--provider needs a provider id (see `skill-studio providers`)');
  return {
    provider_name: provider,
    provider_credentials: {},
    provider_config: model === undefined ? {} : { model },
  };
}
