/**
 * The user's studio settings that concern agent clients: a path per client for one that is
 * not on PATH (`{"agentClients": {"claude-code": {"path": "/opt/claude/bin/claude"}}}`).
 * The file sits beside the user's providers file (providers/user-providers.ts):
 * `$XDG_CONFIG_HOME/skill-studio/settings.json` on Linux and its equivalents elsewhere;
 * `$SKILL_STUDIO_SETTINGS` names another. Reading never throws: a bad file is a problem
 * string and no paths.
 */
import path from 'node:path';
import { NotFoundError } from '../fs/errors';
import { readRegularFile } from '../fs/safe-read';
import { scanJson } from '../../../shared/json/json-position';
import { userProvidersPath, USER_PROVIDERS_ENV } from '../providers/user-providers';
import { AGENT_CLIENT_IDS, type AgentClientId } from './ids';

export const USER_SETTINGS_ENV = 'SKILL_STUDIO_SETTINGS';
const MAX_BYTES = 256 * 1024;

export function userSettingsPath(env: NodeJS.ProcessEnv, home: string | null): string | null {
  const explicit = env[USER_SETTINGS_ENV];
  if (explicit) return path.resolve(explicit);
  // The providers file's own folder, whatever SKILL_STUDIO_PROVIDERS says about that file.
  const providers = userProvidersPath({ ...env, [USER_PROVIDERS_ENV]: undefined }, home);
  return providers ? path.join(path.dirname(providers), 'settings.json') : null;
}

export interface AgentClientSettings {
  paths: Partial<Record<AgentClientId, string>>;
  /** Why (part of) the file was not used, or null. */
  problem: string | null;
}

export async function loadAgentClientSettings(file: string | null): Promise<AgentClientSettings> {
  if (!file) return { paths: {}, problem: null };
  let text: string;
  try {
    text = (await readRegularFile(file, file, { maxBytes: MAX_BYTES })).data.toString('utf8');
  } catch (err) {
    if (err instanceof NotFoundError) return { paths: {}, problem: null };
    return { paths: {}, problem: `${file} cannot be read: ${(err as Error).message}` };
  }
  const scan = scanJson(text);
  if (!scan.ok)
    return {
      paths: {},
      problem: `${file}:${scan.line}:${scan.column}: not valid JSON (${scan.message})`,
    };
  const section = (scan.value as { agentClients?: unknown } | null)?.agentClients;
  if (section === undefined) return { paths: {}, problem: null };
  if (typeof section !== 'object' || section === null || Array.isArray(section))
    return { paths: {}, problem: `${file}: "agentClients" must be an object of client ids` };
  const paths: Partial<Record<AgentClientId, string>> = {};
  const problems: string[] = [];
  for (const [id, value] of Object.entries(section as Record<string, unknown>)) {
    if (!(AGENT_CLIENT_IDS as readonly string[]).includes(id)) {
      problems.push(`"${id}" is no agent client (known: ${AGENT_CLIENT_IDS.join(', ')})`);
      continue;
    }
    const p = (value as { path?: unknown } | null)?.path;
    if (typeof p !== 'string' || !path.isAbsolute(p)) {
      problems.push(`agentClients.${id}.path must be an absolute path`);
      continue;
    }
    paths[id as AgentClientId] = p;
  }
  return { paths, problem: problems.length ? `${file}: ${problems.join('; ')}` : null };
}
