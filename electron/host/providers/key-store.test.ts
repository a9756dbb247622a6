/**
 * The desktop app's encrypted provider keys: the file never holds a key in clear and is
 * the user's alone (0600); a key goes only to the base_url it was stored for; the
 * environment wins over it; a store without a keyring refuses to keep keys; and the
 * Studio API says a key is stored, never what it is.
 */
import {
  lstat,
  mkdir,
  mkdtemp,
  readFile,
  readdir,
  realpath,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EncryptedKeyFile, KEY_FILE, keyProblem, type KeyCipher } from './key-store';
import { loadProviderSet, resolveApiKey, secretCandidate } from './index';
import { approveProvider } from './approve';
import { providerHandlers, type ProvidersContext } from './handlers';

const KEY = 'sk-ant-api03-STOREDSTOREDSTORED-0123456789';

/** A reversible stand-in for safeStorage that never leaves the key readable. */
function fakeCipher(unavailable: string | null = null): KeyCipher {
  return {
    unavailable: () => unavailable,
    where: () => 'the test keyring',
    encrypt: (plain) => Buffer.from([...Buffer.from(plain, 'utf8')].map((b) => b ^ 0x5a)),
    decrypt: (enc) => Buffer.from([...enc].map((b) => b ^ 0x5a)).toString('utf8'),
  };
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'key-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('EncryptedKeyFile', () => {
  it('keeps the key encrypted in a 0600 file, bound to its base_url, and forgets it', async () => {
    const store = new EncryptedKeyFile(dir, fakeCipher());
    await store.store('claude', 'https://api.anthropic.com', `  ${KEY}\n`);
    const text = await readFile(path.join(dir, KEY_FILE), 'utf8');
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(KEY.slice(0, 16));
    if (process.platform !== 'win32')
      expect((await stat(path.join(dir, KEY_FILE))).mode & 0o777).toBe(0o600);
    expect(await store.load()).toEqual(
      new Map([['claude', { key: KEY, base_url: 'https://api.anthropic.com' }]]),
    );
    expect(await store.forget('claude')).toBe(true);
    expect(await store.forget('claude')).toBe(false);
    expect((await store.load()).size).toBe(0);
  });

  it('refuses to keep keys without a keyring, and says where else a key can go', async () => {
    const store = new EncryptedKeyFile(dir, fakeCipher('no keyring is running'));
    expect(store.state()).toMatchObject({ available: false, problem: 'no keyring is running' });
    await expect(store.store('claude', 'https://api.anthropic.com', KEY)).rejects.toThrow(
      /no keyring/,
    );
  });

  it('a key that does not decrypt (another keyring) is simply not there', async () => {
    await new EncryptedKeyFile(dir, fakeCipher()).store('claude', 'https://x', KEY);
    const other: KeyCipher = {
      ...fakeCipher(),
      decrypt: () => {
        throw new Error('wrong keyring');
      },
    };
    expect((await new EncryptedKeyFile(dir, other).load()).size).toBe(0);
  });

  it('writes through the atomic writer: a link planted at the old temp name is never followed', async () => {
    // The old writer wrote `${file}.${pid}.tmp`: a name anyone could guess and plant a link at.
    const outside = path.join(dir, 'outside.txt');
    await writeFile(outside, 'untouched');
    await symlink(outside, path.join(dir, `${KEY_FILE}.${process.pid}.tmp`));
    await new EncryptedKeyFile(dir, fakeCipher()).store('claude', 'https://x', KEY);
    expect(await readFile(outside, 'utf8')).toBe('untouched');
    expect((await lstat(path.join(dir, KEY_FILE))).isFile()).toBe(true);
    if (process.platform !== 'win32')
      expect((await stat(path.join(dir, KEY_FILE))).mode & 0o777).toBe(0o600);
    // No temp file of ours is left behind.
    expect(
      (await readdir(dir)).filter((n) => n.endsWith('.tmp') && !n.includes(`${process.pid}`)),
    ).toEqual([]);
  });

  it('a damaged file is reported without quoting it', async () => {
    await writeFile(path.join(dir, KEY_FILE), `{"keys": ${KEY}`);
    await expect(new EncryptedKeyFile(dir, fakeCipher()).load()).rejects.toThrow(/not valid JSON/);
    await expect(new EncryptedKeyFile(dir, fakeCipher()).load()).rejects.not.toThrow(KEY);
  });

  it('keyProblem refuses empty, multi-word and oversized keys without quoting them', () => {
    expect(keyProblem('   ')).toMatch(/empty/);
    expect(keyProblem(`${KEY} ${KEY}`)).toMatch(/spaces/);
    expect(keyProblem('x'.repeat(5000))).toMatch(/longer/);
    expect(keyProblem(KEY)).toBeNull();
    expect(keyProblem(`${KEY} x`)).not.toContain(KEY);
  });
});

