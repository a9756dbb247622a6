/**
 * Which upstream a client run's relay forwards to: a provider of skill-studio.json or the
 * user's providers file, with its key under the same rules as every model run (resolveApiKey:
 * the approval of a workspace provider's secret included). A provider the client cannot
 * speak is refused naming the kinds it can; with none named, the first (default first) of a
 * kind it speaks is taken.
 */
import {
  defaultProvider,
  findProvider,
  modelAllowed,
  resolveApiKey,
  type LoadedProviderSet,
  type ProviderConfig,
} from '../providers';
import { runSecrets } from '../providers/run-secrets';
import { agentClientName } from './ids';
import { checkSpeaks, ClientRunRefused, type ClientUpstream } from './run-client';
import type { AgentClientRunner } from './core/types';

export interface ChosenUpstream {
  upstream: ClientUpstream;
  provider: ProviderConfig;
  /** Every key a run could see, to keep out of what it shows. */
  secrets: string[];
}

export function chooseUpstream(
  runner: AgentClientRunner,
  set: LoadedProviderSet,
  env: NodeJS.ProcessEnv,
  want: { provider?: string; model?: string },
): ChosenUpstream {
  const name = agentClientName(runner.id);
  let provider: ProviderConfig | null;
  if (want.provider) {
    provider = findProvider(set, want.provider);
    if (!provider)
      throw new ClientRunRefused(
        `no provider "${want.provider}" is configured; configured: ${set.providers.map((p) => p.id).join(', ') || 'none'}`,
      );
    checkSpeaks(runner, provider.kind, provider.id);
  } else {
    const fit = [defaultProvider(set), ...set.providers].filter(
      (p): p is ProviderConfig => p !== null && runner.speaks.includes(p.kind),
    );
    provider = fit[0] ?? null;
    if (!provider)
      throw new ClientRunRefused(
        `${name} needs a provider of kind ${runner.speaks.join(' or ')}, and none is configured: add one to skill-studio.json "providers" or your providers file`,
      );
  }
  const model = want.model ?? provider.model;
  if (!modelAllowed(provider, model))
    throw new ClientRunRefused(
      `the provider "${provider.id}" does not allow the model "${model}"; allowed: ${[...new Set([provider.model, ...provider.models])].join(', ')}`,
    );
  const key = resolveApiKey(provider, set, env, set.userFile);
  if (!key.ok)
    throw new ClientRunRefused(key.message, { unauthorized: key.code === 'approval_required' });
  return {
    provider,
    upstream: {
      kind: provider.kind,
      baseUrl: provider.base_url,
      model,
      auth: { mode: 'key', key: key.key },
      label: provider.id,
    },
    secrets: runSecrets(set, env, set.userFile),
  };
}
