/**
 * The agent clients' ids of the CLI contract (docs/contracts.md, CLI), apart from their
 * profiles (client-profiles.ts, which load the validator): a command checks its flags
 * against these before anything heavier is loaded.
 */
export const CLIENT_IDS = [
  'claude-code',
  'claude-upload',
  'codex',
  'copilot',
  'cursor',
  'gemini-cli',
  'opencode',
  'adk',
  'spec',
] as const;
export type ClientId = (typeof CLIENT_IDS)[number];

export function isClientId(s: string): s is ClientId {
  return (CLIENT_IDS as readonly string[]).includes(s);
}

/**
 * The agent clients a skill can run in (Claude Code, Codex, Gemini CLI, OpenCode): the ids of
 * `skill-studio clients`, a subset of the ids above.
 */
export const AGENT_CLIENT_IDS = ['claude-code', 'codex', 'gemini-cli', 'opencode'] as const;
export type AgentClientId = (typeof AGENT_CLIENT_IDS)[number];

/** Each client's name as the studio shows it. */
export const AGENT_CLIENT_NAMES: Readonly<Record<AgentClientId, string>> = {
  'claude-code': 'Claude Code',
  codex: 'Codex',
  'gemini-cli': 'Gemini CLI',
  opencode: 'OpenCode',
};

/** The command each client installs on PATH (how discovery finds it, and what a user is told to install). */
export const AGENT_CLIENT_COMMANDS: Readonly<Record<AgentClientId, string>> = {
  'claude-code': 'claude',
  codex: 'codex',
  'gemini-cli': 'gemini',
  opencode: 'opencode',
};

export function isAgentClientId(s: string): s is AgentClientId {
  return (AGENT_CLIENT_IDS as readonly string[]).includes(s);
}
