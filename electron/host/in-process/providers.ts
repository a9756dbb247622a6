/**
 * The LLM providers a call may use (the workspace's skill-studio.json, then the user's own
 * file), each checked: key present, server reachable, models listed; and the user's
 * approval of what a workspace provider would send.
 */
import path from 'node:path';
import { checkProvider, loadProviderSet } from '../providers';
import { howToAddProvider } from '../runner/llm/skill-agent';
import { loadWorkspaceConfig, WORKSPACE_CONFIG_FILE } from '../workspace/workspace-config';
import { approveProvider } from '../providers/approve';
import { sourceHome, type ProxyContext } from './context';
import type { DomainHandlers } from './domain';

/** The providers in force for the CLI's workspace (the current folder). */
async function providerSetOf(ctx: ProxyContext) {
  const loaded = await loadWorkspaceConfig(ctx.cwd);
  const set = await loadProviderSet(
    loaded.config.providers,
    ctx.env,
    sourceHome(ctx),
    null,
    ctx.cwd,
  );
  return { loaded, set };
}

export const handlers: DomainHandlers<'providers.checkAll' | 'providers.approveInCwd'> = {
  async 'providers.approveInCwd'({ id }, ctx) {
    const { set } = await providerSetOf(ctx);
    return approveProvider(set, id, ctx.env);
  },
  async 'providers.checkAll'(_params, ctx) {
    const { loaded, set } = await providerSetOf(ctx);
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
      approvalsFile: set.approvalsFile,
      approvalsRefused: set.approvalsRefused,
    };
  },
};
