/**
 * The rules of which secret a workspace provider may send where, and the approvals file:
 * the user's literal key goes only to the base_url it was saved for; the user's own
 * identical entry needs no approval but a different variable does; an approval is for one
 * workspace (by real path), one secret and one origin; an approvals file others may change
 * approves nothing and is not written over.
 */
import { chmod, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveApiKey } from './api-keys';
import { loadProviderSet } from './index';
import { mergeProviders, readProviders } from '../workspace/provider-config';
import { addApproval, loadApprovals, originOf } from './provider-approvals';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'secret-gate-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const ws = (entries: unknown[]) => readProviders(entries, 'workspace');
const user = (entries: unknown[]) => readProviders(entries, 'user');

describe('which secret goes where', () => {
  it('the literal key of the user file goes to a workspace provider of that id only at its base_url', () => {
    const mine = user([
      { id: 'claude', kind: 'anthropic', model: 'm', api_key: 'sk-ant-mine-0123456789' },
    ]);
    const same = mergeProviders(ws([{ id: 'claude', kind: 'anthropic', model: 'other' }]), mine);
    expect(resolveApiKey(same.providers[0], same, {}, null)).toMatchObject({
      ok: true,
      from: 'user-file',
    });
    const moved = mergeProviders(
      ws([{ id: 'claude', kind: 'anthropic', base_url: 'http://127.0.0.1:8080', model: 'm' }]),
      mine,
    );
    const r = resolveApiKey(moved.providers[0], moved, {}, null);
    expect(r).toMatchObject({ ok: false, code: 'missing' });
    expect(JSON.stringify(r)).not.toContain('sk-ant-mine');
  });

  it('the user entry itself approves the same provider, but not another variable', () => {
    const entry = {
      id: 'corp',
      kind: 'openai-compatible',
      base_url: 'http://127.0.0.1:8080/v1',
      model: 'm',
      api_key_env: 'CORP_KEY',
    };
    const env = { CORP_KEY: 'corp-0123456789', AWS_SECRET_ACCESS_KEY: 'aws-0123456789' };
    const same = mergeProviders(ws([entry]), user([entry]));
    expect(resolveApiKey(same.providers[0], same, env, null)).toMatchObject({ ok: true });
    const other = mergeProviders(
      ws([{ ...entry, api_key_env: 'AWS_SECRET_ACCESS_KEY' }]),
      user([entry]),
    );
    expect(resolveApiKey(other.providers[0], other, env, null)).toMatchObject({
      ok: false,
      code: 'approval_required',
      approval: { secret: 'env:AWS_SECRET_ACCESS_KEY', origin: 'http://127.0.0.1:8080' },
    });
  });

  it('origins always name the port; a scheme other than http(s) has none', () => {
    expect(originOf('https://API.openai.com/v1')).toBe('https://api.openai.com:443');
    expect(originOf('http://localhost/v1')).toBe('http://localhost:80');
    expect(originOf('http://[::1]:11434')).toBe('http://[::1]:11434');
    expect(originOf('file:///etc/passwd')).toBeNull();
  });
});

describe('the approvals file', () => {
  const entry = {
    id: 'corp',
    kind: 'openai-compatible',
    base_url: 'http://127.0.0.1:8080/v1',
    model: 'm',
    api_key_env: 'CORP_KEY',
  };
  const env = () => ({
    SKILL_STUDIO_PROVIDERS: path.join(dir, 'settings', 'providers.json'),
    CORP_KEY: 'corp-0123456789',
  });
  const file = () => path.join(dir, 'settings', 'provider-approvals.json');

  it('approves one workspace by its real path: a link to it counts, another folder does not', async () => {
    const real = path.join(dir, 'real');
    const other = path.join(dir, 'other');
    await mkdir(real);
    await mkdir(other);
    await symlink(real, path.join(dir, 'link'));
    await addApproval(file(), {
      workspace: real,
      secret: 'env:CORP_KEY',
      origin: 'http://127.0.0.1:8080',
      provider: 'corp',
    });
    const at = async (root: string) => {
      const set = await loadProviderSet([entry], env(), null, null, root);
      return resolveApiKey(set.providers[0], set, env(), null).ok;
    };
    expect(await at(real)).toBe(true);
    expect(await at(path.join(dir, 'link'))).toBe(true);
    expect(await at(other)).toBe(false);
  });

  it('a file others may change approves nothing, and is not written over', async () => {
    const root = path.join(dir, 'ws');
    await mkdir(root);
    await mkdir(path.dirname(file()), { recursive: true });
    const forged = JSON.stringify({
      version: 1,
      approvals: [
        {
          workspace: root,
          secret: 'env:CORP_KEY',
          origin: 'http://127.0.0.1:8080',
          provider: 'corp',
          approved_at: '2026-01-01T00:00:00.000Z',
        },
      ],
    });
    await writeFile(file(), forged);
    await chmod(file(), 0o666);
    const loaded = await loadApprovals(file());
    expect(loaded.approvals).toEqual([]);
    expect(loaded.refused).toMatch(/chmod 600/);
    const set = await loadProviderSet([entry], env(), null, null, root);
    expect(resolveApiKey(set.providers[0], set, env(), null)).toMatchObject({ ok: false });
    await expect(
      addApproval(file(), {
        workspace: root,
        secret: 'env:CORP_KEY',
        origin: 'http://127.0.0.1:8080',
        provider: 'corp',
      }),
    ).rejects.toThrow(/chmod 600/);
    expect(await readFile(file(), 'utf8')).toBe(forged);
  });
});
