/**
 * The remote A2E hosts the playground keeps, and the bridge the studio's host opens to
 * them, tried as an attacker would: the token must stay out of the workspace and out of
 * the hosts list, go only to the URL it was given for (a hosts file pointed elsewhere
 * sends nothing), be refused from a file others can read, and every request waiting on a
 * host that cannot be reached, refuses the token or goes away still gets its answer.
 */
import { chmodSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import type { KeyCipher } from '../providers/key-store';
import { EncryptedKeyFile } from '../providers/key-store';
import { serveWorkspace } from '../../test-support/serve-workspace';
import { tempWorkspace, type TempWorkspace } from '../../test-support/temp-workspace';
import type { StudioHost } from '../studio-host';
import type { RunningServer } from '../../server/server';
import { RemoteHosts, REMOTE_HOSTS_FILE, REMOTE_TOKENS_FILE } from './remote-hosts';
import { openRemoteBridge, type RemoteTarget } from './remote-bridge';

const TOKEN = 'team-token-AAAAAAAAAAAAAAAAAAAAAAAAAAAA';

let dir: string;
let settings: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'remote-hosts-'));
  settings = path.join(dir, 'config', 'skill-studio', 'settings.json');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A WebSocket server that records each upgrade's headers and answers nothing. */
async function listener(): Promise<{
  url: string;
  upgrades: IncomingMessage[];
  close(): Promise<void>;
}> {
  const upgrades: IncomingMessage[] = [];
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  wss.on('connection', (_ws, req) => upgrades.push(req));
  await new Promise<void>((r) => wss.once('listening', r));
  return {
    url: `ws://127.0.0.1:${(wss.address() as { port: number }).port}/a2e`,
    upgrades,
    close: () => new Promise((r) => wss.close(() => r())),
  };
}

function allText(root: string): string {
  let out = '';
  for (const e of readdirSync(root, { recursive: true, withFileTypes: true }))
    if (e.isFile()) out += readFileSync(path.join(e.parentPath, e.name), 'utf8');
  return out;
}

describe('RemoteHosts (browser mode and the CLI: a 0600 file)', () => {
  it('keeps the token out of the hosts list, in a file only the user can read', async () => {
    const hosts = new RemoteHosts(settings, null);
    const info = await hosts.save({
      name: 'Team host',
      url: 'wss://skills.example.com/a2e',
      token: TOKEN,
    });
    expect(info.hosts).toEqual([
      { id: 'team-host', name: 'Team host', url: 'wss://skills.example.com/a2e', has_token: true },
    ]);
    expect(JSON.stringify(info)).not.toContain(TOKEN);
    const list = readFileSync(path.join(path.dirname(settings), REMOTE_HOSTS_FILE), 'utf8');
    expect(list).not.toContain(TOKEN);
    const tokens = path.join(path.dirname(settings), REMOTE_TOKENS_FILE);
    expect(statSync(tokens).mode & 0o777).toBe(0o600);
    expect((await hosts.target('team-host')).token).toBe(TOKEN);
  });

  it('a hosts file pointed at another URL gets no token: it goes only where it was given', async () => {
    const hosts = new RemoteHosts(settings, null);
    await hosts.save({ name: 'Team', url: 'wss://skills.example.com/a2e', token: TOKEN });
    const attacker = await listener();
    try {
      // Someone who can write the list (not the token file) points the host at themselves.
      const file = path.join(path.dirname(settings), REMOTE_HOSTS_FILE);
      writeFileSync(
        file,
        JSON.stringify({ version: 1, hosts: [{ id: 'team', name: 'Team', url: attacker.url }] }),
      );
      expect((await hosts.info()).hosts[0].has_token).toBe(false);
      const frames: string[] = [];
      const bridge = openRemoteBridge(
        () => hosts.target('team'),
        (f) => frames.push(f),
      );
      bridge.receive(JSON.stringify({ type: 'skill/discover/req', id: 'd' }));
      await expect.poll(() => attacker.upgrades.length).toBe(1);
      // The connection went there (the user's list says so), but without the token.
      expect(attacker.upgrades[0].headers.authorization).toBeUndefined();
      expect(JSON.stringify(attacker.upgrades[0].headers)).not.toContain(TOKEN);
      bridge.close();
    } finally {
      await attacker.close();
    }
  });

  it('a token file others can read is refused, and its token is not used', async () => {
    const hosts = new RemoteHosts(settings, null);
    await hosts.save({ name: 'Team', url: 'wss://skills.example.com/a2e', token: TOKEN });
    chmodSync(path.join(path.dirname(settings), REMOTE_TOKENS_FILE), 0o644);
    await expect(hosts.target('team')).rejects.toThrow(/can be read or written by others/);
    const info = await hosts.info();
    expect(info.hosts[0].has_token).toBe(false);
    expect(info.problem).toMatch(/chmod 600/);
  });

  it('refuses what is not a ws:// or wss:// URL, a URL with a password, a token with spaces', async () => {
    const hosts = new RemoteHosts(settings, null);
    await expect(hosts.save({ name: 'x', url: 'http://h/a2e' })).rejects.toThrow(
      /not a WebSocket URL/,
    );
    await expect(hosts.save({ name: 'x', url: 'wss://u:p@h/a2e' })).rejects.toThrow(/password/);
    await expect(hosts.save({ name: 'x', url: 'wss://h/a2e', token: 'a b' })).rejects.toThrow(
      /spaces/,
    );
    expect((await hosts.info()).hosts).toEqual([]);
  });

  it('removing a host forgets its token; --no-user keeps nothing and says why', async () => {
    const hosts = new RemoteHosts(settings, null);
    await hosts.save({ name: 'Team', url: 'wss://h/a2e', token: TOKEN });
    await hosts.remove('team');
    expect(
      readFileSync(path.join(path.dirname(settings), REMOTE_TOKENS_FILE), 'utf8'),
    ).not.toContain(TOKEN);
    const none = new RemoteHosts(null, null);
    expect((await none.info()).problem).toMatch(/--no-user/);
    await expect(none.save({ name: 'Team', url: 'wss://h/a2e' })).rejects.toThrow(/--no-user/);
  });
});

