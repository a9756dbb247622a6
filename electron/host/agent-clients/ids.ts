/**
 * The agent clients the studio can run a skill in: their ids (the CLI contract's), display
 * names, the command each installs on PATH, and the folder of a project where each reads
 * skills. The folders are those of the install table (install/clients.ts), so what a run
 * installs is what a user's install would.
 */
import {
  AGENT_CLIENT_COMMANDS,
  AGENT_CLIENT_IDS,
  AGENT_CLIENT_NAMES,
  type AgentClientId,
} from '../../../shared/api/agent-clients';

export { AGENT_CLIENT_IDS, isAgentClientId } from '../../../shared/api/agent-clients';
export type { AgentClientId } from '../../../shared/api/agent-clients';

export interface AgentClientIdentity {
  id: AgentClientId;
  name: string;
  /** The command on PATH. */
  command: string;
  /** The npm package CI installs it from (scripts/agent-clients.json pins the version). */
  npmPackage: string;
}

export const AGENT_CLIENTS: Readonly<Record<AgentClientId, AgentClientIdentity>> = {
  'claude-code': {
    id: 'claude-code',
    name: AGENT_CLIENT_NAMES['claude-code'],
    command: AGENT_CLIENT_COMMANDS['claude-code'],
    npmPackage: '@anthropic-ai/claude-code',
  },
  codex: {
    id: 'codex',
    name: AGENT_CLIENT_NAMES.codex,
    command: AGENT_CLIENT_COMMANDS.codex,
    npmPackage: '@openai/codex',
  },
  'gemini-cli': {
    id: 'gemini-cli',
    name: AGENT_CLIENT_NAMES['gemini-cli'],
    command: AGENT_CLIENT_COMMANDS['gemini-cli'],
    npmPackage: '@google/gemini-cli',
  },
  opencode: {
    id: 'opencode',
    name: AGENT_CLIENT_NAMES.opencode,
    command: AGENT_CLIENT_COMMANDS.opencode,
    npmPackage: 'opencode-ai',
  },
};

export function agentClientName(id: AgentClientId): string {
  return AGENT_CLIENTS[id].name;
}

export const AGENT_CLIENT_LIST: readonly AgentClientIdentity[] = AGENT_CLIENT_IDS.map(
  (id) => AGENT_CLIENTS[id],
);
