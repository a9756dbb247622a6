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