describe('a stored key in a run', () => {
  const workspace = (baseUrl: string, env?: string) => [
    {
      id: 'corp',
      kind: 'openai-compatible',
      base_url: baseUrl,
      model: 'm',
      ...(env ? { api_key_env: env } : {}),
    },
  ];

  it('goes to a workspace provider at its base_url once this workspace is approved for it', async () => {
    const store = new EncryptedKeyFile(dir, fakeCipher());
    await store.store('corp', 'https://llm.corp.example/v1', KEY);
    const ws = path.join(dir, 'ws');
    const other = path.join(dir, 'other');
    await mkdir(ws);
    await mkdir(other);
    const env = { SKILL_STUDIO_PROVIDERS: path.join(dir, 'settings', 'providers.json') };
    const load = (root: string) =>
      loadProviderSet(workspace('https://llm.corp.example/v1'), env, null, store, root);
    let set = await load(ws);
    const waiting = resolveApiKey(set.providers[0], set, env, null);
    expect(waiting).toMatchObject({
      ok: false,
      code: 'approval_required',
      approval: { secret: 'keychain:corp', origin: 'https://llm.corp.example:443' },
    });
    await approveProvider(set, 'corp', env);
    set = await load(ws);
    expect(resolveApiKey(set.providers[0], set, env, null)).toEqual({
      ok: true,
      key: KEY,
      from: 'keychain',
    });
    expect(set.approvals[0].workspace).toBe(await realpath(ws));
    // Another workspace reusing the id and the URL is not approved by it.
    set = await load(other);
    expect(resolveApiKey(set.providers[0], set, env, null)).toMatchObject({
      ok: false,
      code: 'approval_required',
    });
  });

  it('never goes to another base_url the workspace now names', async () => {
    const store = new EncryptedKeyFile(dir, fakeCipher());
    await store.store('corp', 'https://llm.corp.example/v1', KEY);
    const set = await loadProviderSet(workspace('https://evil.example/v1'), {}, null, store);
    const r = resolveApiKey(set.providers[0], set, {}, null);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.message).toMatch(/was stored for https:\/\/llm\.corp\.example\/v1/);
      expect(r.message).not.toContain(KEY);
    }
  });

  it('the environment variable wins over a stored key', async () => {
    const store = new EncryptedKeyFile(dir, fakeCipher());
    await store.store('corp', 'http://127.0.0.1:9/v1', KEY);
    const env = { CORP_KEY: 'from-the-environment-0123' };
    const set = await loadProviderSet(
      workspace('http://127.0.0.1:9/v1', 'CORP_KEY'),
      env,
      null,
      store,
    );
    expect(secretCandidate(set.providers[0], set, env).candidate).toMatchObject({
      key: 'from-the-environment-0123',
      from: 'env',
    });
  });
});

describe('providers.storeKey and providers.forgetKey', () => {
  function context(keyStore: EncryptedKeyFile | null): ProvidersContext {
    const providers = [
      { id: 'claude', kind: 'anthropic', model: 'c', api_key_env: 'NOT_SET_ANYWHERE' },
    ];
    return {
      workspace: () => dir,
      workspaceProviders: () => providers,
      providerSet: () => loadProviderSet(providers, {}, null, keyStore),
      saveConfig: async () => undefined,
      env: () => ({}),
      keyStore,
    };
  }

  it('stores a key: the answer says it is there and where from, never what it is', async () => {
    const api = providerHandlers(context(new EncryptedKeyFile(dir, fakeCipher())));
    const before = await api['providers.list']({});
    expect(before.providers[0]).toMatchObject({ key: 'missing', key_stored: false });
    expect(before.key_storage).toMatchObject({ available: true });
    expect(before.key_storage.where).toMatch(/the test keyring/);
    const info = await api['providers.storeKey']({ id: 'claude', key: KEY });
    expect(JSON.stringify(info)).not.toContain(KEY);
    expect(info.providers[0]).toMatchObject({
      key: 'present',
      key_from: 'keychain',
      key_stored: true,
      key_problem: null,
    });
    const after = await api['providers.forgetKey']({ id: 'claude' });
    expect(after.providers[0]).toMatchObject({ key: 'missing', key_stored: false });
  });

  it('browser mode and the CLI have no store: a clear refusal that names the other places', async () => {
    const api = providerHandlers(context(null));
    const info = await api['providers.list']({});
    expect(info.key_storage.available).toBe(false);
    expect(info.key_storage.where).toMatch(/Browser mode and the CLI read keys from/);
    const err = await api['providers.storeKey']({ id: 'claude', key: KEY }).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ code: 'precondition' });
    expect(String((err as Error).message)).toMatch(/only in the desktop app.*api_key_env/);
    expect(String((err as Error).message)).not.toContain(KEY);
  });

  it('a key for an unknown provider, or a malformed key, is refused without quoting it', async () => {
    const api = providerHandlers(context(new EncryptedKeyFile(dir, fakeCipher())));
    const unknown = await api['providers.storeKey']({ id: 'nope', key: KEY }).catch(
      (e: unknown) => e,
    );
    expect(unknown).toMatchObject({ code: 'not_found' });
    const bad = await api['providers.storeKey']({ id: 'claude', key: `${KEY} extra` }).catch(
      (e: unknown) => e,
    );
    expect(bad).toMatchObject({ code: 'invalid_params' });
    expect(String((bad as Error).message)).not.toContain(KEY);
  });
});
