/**
 * The settings file's name, its shape, what a workspace without one uses, and its raw
 * text: apart from its reader (workspace-config.ts, which loads ajv), so a caller that
 * only checks whether the file exists (the CLI's client), or reads a workspace without one,
 * loads no validator.
 */
import path from 'node:path';
import type { AgentConfig } from '../../../shared/api/studio-api';
import { NotFoundError } from '../fs/errors';
import { readRegularFile } from '../fs/safe-read';
import type { UserSourceId } from './skill-folders';

export const WORKSPACE_CONFIG_FILE = 'skill-studio.json';

/** A config file larger than this is not a config file; refuse it rather than parse it. */
export const MAX_CONFIG_BYTES = 4 * 1024 * 1024;

export function workspaceConfigPath(root: string): string {
  return path.join(root, WORKSPACE_CONFIG_FILE);
}

/** The text of skill-studio.json, or null when there is none. */
export async function readConfigText(file: string): Promise<string | null> {
  try {
    const { data } = await readRegularFile(file, WORKSPACE_CONFIG_FILE, {
      maxBytes: MAX_CONFIG_BYTES,
    });
    return data.toString('utf8');
  } catch (err) {
    // No file is the normal case: defaults, nothing to report.
    if (err instanceof NotFoundError) return null;
    throw err;
  }
}

/** The config as the host uses it: every field present, only valid entries kept. */
export interface WorkspaceConfig {
  /** Extra skill folders, as written (relative to the workspace, `~/…`, or absolute). */
  plugins: string[];
  /** Per user folder: false switches it off; absent means on. */
  user_sources: Partial<Record<UserSourceId, boolean>>;
  /** Allowlists: which agent may use which skills. */
  agents: AgentConfig[];
  /** LLM providers and models calls may use, as written (./provider-config.ts reads them). */
  providers?: unknown;
  /** Where script skills run, as written (./runner-config.ts reads it). */
  runner?: unknown;
}

export const defaultWorkspaceConfig = (): WorkspaceConfig => ({
  plugins: [],
  user_sources: {},
  agents: [],
});
