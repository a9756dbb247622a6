/**
 * The client's workspace reads settings as workspace-config.ts does, loading that reader
 * only when there is a skill-studio.json: its file name and defaults must stay the reader's.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  defaultWorkspaceConfig,
  loadWorkspaceConfig,
  WORKSPACE_CONFIG_FILE,
} from '../workspace/workspace-config';
import { NO_SETTINGS, SETTINGS_FILE, settingsIfAny } from './workspace-sources';

describe('client workspace settings', () => {
  it('names the settings file and its defaults as the settings reader does', () => {
    expect(SETTINGS_FILE).toBe(WORKSPACE_CONFIG_FILE);
    expect(NO_SETTINGS).toEqual(defaultWorkspaceConfig());
  });

  it('answers as the reader with and without a skill-studio.json', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'cli-settings-'));
    try {
      expect(await settingsIfAny(dir)).toEqual(await loadWorkspaceConfig(dir));
      await writeFile(
        path.join(dir, SETTINGS_FILE),
        '{"plugins": 5, "user_sources": {"claude": false}}',
      );
      const read = await settingsIfAny(dir);
      expect(read.diagnostics.length).toBeGreaterThan(0);
      expect(read).toEqual(await loadWorkspaceConfig(dir));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
