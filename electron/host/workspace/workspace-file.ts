/**
 * The settings file's name and what a workspace without one uses: apart from its reader
 * (workspace-config.ts, which loads ajv), so a caller that only checks whether the file
 * exists (the CLI's client) loads no validator.
 */
import type { WorkspaceConfig } from './workspace-config';

export const WORKSPACE_CONFIG_FILE = 'skill-studio.json';

export const defaultWorkspaceConfig = (): WorkspaceConfig => ({
  plugins: [],
  user_sources: {},
  agents: [],
});
