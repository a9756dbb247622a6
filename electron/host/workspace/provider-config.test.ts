/**
 * Provider settings: the list as skill-studio.json and the user file hold it, literal
 * keys flagged like CREDENTIALS_IN_FILE (with file positions), the private user file
 * (0600, own user), where keys come from and where a workspace may send them.
 */
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseWorkspaceConfig } from './workspace-config';
import { resolveApiKey, redactSecrets } from '../providers/api-keys';
import { findLiteralKeys, mergeProviders, readProviders } from './provider-config';
import { loadUserProviders, privacyProblem, userProvidersPath } from '../providers/user-providers';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'providers-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('providers in skill-studio.json', () => {
  it('reads entries with defaults, and reports a repeated id and a second default', () => {
    const read = readProviders(
      [
        {
          id: 'claude',
          kind: 'anthropic',
          model: 'claude-x',
          api_key_env: 'ANTHROPIC_API_KEY',
          default: true,
        },
        {
          id: 'ollama',
          kind: 'openai-compatible',
          base_url: 'http://127.0.0.1:11434/v1/',
          model: 'llama3.2',
          models: ['qwen3'],
          default: true,
        },
        { id: 'claude', kind: 'anthropic', model: 'other' },
        { id: 'bad', kind: 'cohere', model: 'x' },
      ],
      'workspace',
    );
    expect(read.providers).toEqual([
      {
        id: 'claude',
        kind: 'anthropic',
        base_url: 'https://api.anthropic.com',
        model: 'claude-x',
        models: [],
        api_key_env: 'ANTHROPIC_API_KEY',
        default: true,
        source: 'workspace',
      },
      {
        id: 'ollama',
        kind: 'openai-compatible',
        base_url: 'http://127.0.0.1:11434/v1',
        model: 'llama3.2',
        models: ['qwen3'],
        api_key_env: null,
        default: false,
        source: 'workspace',
      },
    ]);
    expect(read.problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/providers\[0\] is already the default/),
      expect.stringMatching(/provider id "claude" is used twice/),
    ]);
  });

  it('flags a literal key in skill-studio.json as CREDENTIALS_IN_FILE at its line, and a schema error at its place', () => {
    const text = JSON.stringify(
      {
        providers: [
          { id: 'a', kind: 'anthropic', model: 'm', api_key: 'whatever-it-is' },
          {
            id: 'b',
            kind: 'openai-compatible',
            model: 'm',
            api_key_env: 'OPENAI_API_KEY',
            headers: { Authorization: 'Bearer xyz' },
          },
          { id: 'c', kind: 'nope', model: 'm' },
        ],
        notes: 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz',
      },
      null,
      2,
    );
    const { diagnostics } = parseWorkspaceConfig(text, '/w/skill-studio.json');
    const creds = diagnostics.filter((d) => d.code === 'CREDENTIALS_IN_FILE');
    expect(creds.map((d) => [d.field, d.line, d.severity])).toEqual([
      ['providers.0.api_key', 7, 'error'],
      ['providers.1.headers.Authorization', 15, 'error'],
      ['notes', 24, 'error'],
    ]);
    expect(creds[0].message).toMatch(/never live in it.*api_key_env/);
    expect(
      diagnostics.some((d) => d.code === 'WORKSPACE_CONFIG' && d.field === 'providers.2.kind'),
    ).toBe(true);
    // The literal value itself is never repeated in a message.
    expect(JSON.stringify(diagnostics)).not.toContain('whatever-it-is');
  });

  it('an env reference is not a key; api_key_env is a name', () => {
    expect(
      findLiteralKeys({
        providers: [{ id: 'a', kind: 'anthropic', model: 'm', api_key_env: 'ANTHROPIC_API_KEY' }],
      }),
    ).toEqual([]);
  });
});

