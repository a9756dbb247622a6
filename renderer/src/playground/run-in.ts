/**
 * "Run in": where the playground's runs go. The studio's own executors (null), or an agent
 * client found on this machine (Claude Code, Codex, Gemini CLI, OpenCode), which gets the
 * call as the studio's `metadata.run_in` extension (docs/contracts.md, A2E) with the picked
 * provider and model. Scripts stay off unless ticked for the run.
 */
import { create } from 'zustand';
import {
  AGENT_CLIENT_COMMANDS,
  AGENT_CLIENT_NAMES,
  type AgentClientId,
  type AgentClientInfo,
  type ClientCatalog,
  type RunInClient,
} from '../../../shared/api/agent-clients';
import type { SkillCallRequest } from '../../../shared/protocol/a2e';
import { readRunIn } from '../../../shared/agent-clients/run-in';
import { backend } from '../backend/current';
import { errorMessage } from '../backend/studio-error';

export interface RunInChoice {
  client: AgentClientId;
  /** Offer the client's shell and script tools (off by default). */
  allowScripts: boolean;
  /** What is installed beside the skill (absent: the skill alone). */
  catalog?: ClientCatalog;
  /** Use the client's own login instead of a provider of ours. */
  ownLogin?: boolean;
}

/** The call's `metadata.run_in` for a choice and the picked provider and model. */
export function runInMetadata(
  choice: RunInChoice,
  model: { provider: string; model: string } | null,
): RunInClient {
  return {
    client: choice.client,
    allow_scripts: choice.allowScripts,
    ...(choice.catalog && choice.catalog !== 'skill' ? { catalog: choice.catalog } : {}),
    // The client's own login takes no provider of ours.
    ...(choice.ownLogin
      ? { own_login: true }
      : model
        ? { provider: model.provider, model: model.model }
        : {}),
  };
}

/**
 * Why a run in a client cannot start, or null. The host honours run_in on the studio's own
 * connection only: acting as an agent, the skill would silently run in the studio instead.
 */
export function runInBlock(choice: RunInChoice | null, actAs: string | null): string | null {
  if (!choice || actAs === null) return null;
  return `a run in an agent client is the studio's own: set "Act as" to the studio to run in ${AGENT_CLIENT_NAMES[choice.client]}, or pick "Studio" under Run in.`;
}

/** The agent client a call's request ran in (its metadata.run_in), or null. */
export function runInOf(request: Pick<SkillCallRequest, 'metadata'>): RunInClient | null {
  const r = readRunIn(request.metadata);
  return typeof r === 'object' ? r : null;
}

/** An option's label: "Claude Code 2.1.332", or "Codex (not found)". */
export function clientLabel(c: AgentClientInfo): string {
  if (!c.found) return `${c.name} (not found)`;
  return c.version ? `${c.name} ${c.version}` : `${c.name} (version unknown)`;
}

/** Why a client cannot be picked, or null when it can. */
export function clientMissingWhy(c: AgentClientInfo): string | null {
  if (c.found) return null;
  return `${c.name} was not found: no ${AGENT_CLIENT_COMMANDS[c.id]} command on PATH and no path for it under agentClients in your settings`;
}

interface AgentClientsState {
  clients: AgentClientInfo[] | null;
  /** Why the list could not be read, or why part of the user's settings was not used. */
  problem: string | null;
  loading: boolean;
  load(): Promise<void>;
}

/** The agent clients found here (agentClients.list), read once a session and on demand. */
export const useAgentClients = create<AgentClientsState>((set, get) => ({
  clients: null,
  problem: null,
  loading: false,
  async load() {
    if (get().loading) return;
    set({ loading: true });
    try {
      const res = await backend().call('agentClients.list', {});
      set({ clients: res.clients, problem: res.settings_problem, loading: false });
    } catch (err) {
      set({ clients: [], problem: errorMessage(err), loading: false });
    }
  },
}));
