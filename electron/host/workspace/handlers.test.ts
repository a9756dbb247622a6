/**
 * The workspace methods over a stand-in host: opening a folder tells every view to start
 * over, and the agents' allowlists need an open workspace (they live in its settings file).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StudioEvent, WorkspaceInfo } from '../../../shared/api/studio-api';
import type { WorkspaceConfigPatch } from './workspace-config';
import { workspaceHandlers } from './handlers';

function standIn(root: string | null) {
  const opened: string[] = [];
  const saved: WorkspaceConfigPatch[] = [];
  const events: StudioEvent[] = [];
  const info: WorkspaceInfo = { root, recent: [], agents: [], configDiagnostics: [] };
  const handlers = workspaceHandlers({
    workspace: () => root,
    info: async () => info,
    open: async (dir) => {
      opened.push(dir);
    },
    save: async (patch) => {
      saved.push(patch);
    },
    emit: (e) => events.push(e),
  });
  return { handlers, opened, saved, events, info };
}

describe('workspace handlers', () => {
  it('opens a folder by its absolute path and tells every view to start over', async () => {
    const ws = standIn('/w');
    expect(await ws.handlers['workspace.open']({ root: 'other' })).toBe(ws.info);
    expect(ws.opened).toEqual([path.resolve('other')]);
    expect(ws.events).toEqual([
      { type: 'workspace.changed', info: ws.info },
      { type: 'skills.changed', added: [], changed: [], removed: [] },
    ]);
  });

  it('saves the agents into the open workspace and answers with its info', async () => {
    const ws = standIn('/w');
    const agents = [{ id: 'ops', name: 'Ops', allowed_skills: ['deploy'] }];
    expect(await ws.handlers['agents.save']({ agents })).toBe(ws.info);
    expect(ws.saved).toEqual([{ agents }]);
  });

  it('refuses to save agents with no workspace open, and saves nothing', async () => {
    const ws = standIn(null);
    await expect(ws.handlers['agents.save']({ agents: [] })).rejects.toMatchObject({
      code: 'precondition',
    });
    expect(ws.saved).toEqual([]);
  });
});