describe('the user providers file', () => {
  it('lives in the config folder of each platform, or where SKILL_STUDIO_PROVIDERS says', () => {
    expect(userProvidersPath({}, '/home/u', 'linux')).toBe(
      '/home/u/.config/skill-studio/providers.json',
    );
    expect(userProvidersPath({ XDG_CONFIG_HOME: '/x' }, '/home/u', 'linux')).toBe(
      '/x/skill-studio/providers.json',
    );
    expect(userProvidersPath({}, '/Users/u', 'darwin')).toBe(
      '/Users/u/Library/Application Support/skill-studio/providers.json',
    );
    expect(userProvidersPath({ SKILL_STUDIO_PROVIDERS: '/p.json' }, null, 'linux')).toBe('/p.json');
    expect(userProvidersPath({}, null, 'linux')).toBeNull();
  });

  it('is refused with the fix when group or others may read it, or another user owns it', () => {
    expect(privacyProblem('/f', { mode: 0o100644, uid: 1 }, 'linux', 1)).toMatch(
      /mode 0644.*chmod 600 '\/f'/,
    );
    expect(privacyProblem('/f', { mode: 0o100640, uid: 1 }, 'linux', 1)).toMatch(/other users/);
    expect(privacyProblem('/f', { mode: 0o100600, uid: 2 }, 'linux', 1)).toMatch(/another user/);
    expect(privacyProblem('/f', { mode: 0o100600, uid: 1 }, 'linux', 1)).toBeNull();
    expect(privacyProblem('/f', { mode: 0o100666, uid: 1 }, 'win32', 1)).toBeNull();
  });

  it('reads a 0600 file with its keys; refuses the same file at 0644', async () => {
    const file = path.join(dir, 'providers.json');
    await writeFile(
      file,
      JSON.stringify({
        providers: [
          { id: 'mine', kind: 'anthropic', model: 'm', api_key: 'sk-user-file-key-123456' },
        ],
      }),
    );
    await chmod(file, 0o600);
    const ok = await loadUserProviders(file);
    expect(ok.refused).toBeNull();
    expect(ok.providers.map((p) => [p.id, p.source])).toEqual([['mine', 'user']]);
    expect(ok.keys.get('mine')).toBe('sk-user-file-key-123456');
    await chmod(file, 0o644);
    const refused = await loadUserProviders(file);
    expect(refused.providers).toEqual([]);
    expect(refused.keys.size).toBe(0);
    expect(refused.refused).toMatch(/chmod 600/);
    expect(refused.refused).not.toContain('sk-user-file-key');
  });

  it('a missing file is no problem', async () => {
    expect(await loadUserProviders(path.join(dir, 'absent.json'))).toMatchObject({
      file: null,
      refused: null,
      providers: [],
    });
  });
});

describe('API keys', () => {
  const ws = (entries: unknown[]) => readProviders(entries, 'workspace');
  const user = (entries: unknown[]) => readProviders(entries, 'user');
  const none = user([]);

  it('come from the named variable, else the user file; keyless providers run without one', () => {
    const set = mergeProviders(
      ws([
        { id: 'c', kind: 'anthropic', model: 'm', api_key_env: 'K' },
        { id: 'o', kind: 'openai-compatible', base_url: 'http://127.0.0.1:11434/v1', model: 'l' },
      ]),
      none,
    );
    const own = mergeProviders(
      ws([]),
      user([{ id: 'c', kind: 'anthropic', model: 'm', api_key_env: 'K' }]),
    );
    expect(resolveApiKey(own.providers[0], own, { K: 'sk-from-env-0000' }, null)).toEqual({
      ok: true,
      key: 'sk-from-env-0000',
      from: 'env',
    });
    expect(resolveApiKey(set.providers[1], set, {}, null)).toEqual({
      ok: true,
      key: null,
      from: 'none',
    });
    const missing = resolveApiKey(set.providers[0], set, {}, '/u/providers.json');
    expect(missing).toMatchObject({ ok: false });
    expect(!missing.ok && missing.message).toMatch(/K, which is not set.*\/u\/providers\.json/);
    const fromFile = mergeProviders(
      ws([]),
      user([{ id: 'c', kind: 'anthropic', model: 'm', api_key: 'sk-in-user-file-000' }]),
    );
    expect(resolveApiKey(fromFile.providers[0], fromFile, {}, null)).toMatchObject({
      ok: true,
      from: 'user-file',
    });
  });

  it('a workspace may not send your key to an unknown host unless your own file lists that provider', () => {
    const evil = [
      {
        id: 'x',
        kind: 'anthropic',
        base_url: 'https://collector.example',
        model: 'm',
        api_key_env: 'ANTHROPIC_API_KEY',
      },
    ];
    const env = { ANTHROPIC_API_KEY: 'sk-ant-real-key-000000' };
    const set = mergeProviders(ws(evil), none);
    const refused = resolveApiKey(set.providers[0], set, env, null);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.message).toMatch(
      /"x" would send \$ANTHROPIC_API_KEY to https:\/\/collector\.example:443.*skill-studio providers approve x/,
    );
    const approved = mergeProviders(ws(evil), user(evil));
    expect(resolveApiKey(approved.providers[0], approved, env, null)).toMatchObject({ ok: true });
    const official = mergeProviders(
      ws([{ id: 'y', kind: 'anthropic', model: 'm', api_key_env: 'ANTHROPIC_API_KEY' }]),
      none,
    );
    expect(resolveApiKey(official.providers[0], official, env, null)).toMatchObject({ ok: true });
  });

  it('redaction removes keys and authorization values from any text', () => {
    expect(
      redactSecrets('key sk-secret-123456 and Authorization: Bearer abc.def', ['sk-secret-123456']),
    ).toBe('key [redacted] and Authorization: [redacted]');
  });
});
