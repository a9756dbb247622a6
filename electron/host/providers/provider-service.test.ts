/** The settings view's provider functions: list, test connection, and a save that never writes a key. */
import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempWorkspace, type TempWorkspace } from '../../test-support/temp-workspace';
import { loadWorkspaceConfig } from '../workspace/workspace-config';
import { loadProviderSet } from './index';
import { providerService } from './provider-service';
import { startWireServer, type WireServer } from './test-support/wire-server';

let ws: TempWorkspace;
let server: WireServer | null = null;
beforeEach(() => {
  ws = tempWorkspace();
});
afterEach(async () => {
  ws.cleanup();
  await server?.close();
  server = null;
});

const service = () =>
  providerService({
    providerSet: async () =>
      loadProviderSet((await loadWorkspaceConfig(ws.root)).config.providers, {}, null),
    workspaceRoot: () => ws.root,
    env: {},
  });

describe('provider service', () => {
  it('saves a valid list, lists it, and tests its connection', async () => {
    server = await startWireServer([
      { kind: 'json', status: 200, body: { data: [{ id: 'llama3.2' }] } },
    ]);
    ws.write('skill-studio.json', JSON.stringify({ plugins: ['x'] }));
    const s = service();
    await s.save([
      { id: 'local', kind: 'openai-compatible', base_url: `${server.url}/v1`, model: 'llama3.2' },
    ]);
    const saved = JSON.parse(await readFile(`${ws.root}/skill-studio.json`, 'utf8')) as Record<
      string,
      unknown
    >;
    expect(saved.plugins).toEqual(['x']);
    expect((await s.list()).providers.map((p) => p.id)).toEqual(['local']);
    expect(await s.check('local')).toMatchObject({ ok: true, models: ['llama3.2'] });
    await expect(s.check('nope')).rejects.toThrow(/no provider "nope"/);
  });

  it('refuses to save a key or an invalid entry, and writes nothing', async () => {
    const s = service();
    await expect(
      s.save([
        { id: 'c', kind: 'anthropic', model: 'm', api_key: 'sk-ant-abcdefghijklmnopqrstuv' },
      ]),
    ).rejects.toThrow(/providers\[0\]\.api_key looks like a key/);
    await expect(s.save([{ id: 'c', kind: 'gemini', model: 'm' }])).rejects.toThrow(
      /needs an id, a kind/,
    );
    await expect(readFile(`${ws.root}/skill-studio.json`, 'utf8')).rejects.toThrow();
  });
});
