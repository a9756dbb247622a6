/**
 * The providers as the command line sees them (`providers`, `providers approve ID`):
 * every provider in force for the caller's folder, each checked (key present, server
 * reachable, models listed), and the user's approval of what a workspace provider would
 * send. Local-process methods (shared/api/local-tools.ts).
 *
 * The folder is often a cloned repository, so its providers are the workspace's, held to
 * the secret gate (secret-gate.ts): an approval binds this workspace, this secret and
 * this host:port, and is kept in the user's own settings, never in the folder.
 */
import path from 'node:path';
import type { ProvidersReport } from '../../../shared/api/local-tools';
import type { Handlers } from '../handler-table';
import { loadWorkspaceConfig, WORKSPACE_CONFIG_FILE } from '../workspace/workspace-config';
import { approveProvider } from './approve';
import { checkProvider, howToAddProvider, loadProviderSet } from './index';

export interface ProviderToolsContext {
  /** The caller's folder: its skill-studio.json holds the workspace providers. */
  readonly workspace: string;
  readonly env: NodeJS.ProcessEnv;
  /** The home folder of the user's providers file and approvals; null: not read (`--no-user`). */
  readonly home: string | null;
}

type ProviderToolMethods = 'providers.checkAll' | 'providers.approveInCwd';

export function providerToolHandlers(
  ctx: ProviderToolsContext,
): Pick<Handlers, ProviderToolMethods> {
  /** skill-studio.json as it is now, and the providers in force with it. */
  const providerSet = async () => {
    const loaded = await loadWorkspaceConfig(ctx.workspace);
    const set = await loadProviderSet(
      loaded.config.providers,
      ctx.env,
      ctx.home,
      null,
      ctx.workspace,
    );
    return { loaded, set };
  };
  return {
    async 'providers.approveInCwd'({ id }) {
      const { set } = await providerSet();
      return approveProvider(set, id, ctx.env);
    },

    async 'providers.checkAll'(): Promise<ProvidersReport> {
      const { loaded, set } = await providerSet();
      const checks = await Promise.all(
        set.providers.map((p) => checkProvider(p, set, { env: ctx.env, userFile: set.userFile })),
      );
      return {
        checks,
        userFile: set.userFile,
        userFileRefused: set.userFileRefused,
        userProblems: set.problems.map((p) => ({ code: p.code, message: p.message })),
        configFile: path.join(ctx.workspace, WORKSPACE_CONFIG_FILE),
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
}
