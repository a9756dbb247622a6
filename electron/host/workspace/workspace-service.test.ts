/**
 * The one owner of skill-studio.json: load never throws (defaults plus diagnostics), save is a
 * read-modify-write that keeps keys the studio does not know, and every load and save reaches
 * the listeners before it resolves.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LoadedWorkspaceConfig } from './workspace-config';
import { agentAllows, WorkspaceService } from './workspace-service';

let root: string;
let file: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'ws-service-'));
  file = path.join(root, 'skill-studio.json');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const ops = { id: 'ops', name: 'Ops', allowed_skills: ['deploy'] };

describe('WorkspaceService', () => {
  it('has the defaults before loading, and with no workspace at all', async () => {
    const none = new WorkspaceService(null);
    expect(none.file).toBeNull();
    expect(await none.load()).toEqual({
      config: { plugins: [], user_sources: {}, agents: [] },
      diagnostics: [],
    });
    await expect(none.save({ agents: [] })).rejects.toThrow(/no workspace/);
  });

  it('loads a file it cannot use as defaults plus a diagnostic, without throwing', async () => {
    await writeFile(file, '{ "agents": [');
    const service = new WorkspaceService(root);
    const loaded = await service.load();
    expect(loaded.config.agents).toEqual([]);
    expect(service.diagnostics).toMatchObject([{ code: 'WORKSPACE_CONFIG', file }]);
  });

  it('reads a file caught half-written in place again, and keeps its settings meanwhile', async () => {
    await writeFile(file, JSON.stringify({ agents: [ops] }));
    // A wait far longer than the writer below takes, however loaded the machine.
    const service = new WorkspaceService(root, 1000);
    await service.load();
    // An editor saving in place: the file is truncated, then written a moment later.
    await writeFile(file, '');
    const finish = new Promise<void>((resolve, reject) =>
      setTimeout(
        () =>
          writeFile(file, JSON.stringify({ agents: [ops], plugins: ['vendor'] })).then(
            resolve,
            reject,
          ),
        40,
      ),
    );
    const heard: LoadedWorkspaceConfig[] = [];
    service.onChange((l) => void heard.push(l));
    const loaded = await service.load();
    await finish;
    expect(loaded.config.agents).toEqual([ops]);
    expect(loaded.config.plugins).toEqual(['vendor']);
    // The listeners never heard of an empty file.
    expect(heard.map((l) => l.config.agents)).toEqual([[ops]]);

    // A file that stays broken is believed after the wait: defaults plus the error.
    await writeFile(file, '{ "agents": [');
    expect((await service.load()).config.agents).toEqual([]);
    expect(service.diagnostics).toMatchObject([{ code: 'WORKSPACE_CONFIG', file }]);
    // Emptied on purpose: the defaults, with nothing to report.
    await writeFile(file, '');
    expect(await service.load()).toMatchObject({ config: { agents: [] }, diagnostics: [] });
  });

  it('saves a patch and keeps the keys it does not know', async () => {
    await writeFile(file, JSON.stringify({ layout: { left: 240 }, plugins: ['vendor'] }));
    const service = new WorkspaceService(root);
    await service.load();
    await service.save({ agents: [ops] });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      layout: { left: 240 },
      plugins: ['vendor'],
      agents: [ops],
    });
    expect(service.agents).toEqual([ops]);
    expect(service.config.plugins).toEqual(['vendor']);
  });

  it('refuses to save over a file that is not JSON, and leaves it as it was', async () => {
    await writeFile(file, '{ broken');
    const service = new WorkspaceService(root);
    await expect(service.save({ agents: [ops] })).rejects.toThrow(/not valid JSON/);
    expect(await readFile(file, 'utf8')).toBe('{ broken');
  });

  it('tells every listener of each load and save before resolving, even past a failing one', async () => {
    const service = new WorkspaceService(root);
    const heard: string[] = [];
    service.onChange(() => {
      throw new Error('broken listener');
    });
    const off = service.onChange(async (loaded: LoadedWorkspaceConfig) => {
      await Promise.resolve();
      heard.push(loaded.config.agents.map((a) => a.id).join() || 'none');
    });
    await service.load();
    await service.save({ agents: [ops] });
    expect(heard).toEqual(['none', 'ops']);
    off();
    await service.save({ agents: [] });
    expect(heard).toEqual(['none', 'ops']);
  });
});

describe('agentAllows', () => {
  it('lets the studio use every skill and an agent only its allowlist', () => {
    expect(agentAllows([ops], null, 'anything')).toBe(true);
    expect(agentAllows([ops], 'ops', 'deploy')).toBe(true);
    expect(agentAllows([ops], 'ops', 'logs')).toBe(false);
    expect(agentAllows([ops], 'nobody', 'deploy')).toBe(false);
  });
});