describe('RemoteHosts (the desktop app: the key store)', () => {
  it('keeps the token encrypted in the key store, never in clear on disk', async () => {
    const cipher: KeyCipher = {
      unavailable: () => null,
      where: () => 'the test keyring',
      encrypt: (plain) => Buffer.from([...Buffer.from(plain, 'utf8')].map((b) => b ^ 0x5a)),
      decrypt: (enc) => Buffer.from([...enc].map((b) => b ^ 0x5a)).toString('utf8'),
    };
    const stateDir = path.join(dir, 'state');
    const hosts = new RemoteHosts(settings, new EncryptedKeyFile(stateDir, cipher));
    const info = await hosts.save({ name: 'Team', url: 'wss://h/a2e', token: TOKEN });
    expect(info.tokens_where).toBe('the test keyring');
    expect((await hosts.target('team')).token).toBe(TOKEN);
    expect(allText(dir)).not.toContain(TOKEN);
  });
});

describe('the bridge to a remote host (a second serve)', () => {
  let remoteWs: TempWorkspace;
  let remote: { host: StudioHost; server: RunningServer };
  let url: string;
  beforeAll(async () => {
    remoteWs = tempWorkspace('skill-studio-bridge-remote-');
    remoteWs.addSkill('far', 'name: far\ndescription: Lives on the remote host.', '# Far\n');
    remote = await serveWorkspace(remoteWs.root, TOKEN);
    url = `ws://127.0.0.1:${remote.server.port}/a2e`;
  }, 60_000);
  afterAll(async () => {
    await remote?.server.close();
    await remote?.host.close();
    remoteWs?.cleanup();
  });

  const target = (t: Partial<RemoteTarget>) => () =>
    Promise.resolve({ name: 'Team', url, token: TOKEN, ...t });
  const parsed = (frames: string[]) => frames.map((f) => JSON.parse(f) as Record<string, unknown>);

  it('relays discovery to the remote host, sent before the connection opened', async () => {
    const frames: string[] = [];
    const bridge = openRemoteBridge(target({}), (f) => frames.push(f));
    bridge.receive(JSON.stringify({ type: 'skill/discover/req', id: 'd1' }));
    await bridge.whenIdle();
    const [resp] = parsed(frames);
    expect(resp).toMatchObject({ type: 'skill/discover/resp', req_id: 'd1' });
    expect((resp.skills as { name: string }[]).map((s) => s.name)).toContain('far');
    bridge.close();
  });

  it('a refused token answers every waiting request, naming the host and the 401', async () => {
    const frames: string[] = [];
    const bridge = openRemoteBridge(target({ token: 'wrong-token-xxxxxxxxxxxxxxxx' }), (f) =>
      frames.push(f),
    );
    bridge.receive(
      JSON.stringify({ type: 'skill/call/req', id: 'c1', name: 'far', arguments: {} }),
    );
    bridge.receive(JSON.stringify({ type: 'skill/discover/req', id: 'd2' }));
    await bridge.whenIdle();
    const msgs = parsed(frames);
    expect(msgs.map((m) => [m.type, m.req_id])).toEqual([
      ['skill/call/resp', 'c1'],
      ['skill/discover/resp', 'd2'],
    ]);
    for (const m of msgs)
      expect((m.error as { message: string }).message).toMatch(
        /^Team: .*refused the token \(401\)/,
      );
    // A request after the refusal is answered too, not left waiting.
    bridge.receive(JSON.stringify({ type: 'skill/discover/req', id: 'd3' }));
    expect(parsed(frames).at(-1)).toMatchObject({ req_id: 'd3', error: { code: 'runtime_error' } });
  });

  it('an unreachable host answers the request saying it cannot be reached', async () => {
    const gone = await listener();
    const deadUrl = gone.url;
    await gone.close();
    const frames: string[] = [];
    const bridge = openRemoteBridge(target({ url: deadUrl }), (f) => frames.push(f));
    bridge.receive(JSON.stringify({ type: 'skill/call/req', id: 'c', name: 'far', arguments: {} }));
    await bridge.whenIdle();
    expect(parsed(frames)[0]).toMatchObject({
      type: 'skill/call/resp',
      req_id: 'c',
      error: { code: 'runtime_error' },
    });
    expect(frames[0]).toMatch(/cannot reach .*ECONNREFUSED/);
  });

  it('a host that goes away mid-call answers the call with why', async () => {
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((r) => wss.once('listening', r));
    wss.on('connection', (ws) => ws.on('message', () => ws.close(1001, 'host restarting')));
    try {
      const port = (wss.address() as { port: number }).port;
      const frames: string[] = [];
      const bridge = openRemoteBridge(target({ url: `ws://127.0.0.1:${port}/a2e` }), (f) =>
        frames.push(f),
      );
      bridge.receive(JSON.stringify({ type: 'skill/call/req', id: 'c', name: 'x', arguments: {} }));
      await bridge.whenIdle();
      expect(frames[0]).toMatch(/host restarting/);
      expect(parsed(frames)[0]).toMatchObject({ type: 'skill/call/resp', req_id: 'c' });
    } finally {
      await new Promise<void>((r) => wss.close(() => r()));
    }
  });
});
