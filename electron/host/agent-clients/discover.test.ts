/** Finding the agent clients: PATH, the user's settings, versions, and the user's HOME left alone. */
import { chmodSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempWorkspace, type TempWorkspace } from '../../test-support/temp-workspace';
import { runCliIn } from '../../test-support/run-cli';
import {
  agentClientBinDir,
  agentClientPin,
  skipAgentClient,
} from '../../test-support/agent-clients';
import { discoverAgentClients, parseVersion } from './discover';
import { loadAgentClientSettings, userSettingsPath } from './settings';

describe('agent client discovery', () => {
  let ws: TempWorkspace;
  beforeEach(() => {
    ws = tempWorkspace();
  });
  afterEach(() => ws.cleanup());

  /** A stand-in command that prints a version and writes a marker into whatever HOME it got. */
  function fakeClient(rel: string, version: string): string {
    const file = ws.write(
      rel,
      `#!/bin/sh\ntouch "$HOME/touched-by-client"\necho "${version} (Fake)"\n`,
    );
    chmodSync(file, 0o755);
    return file;
  }

  it('finds a command on PATH and one at a settings path, with their versions, in a throwaway HOME', async () => {
    fakeClient('bin/claude', '2.9.1');
    const elsewhere = fakeClient('opt/codex-cli', 'codex-cli 0.9.0');
    const userHome = path.join(ws.root, 'home');
    mkdirSync(userHome);
    const clients = await discoverAgentClients({
      env: { PATH: `relative/bin:${path.join(ws.root, 'bin')}`, HOME: userHome },
      settings: { paths: { codex: elsewhere }, problem: null },
    });
    expect(clients.map((c) => c.id)).toEqual(['claude-code', 'codex', 'gemini-cli', 'opencode']);
    expect(clients[0]).toEqual({
      id: 'claude-code',
      name: 'Claude Code',
      found: true,
      version: '2.9.1',
      path: path.join(ws.root, 'bin/claude'),
    });
    expect(clients[1]).toMatchObject({ found: true, version: '0.9.0', path: elsewhere });
    expect(clients[2]).toEqual({
      id: 'gemini-cli',
      name: 'Gemini CLI',
      found: false,
      version: null,
      path: null,
    });
    // The probe ran with a HOME of its own, not the user's, and removed it.
    expect(readdirSync(userHome)).toEqual([]);
  });

  it('a settings path that is not an executable is not found (PATH is not tried instead)', async () => {
    fakeClient('bin/codex', '1.0.0');
    ws.write('opt/not-exec', 'x');
    const [, codex] = await discoverAgentClients({
      env: { PATH: path.join(ws.root, 'bin') },
      settings: { paths: { codex: path.join(ws.root, 'opt/not-exec') }, problem: null },
    });
    expect(codex).toMatchObject({ found: false, path: null });
  });

  it('reads agentClients from the user settings file and names what is wrong in it', async () => {
    const file = ws.write(
      'settings.json',
      JSON.stringify({
        agentClients: {
          'claude-code': { path: '/opt/claude' },
          codex: { path: 'relative/codex' },
          cursor: { path: '/x' },
        },
      }),
    );
    const s = await loadAgentClientSettings(file);
    expect(s.paths).toEqual({ 'claude-code': '/opt/claude' });
    expect(s.problem).toContain('agentClients.codex.path must be an absolute path');
    expect(s.problem).toContain('"cursor" is no agent client');
    ws.write('bad.json', '{"agentClients": ');
    expect((await loadAgentClientSettings(path.join(ws.root, 'bad.json'))).problem).toMatch(
      /bad\.json:1:\d+: not valid JSON/,
    );
    expect(await loadAgentClientSettings(path.join(ws.root, 'none.json'))).toEqual({
      paths: {},
      problem: null,
    });
    expect(userSettingsPath({ XDG_CONFIG_HOME: '/cfg' }, '/home/u')).toBe(
      process.platform === 'linux' ? '/cfg/skill-studio/settings.json' : expect.any(String),
    );
    expect(userSettingsPath({ SKILL_STUDIO_SETTINGS: '/etc/s.json' }, '/home/u')).toBe(
      '/etc/s.json',
    );
  });

  it('parses the versions the real clients print', () => {
    expect(parseVersion('2.1.332 (Claude Code)\n')).toBe('2.1.332');
    expect(parseVersion('codex-cli 0.171.0\n')).toBe('0.171.0');
    expect(parseVersion('1.18.33\n')).toBe('1.18.33');
    expect(parseVersion('no version here')).toBeNull();
  });
});

describe.skipIf(skipAgentClient('claude-code') || skipAgentClient('codex'))(
  'skill-studio clients',
  () => {
    let ws: TempWorkspace;
    let savedPath: string | undefined;
    beforeEach(() => {
      ws = tempWorkspace();
      savedPath = process.env.PATH;
      // The host looks along its own PATH: the pinned Claude Code and Codex, nothing else of ours.
      process.env.PATH = [
        agentClientBinDir('claude-code'),
        agentClientBinDir('codex'),
        '/usr/bin',
        '/bin',
      ].join(path.delimiter);
    });
    afterEach(() => {
      process.env.PATH = savedPath;
      ws.cleanup();
    });

    it('--json prints exactly {"clients":[{id,name,found,version,path}]} with the real versions', async () => {
      const r = await runCliIn(ws.root, ['clients', '--json']);
      expect(r.code).toBe(0);
      const out = JSON.parse(r.stdout) as { clients: Array<Record<string, unknown>> };
      expect(Object.keys(out)).toEqual(['clients']);
      for (const c of out.clients)
        expect(Object.keys(c)).toEqual(['id', 'name', 'found', 'version', 'path']);
      expect(out.clients[0]).toMatchObject({
        id: 'claude-code',
        found: true,
        version: agentClientPin('claude-code').version,
      });
      expect(out.clients[1]).toMatchObject({
        id: 'codex',
        version: agentClientPin('codex').version,
      });
      const text = await runCliIn(ws.root, ['clients']);
      expect(text.stdout.split('\n')[0]).toMatch(/^id\s+name\s+found\s+version\s+path$/);
      expect(text.stdout).toMatch(/claude-code\s+Claude Code\s+yes\s+2\.\d+\.\d+/);
      expect(existsSync(path.join(ws.root, '.claude'))).toBe(false);
    });
  },
);
