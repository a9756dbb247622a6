/**
 * The providers' Studio API: the list says whether a key is there and never holds it;
 * saving writes skill-studio.json's `providers` (add, rename, one default, unknown keys
 * kept) and refuses anything that looks like a key; remove and check by id; approve
 * what a workspace provider waits for, in the user's settings only.
 */
import { mkdtemp, readFile, readdir, realpath, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WorkspaceService } from '../workspace/workspace-service';
import { providerHandlers, withProvider, type ProvidersContext } from './handlers';
import { loadProviderSet } from './index';
import { startWireServer, type WireServer } from './test-support/wire-server';

const SECRET = 'e2e-secret-value-0123456789';

let dir: string;
/** The user's own settings folder (approvals), outside the workspace. */
let config: string;
let env: NodeJS.ProcessEnv;

async function context(): Promise<ProvidersContext> {
  const settings = new WorkspaceService(dir);
  await settings.load();
  return {
    workspace: () => dir,
    workspaceProviders: () => settings.config.providers,
    providerSet: () => loadProviderSet(settings.config.providers, env, null, null, dir),
    saveConfig: async (patch) => {
      await settings.save(patch);
    },
    env: () => env,
  };
}

async function fileProviders(): Promise<unknown> {
  return (
    JSON.parse(await readFile(path.join(dir, 'skill-studio.json'), 'utf8')) as {
      providers?: unknown;
    }
  ).providers;
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'providers-api-'));
  config = await mkdtemp(path.join(os.tmpdir(), 'providers-config-'));
  env = { SKILL_STUDIO_PROVIDERS: path.join(config, 'providers.json') };
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(config, { recursive: true, force: true });
});

describe('providers.list', () => {
  it('says where a key comes from and never carries it', async () => {
    await writeFile(
      path.join(dir, 'skill-studio.json'),
      JSON.stringify({
        providers: [
          { id: 'local', kind: 'openai-compatible', base_url: 'http://127.0.0.1:9/v1', model: 'm' },
          { id: 'claude', kind: 'anthropic', model: 'c', api_key_env: 'MY_KEY', default: true },
          { id: 'unset', kind: 'anthropic', model: 'c', api_key_env: 'NOT_SET_HERE' },
        ],
      }),
    );
    env = { ...env, MY_KEY: SECRET };
    const api = providerHandlers(await context());
    const info = await api['providers.list']({});
    expect(JSON.stringify(info)).not.toContain(SECRET);
    expect(info.default_id).toBe('claude');
    const byId = Object.fromEntries(info.providers.map((p) => [p.id, p]));
    expect(byId.local).toMatchObject({
      key: 'not_needed',
      base_url_set: true,
      source: 'workspace',
      approval: null,
    });
    // MY_KEY is not Anthropic's conventional variable: it waits for the user's approval.
    expect(byId.claude).toMatchObject({
      key: 'missing',
      base_url_set: false,
      approval: {
        secret: 'env:MY_KEY',
        what: '$MY_KEY',
        origin: 'https://api.anthropic.com:443',
        command: 'skill-studio providers approve claude',
      },
    });
    expect(byId.claude.key_problem).toMatch(/skill-studio providers approve claude/);
    expect(byId.unset.key).toBe('missing');
    expect(byId.unset.key_problem).toContain('export NOT_SET_HERE=');
    expect(info.approvals_file).toBe(path.join(config, 'provider-approvals.json'));
  });
});

