/**
 * The agent clients' methods of the Studio API (shared/api/agent-clients.ts): which clients
 * are installed, and a run's recorded model requests as files. Runs in a client go through
 * A2E (`metadata.run_in`, runner/a2e-host.ts).
 */
import type { Handlers } from '../handler-table';
import { discoverAgentClients } from './discover';
import { loadAgentClientSettings, userSettingsPath } from './settings';
import { writeRecordFiles } from './record-files';

export interface AgentClientsContext {
  env: () => NodeJS.ProcessEnv;
  /** The user's home (null: --no-user, no settings file is read). */
  home: () => string | null;
}

export function agentClientHandlers(
  ctx: AgentClientsContext,
): Pick<Handlers, 'agentClients.list' | 'agentClients.writeRecords'> {
  return {
    'agentClients.list': async () => {
      const env = ctx.env();
      const settings = await loadAgentClientSettings(userSettingsPath(env, ctx.home()));
      return {
        clients: await discoverAgentClients({ env, settings }),
        settings_problem: settings.problem,
      };
    },
    'agentClients.writeRecords': async ({ dir, records }) => ({
      files: await writeRecordFiles(dir, records),
    }),
  };
}
