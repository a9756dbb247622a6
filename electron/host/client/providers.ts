/**
 * The LLM providers a call may use (the workspace's skill-studio.json, then the user's own
 * file), each checked: key present, server reachable, models listed.
 */
import path from 'node:path';
import { checkProvider, loadProviderSet } from '../providers';
import { howToAddProvider } from '../runner/llm/skill-agent';
import { loadWorkspaceConfig, WORKSPACE_CONFIG_FILE } from '../workspace/workspace-config';
import { sourceHome } from './context';
import type { DomainHandlers } from './domain';

export const handlers: DomainHandlers<'providers.checkAll'> = {
  async 'providers.checkAll'(_params, ctx) {
    const loaded = await loadWorkspaceConfig(ctx.cwd);
    const set = await loadProviderSet(loaded.config.providers, ctx.env, sourceHome(ctx));
    const checks = await Promise.all(
      set.providers.map((p) => checkProvider(p, set, { env: ctx.env, userFile: set.userFile })),
    );
    return {
      checks,
      userFile: set.userFile,
      userFileRefused: set.userFileRefused,
      userProblems: set.problems.map((p) => ({ code: p.code, message: p.message })),
      configFile: path.join(ctx.cwd, WORKSPACE_CONFIG_FILE),
      // Provider problems of skill-studio.json (a literal key, a bad entry).
      configProblems: loaded.diagnostics.filter(
        (d) => d.code === 'CREDENTIALS_IN_FILE' || (d.field ?? '').startsWith('providers'),
      ),
      howToAdd: howToAddProvider(set.userFile),
    };
  },
};
