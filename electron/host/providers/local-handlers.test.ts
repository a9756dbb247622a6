/**
 * The providers as the command line sees them: every provider of the caller's folder and
 * of the user's own file, each checked; a workspace provider (a cloned repository's) is
 * not contacted with its secret until the user approves this workspace, this secret and
 * this host:port, and that approval is kept in the user's settings, never in the folder.
 */
import { mkdtemp, readFile, readdir, realpath, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StudioError } from '../../../shared/errors';
import { providerToolHandlers, type ProviderToolsContext } from './local-handlers';
import { startWireServer, type WireServer } from './test-support/wire-server';

const SECRET = 'local-tools-secret-0123456789';

let dir: string;
/** The user's own settings folder (providers file, approvals), outside the workspace. */
let config: string;
let server: WireServer;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'provider-tools-'));
  config = await mkdtemp(path.join(os.tmpdir(), 'provider-tools-config-'));
  server = await startWireServer(() => ({
    kind: 'json',
    status: 200,
    body: { data: [{ id: 'm1' }, { id: 'm2' }] },
  }));
});
afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
  await rm(config, { recursive: true, force: true });
});

function context(over: Partial<ProviderToolsContext> = {}): ProviderToolsContext {
  return {
    workspace: dir,
    env: { SKILL_STUDIO_PROVIDERS: path.join(config, 'providers.json'), CORP_KEY: SECRET },
    home: null,
    ...over,
  };
}

const writeConfig = (providers: unknown[]) =>
  writeFile(path.join(dir, 'skill-studio.json'), JSON.stringify({ providers }));

/** A workspace provider that would send $CORP_KEY to the test's server. */
const corp = () => ({
  id: 'corp',
  kind: 'openai-compatible',
  base_url: `${server.url}/v1`,
  model: 'm1',
  api_key_env: 'CORP_KEY',
});

describe('providers.checkAll', () => {
  it('with none configured: no checks, where skill-studio.json is, and how to add one', async () => {
    const report = await providerToolHandlers(context())['providers.checkAll']({});
    expect(report.checks).toEqual([]);
    expect(report.configFile).toBe(path.join(dir, 'skill-studio.json'));
    expect(report.configProblems).toEqual([]);
    expect(report.howToAdd).not.toBe('');
    expect(report.approvalsFile).toBe(path.join(config, 'provider-approvals.json'));
  });

  it('holds a workspace provider back until approved: its secret goes nowhere', async () => {
    await writeConfig([corp()]);
    const report = await providerToolHandlers(context())['providers.checkAll']({});
    expect(report.checks).toHaveLength(1);
    expect(report.checks[0]).toMatchObject({
      id: 'corp',
      source: 'workspace',
      key: 'present',
      reachable: false,
      ok: false,
      approval: {
        provider: 'corp',
        secret: 'env:CORP_KEY',
        workspace: await realpath(dir),
        command: 'skill-studio providers approve corp',
      },
    });
    expect(server.requests).toEqual([]);
  });

  it('flags a literal key in skill-studio.json as a provider problem of that file', async () => {
    await writeConfig([
      { id: 'lit', kind: 'anthropic', model: 'c', api_key: 'sk-ant-literal-1234567890abcdef' },
    ]);
    const report = await providerToolHandlers(context())['providers.checkAll']({});
    expect(report.configProblems.map((d) => d.code)).toContain('CREDENTIALS_IN_FILE');
    expect(JSON.stringify(report)).not.toContain('sk-ant-literal-1234567890abcdef');
  });
});

describe('providers.approveInCwd', () => {
  it('binds this workspace, this secret and this host:port, in the user settings only', async () => {
    await writeConfig([corp()]);
    const before = await readFile(path.join(dir, 'skill-studio.json'), 'utf8');
    const api = providerToolHandlers(context());
    const out = await api['providers.approveInCwd']({ id: 'corp' });
    const file = path.join(config, 'provider-approvals.json');
    expect(out).toMatchObject({
      approved: {
        workspace: await realpath(dir),
        secret: 'env:CORP_KEY',
        origin: new URL(server.url).origin,
        provider: 'corp',
      },
      pending: { what: '$CORP_KEY' },
      file,
    });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(dir)).toEqual(['skill-studio.json']);
    expect(await readFile(path.join(dir, 'skill-studio.json'), 'utf8')).toBe(before);
    // Approved, the provider is contacted with its key, and approving again has nothing to do.
    const report = await api['providers.checkAll']({});
    expect(report.checks[0]).toMatchObject({ reachable: true, ok: true, approval: null });
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(await api['providers.approveInCwd']({ id: 'corp' })).toEqual({
      approved: null,
      pending: null,
      file,
    });
    // Another folder with the same skill-studio.json, or another variable, asks again.
    const clone = await mkdtemp(path.join(os.tmpdir(), 'provider-tools-clone-'));
    try {
      await writeFile(path.join(clone, 'skill-studio.json'), before);
      const cloned = providerToolHandlers(context({ workspace: clone }));
      expect((await cloned['providers.checkAll']({})).checks[0]?.approval).toMatchObject({
        workspace: await realpath(clone),
      });
    } finally {
      await rm(clone, { recursive: true, force: true });
    }
    await writeConfig([{ ...corp(), api_key_env: 'OTHER_KEY' }]);
    const other = providerToolHandlers(context({ env: { ...context().env, OTHER_KEY: SECRET } }));
    expect((await other['providers.checkAll']({})).checks[0]?.approval).toMatchObject({
      secret: 'env:OTHER_KEY',
    });
    expect(server.requests).toHaveLength(1);
  });

  it('refuses an unknown provider, naming the configured ones', async () => {
    await writeConfig([corp()]);
    const err = await providerToolHandlers(context())
      ['providers.approveInCwd']({ id: 'nope' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StudioError);
    expect(err).toMatchObject({
      code: 'not_found',
      message: 'no provider "nope" is configured; configured: corp',
    });
  });

  it('without the user settings (--no-user) there is nowhere to keep it: refused, nothing written', async () => {
    await writeConfig([corp()]);
    const api = providerToolHandlers(context({ env: { CORP_KEY: SECRET }, home: null }));
    await expect(api['providers.approveInCwd']({ id: 'corp' })).rejects.toMatchObject({
      code: 'precondition',
    });
    expect(await readdir(config)).toEqual([]);
    expect(await readdir(dir)).toEqual(['skill-studio.json']);
  });
});
