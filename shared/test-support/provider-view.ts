/** Test support: a configured provider as the Settings view lists it, with plain defaults. */
import type { ProviderView } from '../api/studio-api';

/** An OpenAI-compatible provider on this machine needing no key; `models` empty allows any model. */
export function providerView(id: string, model: string, models: string[] = []): ProviderView {
  return {
    id,
    kind: 'openai-compatible',
    base_url: 'http://127.0.0.1:1/v1',
    base_url_set: true,
    model,
    models,
    api_key_env: null,
    default: false,
    source: 'workspace',
    key: 'not_needed',
    key_from: null,
    key_stored: false,
    key_problem: null,
    approval: null,
  };
}
