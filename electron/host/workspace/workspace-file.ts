/**
 * The settings file's name, its shape, and what a workspace without one uses: apart from
 * its reader (workspace-config.ts, which loads ajv), so a caller that only checks whether
 * the file exists (the CLI's client) loads no validator.
 */
import type { AgentConfig } from '../../../shared/api/studio-api';
import type { UserSourceId } from './skill-folders';

export const WORKSPACE_CONFIG_FILE = 'skill-studio.json';

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
