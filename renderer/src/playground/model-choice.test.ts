/** The playground's provider/model choice: remembered per skill folder, checked against the providers in force. */
import { describe, expect, it } from 'vitest';
import { providerView } from '../../../shared/test-support/provider-view';
import { effectiveChoice, llmOverrideFor, rememberChoice, rememberedChoice } from './model-choice';

class MemoryStorage {
  readonly map = new Map<string, string>();
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

describe('model choice', () => {
  it('is remembered per skill folder', () => {
    const s = new MemoryStorage();
    rememberChoice('/ws/skills/a', { provider: 'p', model: 'm2' }, s);
    rememberChoice('/other/a', { provider: 'q', model: 'x' }, s);
    expect(rememberedChoice('/ws/skills/a', s)).toEqual({ provider: 'p', model: 'm2' });
    rememberChoice('/ws/skills/a', null, s);
    expect(rememberedChoice('/ws/skills/a', s)).toBeNull();
    expect(rememberedChoice('/other/a', s)).toEqual({ provider: 'q', model: 'x' });
  });

  it('falls back to the default when the remembered provider or model is gone', () => {
    const list = [providerView('p', 'm1', ['m2']), providerView('q', 'x')];
    // [remembered provider, remembered model] → [provider, model] in force
    const cases: [string, string, string, string][] = [
      ['p', 'm2', 'p', 'm2'], // still listed
      ['p', 'gone', 'p', 'm1'], // the provider's own model instead
      ['gone', 'm', 'q', 'x'], // the default provider and its model
      ['q', 'any-model', 'q', 'any-model'], // a provider without a list takes any model
    ];
    for (const [provider, model, wantProvider, wantModel] of cases) {
      expect(effectiveChoice({ provider, model }, list, 'q')).toEqual({
        provider: wantProvider,
        model: wantModel,
      });
    }
    expect(effectiveChoice(null, [], null)).toBeNull();
  });

  it('sends an override without credentials', () => {
    expect(llmOverrideFor({ provider: 'p', model: 'm' })).toEqual({
      provider_name: 'p',
      provider_credentials: {},
      provider_config: { model: 'm' },
    });
  });
});