describe('providers.approve', () => {
  it('approves what a workspace provider waits for, in the user settings, 0600, never in the workspace', async () => {
    const before = JSON.stringify({
      providers: [{ id: 'claude', kind: 'anthropic', model: 'c', api_key_env: 'MY_KEY' }],
    });
    await writeFile(path.join(dir, 'skill-studio.json'), before);
    env = { ...env, MY_KEY: SECRET };
    const api = providerHandlers(await context());
    const info = await api['providers.approve']({ id: 'claude' });
    expect(info.providers[0]).toMatchObject({ key: 'present', key_from: 'env', approval: null });
    const file = path.join(config, 'provider-approvals.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({
      approvals: [
        {
          workspace: await realpath(dir),
          secret: 'env:MY_KEY',
          origin: 'https://api.anthropic.com:443',
          provider: 'claude',
        },
      ],
    });
    expect(await readdir(dir)).toEqual(['skill-studio.json']);
    expect(await readFile(path.join(dir, 'skill-studio.json'), 'utf8')).toBe(before);
    // Nothing left to approve: approving again changes nothing.
    await api['providers.approve']({ id: 'claude' });
    expect(
      (JSON.parse(await readFile(file, 'utf8')) as { approvals: unknown[] }).approvals,
    ).toHaveLength(1);
    await expect(api['providers.approve']({ id: 'nope' })).rejects.toThrow(
      /no provider "nope" is configured/,
    );
  });
});

describe('providers.save', () => {
  it('adds, renames and makes one default, keeping keys it does not edit', async () => {
    await writeFile(
      path.join(dir, 'skill-studio.json'),
      JSON.stringify({
        agents: [],
        providers: [
          { id: 'a', kind: 'anthropic', model: 'x', default: true, note: 'kept' },
          { id: 'b', kind: 'openai-compatible', model: 'y' },
        ],
      }),
    );
    const api = providerHandlers(await context());
    await api['providers.save']({
      provider: {
        id: 'a2',
        kind: 'anthropic',
        model: 'x2',
        models: ['x2', ' ', 'x3'],
        api_key_env: 'K',
      },
      previousId: 'a',
    });
    const info = await api['providers.save']({
      provider: {
        id: 'ollama',
        kind: 'openai-compatible',
        base_url: 'http://127.0.0.1:11434/v1/',
        model: 'llama3.2',
        default: true,
      },
    });
    expect(await fileProviders()).toEqual([
      {
        id: 'a2',
        kind: 'anthropic',
        model: 'x2',
        models: ['x2', 'x3'],
        api_key_env: 'K',
        note: 'kept',
      },
      { id: 'b', kind: 'openai-compatible', model: 'y' },
      {
        id: 'ollama',
        kind: 'openai-compatible',
        base_url: 'http://127.0.0.1:11434/v1',
        model: 'llama3.2',
        default: true,
      },
    ]);
    expect(info.default_id).toBe('ollama');
  });

  it('refuses a key in any field, and an id another entry has', async () => {
    const api = providerHandlers(await context());
    await expect(
      api['providers.save']({
        provider: { id: 'x', kind: 'anthropic', model: 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz' },
      }),
    ).rejects.toThrow(/looks like an API key/);
    expect(() =>
      withProvider(
        [
          { id: 'x', kind: 'anthropic', model: 'm' },
          { id: 'y', kind: 'anthropic', model: 'm' },
        ],
        { id: 'y', kind: 'anthropic', model: 'm' },
        'x',
      ),
    ).toThrow(/already configured/);
  });

  it('removes an entry, and the key when the list is empty', async () => {
    const api = providerHandlers(await context());
    await api['providers.save']({ provider: { id: 'only', kind: 'anthropic', model: 'm' } });
    expect(await fileProviders()).toHaveLength(1);
    await api['providers.remove']({ id: 'only' });
    expect(await fileProviders()).toBeUndefined();
    await expect(api['providers.remove']({ id: 'only' })).rejects.toThrow(/no workspace provider/);
  });
});

describe('providers.check', () => {
  let server: WireServer;
  afterEach(async () => server?.close());

  it('lists the models of a reachable server', async () => {
    server = await startWireServer([
      { kind: 'json', status: 200, body: { object: 'list', data: [{ id: 'm1' }, { id: 'm2' }] } },
    ]);
    const api = providerHandlers(await context());
    await api['providers.save']({
      provider: { id: 'srv', kind: 'openai-compatible', base_url: `${server.url}/v1`, model: 'm2' },
    });
    const check = await api['providers.check']({ id: 'srv' });
    expect(check).toMatchObject({ ok: true, reachable: true, models: ['m1', 'm2'], problem: null });
  });
});
