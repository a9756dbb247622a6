/**
 * The client's workspace reads settings as workspace-config.ts does, loading that reader
 * only when there is a skill-studio.json.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWorkspaceConfig, WORKSPACE_CONFIG_FILE } from '../workspace/workspace-config';
import { settingsIfAny } from './workspace-sources';

describe('client workspace settings', () => {
  it('answers as the reader with and without a skill-studio.json', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'cli-settings-'));
    try {
      expect(await settingsIfAny(dir)).toEqual(await loadWorkspaceConfig(dir));
      await writeFile(
        path.join(dir, WORKSPACE_CONFIG_FILE),
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
