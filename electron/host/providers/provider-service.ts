/**
 * What the studio's settings view needs from the providers, as plain async functions
 * the typed Studio API can route to (`providers.list`, `providers.check`,
 * `providers.save`): list them with where each comes from, test one connection, and
 * save the workspace's list. Saving refuses a list that carries a literal key, so a
 * settings form can never write one into skill-studio.json.
 */
import type { Diagnostic } from '../../../shared/skill/diagnostics';
import { saveWorkspaceConfig } from '../workspace/workspace-config';
import { checkProvider, type ProviderCheck } from './provider-check';
import {
  describePath,
  findLiteralKeys,
  readProviders,
  type ProviderConfig,
} from './provider-config';
import type { LoadedProviderSet } from './index';

export interface ProviderListing {
  providers: ProviderConfig[];
  /** The user's providers file (where a key may be kept, chmod 600), or null. */
  user_file: string | null;
  /** Why the user file was not used, or null. */
  user_file_refused: string | null;
}

export interface ProviderServiceDeps {
  providerSet(): Promise<LoadedProviderSet>;
  workspaceRoot(): string | null;
  env: NodeJS.ProcessEnv;
}

export class ProviderInputError extends Error {}

export function providerService(deps: ProviderServiceDeps) {
  return {
    async list(): Promise<ProviderListing> {
      const set = await deps.providerSet();
      return {
        providers: set.providers,
        user_file: set.userFile,
        user_file_refused: set.userFileRefused,
      };
    },

    /** "Test connection": key present, reachable, models, and what to fix. */
    async check(id: string, signal?: AbortSignal): Promise<ProviderCheck> {
      const set = await deps.providerSet();
      const provider = set.providers.find((p) => p.id === id);
      if (!provider) throw new ProviderInputError(`no provider "${id}" is configured`);
      return checkProvider(provider, set, { env: deps.env, userFile: set.userFile, signal });
    },

    /**
     * Replaces the workspace's `providers` (null removes the key). Refused without a
     * workspace, when an entry is not valid, or when anything looks like a key.
     */
    async save(providers: unknown[] | null): Promise<Diagnostic[]> {
      const root = deps.workspaceRoot();
      if (root === null)
        throw new ProviderInputError(
          'open a workspace first: providers are saved in its skill-studio.json',
        );
      if (providers !== null) {
        const leaks = findLiteralKeys({ providers });
        if (leaks.length > 0)
          throw new ProviderInputError(
            `${describePath(leaks[0].path)} looks like a key; keys never go in skill-studio.json: name the environment variable in api_key_env`,
          );
        const read = readProviders(providers, 'workspace');
        if (read.providers.length !== providers.length || read.problems.length > 0)
          throw new ProviderInputError(
            read.problems[0]?.message ??
              'every provider needs an id, a kind (anthropic or openai-compatible), a model, and an http(s) base_url when set',
          );
      }
      const saved = await saveWorkspaceConfig(root, { providers });
      return saved.diagnostics;
    },
  };
}

export type ProviderService = ReturnType<typeof providerService>;
