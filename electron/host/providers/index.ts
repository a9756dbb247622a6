/**
 * The providers' public surface: configuration, keys, the chat clients, model listing
 * and the connection check. `loadProviderSet` gathers the workspace's and the user's
 * lists; `createChatClient` picks the client of a provider's kind.
 */
import type { ChatClient } from './chat-types';
import { AnthropicClient } from './anthropic-client';
import { OpenAiCompatibleClient } from './openai-client';
import {
  mergeProviders,
  readProviders,
  type ProviderConfig,
  type ProviderProblem,
  type ProviderSet,
} from './provider-config';
import { loadUserProviders, userProvidersPath } from './user-providers';

export * from './provider-config';
export * from './chat-types';
export { resolveApiKey, redactSecrets, isLoopbackUrl, type KeyResolution } from './api-keys';
export { ProviderError, type ProviderErrorKind } from './provider-errors';
export { checkProvider, listModels, type ProviderCheck } from './provider-check';
export { userProvidersPath, loadUserProviders, USER_PROVIDERS_ENV } from './user-providers';

export interface LoadedProviderSet extends ProviderSet {
  /** The user's providers file, when there is one. */
  userFile: string | null;
  /** Why the user file was not used (permissions, bad JSON), or null. */
  userFileRefused: string | null;
  /** Problems of the user file's entries (the workspace's go in its config diagnostics). */
  problems: ProviderProblem[];
}

/** The providers a run may use: the workspace's `providers`, then the user file's. */
export async function loadProviderSet(
  workspaceProviders: unknown,
  env: NodeJS.ProcessEnv,
  home: string | null,
): Promise<LoadedProviderSet> {
  const workspace = readProviders(workspaceProviders, 'workspace');
  const user = await loadUserProviders(userProvidersPath(env, home));
  return {
    ...mergeProviders(workspace, user),
    userFile: user.file ?? userProvidersPath(env, home),
    userFileRefused: user.refused,
    problems: user.problems,
  };
}

export function createChatClient(
  provider: ProviderConfig,
  apiKey: string | null,
  onRetry?: (message: string) => void,
): ChatClient {
  const options = { providerId: provider.id, baseUrl: provider.base_url, apiKey, onRetry };
  return provider.kind === 'anthropic'
    ? new AnthropicClient(options)
    : new OpenAiCompatibleClient(options);
}
