/**
 * The providers' public surface: configuration, keys, the chat clients, model listing
 * and the connection check. `loadProviderSet` gathers the workspace's and the user's
 * lists; `createChatApi` picks the client of a provider's kind.
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type { ChatApi } from './chat-types';
import { errorMessage } from '../../../shared/errors';
import { AnthropicApi } from './anthropic-api';
import { OpenAiCompatibleApi } from './openai-api';
import { GeminiApi } from './gemini-api';
import {
  mergeProviders,
  readProviders,
  type ProviderConfig,
  type ProviderProblem,
  type ProviderSet,
} from '../workspace/provider-config';
import { loadUserProviders, userProvidersPath } from './user-providers';
import type { KeyStoreState, ProviderKeyStore } from './key-store';
import { approvalsPath, loadApprovals } from './provider-approvals';

export * from '../workspace/provider-config';
export * from './chat-types';
export { resolveApiKey, redactSecrets, type KeyResolution } from './api-keys';
export { approvalsPath, addApproval, originOf } from './provider-approvals';
export { pendingApproval, secretCandidate, approveCommand } from './secret-gate';
export { ProviderError, type ProviderErrorKind } from './provider-errors';
export { OutputBudget, OutputCapError } from './output-limits';
export { redactingApi, runSecrets, SecretScrubber } from './run-secrets';
export { checkProvider, listModels } from './provider-check';
export {
  howToAddProvider,
  userProvidersPath,
  loadUserProviders,
  USER_PROVIDERS_ENV,
} from './user-providers';
export {
  EncryptedKeyFile,
  keyProblem,
  type KeyCipher,
  type KeyStoreState,
  type ProviderKeyStore,
} from './key-store';

export interface LoadedProviderSet extends ProviderSet {
  /** The user's providers file, when there is one. */
  userFile: string | null;
  /** Why the user file was not used (permissions, bad JSON), or null. */
  userFileRefused: string | null;
  /** Problems of the user file's entries (the workspace's go in its config diagnostics). */
  problems: ProviderProblem[];
  /** The desktop app's encrypted key store, or null (browser mode, the CLI). */
  keyStore: KeyStoreState | null;
  /** Where the user's approvals of workspace providers are kept, or null (no home). */
  approvalsFile: string | null;
  /** Why the approvals file was not used, or null. */
  approvalsRefused: string | null;
}

/**
 * The providers a run may use: the workspace's `providers` (those of `workspaceRoot`),
 * then the user file's, with the keys the desktop app stored (`keyStore`, absent
 * elsewhere) and the user's approvals of workspace providers.
 */
export async function loadProviderSet(
  workspaceProviders: unknown,
  env: NodeJS.ProcessEnv,
  home: string | null,
  keyStore: ProviderKeyStore | null = null,
  workspaceRoot: string | null = null,
): Promise<LoadedProviderSet> {
  const workspace = readProviders(workspaceProviders, 'workspace');
  const user = await loadUserProviders(userProvidersPath(env, home));
  const approvalsFile = approvalsPath(env, home);
  const approvals = await loadApprovals(approvalsFile);
  const set: LoadedProviderSet = {
    ...mergeProviders(workspace, user),
    // Approvals name a workspace by its real path: a link to it is the same workspace.
    workspace: workspaceRoot
      ? await realpath(workspaceRoot).catch(() => path.resolve(workspaceRoot))
      : null,
    approvals: approvals.approvals,
    userFile: user.file ?? userProvidersPath(env, home),
    userFileRefused: user.refused,
    problems: user.problems,
    keyStore: keyStore?.state() ?? null,
    approvalsFile,
    approvalsRefused: approvals.refused,
  };
  if (keyStore) {
    try {
      set.storedKeys = await keyStore.load();
    } catch (err) {
      // An unreadable store: no stored keys, and the settings say why.
      set.storedKeys = new Map();
      set.keyStore = { ...(set.keyStore as KeyStoreState), problem: errorMessage(err) };
    }
  }
  return set;
}

export function createChatApi(
  provider: ProviderConfig,
  apiKey: string | null,
  onRetry?: (message: string) => void,
): ChatApi {
  const options = { providerId: provider.id, baseUrl: provider.base_url, apiKey, onRetry };
  if (provider.kind === 'anthropic') return new AnthropicApi(options);
  if (provider.kind === 'gemini') return new GeminiApi(options);
  return new OpenAiCompatibleApi(options);
}
