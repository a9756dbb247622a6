/**
 * Where skills stand inside a workspace and in the home folder, each folder with the id
 * skill-studio.json names it by (`user_sources`). The registry scans them (registry/sources.ts,
 * in priority order) and install writes into them (install/clients.ts).
 */

/** Project folders inside the workspace, in the order they are scanned. */
export const PROJECT_FOLDERS: readonly { id: string; rel: string }[] = [
  { id: 'skills', rel: 'skills' },
  { id: 'agents', rel: '.agents/skills' },
  { id: 'claude', rel: '.claude/skills' },
  { id: 'github', rel: '.github/skills' },
  { id: 'cursor', rel: '.cursor/skills' },
  { id: 'gemini', rel: '.gemini/skills' },
  { id: 'opencode', rel: '.opencode/skills' },
  { id: 'windsurf', rel: '.windsurf/skills' },
];

/** User folders in the home directory; the ids are the keys of `user_sources` in skill-studio.json. */
export const USER_FOLDERS = [
  { id: 'agents', rel: '.agents/skills' },
  { id: 'claude', rel: '.claude/skills' },
  { id: 'codex', rel: '.codex/skills' },
  { id: 'gemini', rel: '.gemini/skills' },
  { id: 'copilot', rel: '.copilot/skills' },
  { id: 'cursor', rel: '.cursor/skills' },
  { id: 'opencode', rel: '.config/opencode/skills' },
] as const;

export type UserSourceId = (typeof USER_FOLDERS)[number]['id'];
export const USER_SOURCE_IDS: readonly UserSourceId[] = USER_FOLDERS.map((f) => f.id);
