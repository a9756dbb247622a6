/**
 * `a2e --connect URL --token-file F` against a second, real `serve` started here as the
 * "remote" host: discover, a call with its events, cancel (the remote's process is gone), a
 * refused token, an unreachable URL, TLS that fails, a frame over 8 MiB and the remote
 * closing mid-call: each ends with a message that says what to fix.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer } from 'node:net';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { runCli } from './main';
import type { CliIO } from './io';
import type { StudioHost } from '../host/studio-host';
import type { RunningServer } from '../server/server';
import { serveWorkspace } from '../test-support/serve-workspace';
import { tempWorkspace, type TempWorkspace } from '../test-support/temp-workspace';
import { gone } from '../test-support/process-gone';

const TOKEN = 'remote-host-token-0123456789abcdef';

const ECHO = `
let input = '';
process.stdin.on('data', (c) => (input += c));
process.stdin.on('end', () => {
  const args = JSON.parse(input).arguments;
  console.log(JSON.stringify({ type: 'progress', pct: 50, message: 'half way' }));
  console.log(JSON.stringify({ type: 'log', level: 'info', message: 'ran remotely' }));
  console.log(JSON.stringify({ type: 'result', data: { echoed: args.text }, summary: 'ok' }));
});
`;
/** Writes its pid, then sleeps until killed. */
const SLEEPER = `
import { writeFileSync } from 'node:fs';
let input = '';
process.stdin.on('data', (c) => (input += c));
process.stdin.on('end', () => {
  writeFileSync(JSON.parse(input).arguments.pidfile, String(process.pid));
  console.log(JSON.stringify({ type: 'status', message: 'asleep' }));
  setInterval(() => {}, 1000);
});
`;

let remote: { host: StudioHost; server: RunningServer };
let remoteWs: TempWorkspace;
let local: TempWorkspace;
let url: string;
let tokenFile: string;
const savedSandbox = process.env.SKILL_STUDIO_SANDBOX;

beforeAll(async () => {
  // Process mode: a pid written by the skill is the host's own, so "gone" means gone.
  process.env.SKILL_STUDIO_SANDBOX = 'process';
  remoteWs = tempWorkspace('skill-studio-remote-');
  remoteWs.addSkill(
    'echo-remote',
    'name: echo-remote\ndescription: Echoes its text from the remote host.\nentrypoint: run.mjs\ntags: [remote]',
    '# Echo\n',
    { 'run.mjs': ECHO },
  );
  remoteWs.addSkill(
    'sleeper',
    'name: sleeper\ndescription: Sleeps until killed.\nentrypoint: run.mjs',
    '# Sleeper\n',
    { 'run.mjs': SLEEPER },
  );
  // Process mode as root runs skills as another user: let it read the skill and write pids.
  chmodSync(remoteWs.root, 0o755);
  mkdirSync(path.join(remoteWs.root, 'pids'), { mode: 0o777 });
  chmodSync(path.join(remoteWs.root, 'pids'), 0o777);
  remote = await serveWorkspace(remoteWs.root, TOKEN);
  url = `ws://127.0.0.1:${remote.server.port}/a2e`;
  local = tempWorkspace('skill-studio-connect-');
  tokenFile = path.join(local.root, 'remote.token');
  writeFileSync(tokenFile, TOKEN + '\n', { mode: 0o600 });
}, 60_000);

afterAll(async () => {
  await remote?.server.close();
  await remote?.host.close();
  remoteWs?.cleanup();
  local?.cleanup();
  if (savedSandbox === undefined) delete process.env.SKILL_STUDIO_SANDBOX;
  else process.env.SKILL_STUDIO_SANDBOX = savedSandbox;
});

interface Run {
  /** Resolves with the exit code. */
  done: Promise<number>;
  stdin: PassThrough;
  out: () => string;
  err: () => string;
  /** Messages written so far. */
  messages: () => Record<string, unknown>[];
  interrupt: () => void;
}

/** The CLI in-process, its stdin left open for the test to write and end. */
function startConnect(args: string[]): Run {
  const out = new PassThrough();
  const err = new PassThrough();
  const stdin = new PassThrough();
  let stdout = '';
  let stderr = '';
  out.on('data', (c) => (stdout += c));
  err.on('data', (c) => (stderr += c));
  const interrupts: (() => void)[] = [];
  const io: CliIO = {
    stdout: out,
    stderr: err,
    stdin,
    cwd: local.root,
    env: { PATH: process.env.PATH, HOME: local.root },
    onInterrupt: (f) => {
      interrupts.push(f);
      return () => undefined;
    },
    onOutputClosed: () => () => undefined,
  };
  const done = runCli(['a2e', '--no-user', ...args], io);
  return {
    done,
    stdin,
    out: () => stdout,
    err: () => stderr,
    messages: () =>
      stdout
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as Record<string, unknown>),
    interrupt: () => interrupts.forEach((f) => f()),
  };
}

async function until(cond: () => boolean, what: string, ms = 30_000): Promise<void> {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const line = (msg: unknown) => JSON.stringify(msg) + '\n';

describe('a2e --connect', () => {
  it('discovers the remote host’s skills, not ours', async () => {
    local.addSkill('only-local', 'name: only-local\ndescription: Lives here only.', '# Local\n');
    const run = startConnect(['--connect', url, '--token-file', tokenFile]);
    run.stdin.end(line({ type: 'skill/discover/req', id: 'd1', filter_tags: [] }));
    expect(await run.done).toBe(0);
    const [resp] = run.messages();
    expect(resp).toMatchObject({ type: 'skill/discover/resp', req_id: 'd1' });
    const names = (resp.skills as { name: string }[]).map((s) => s.name).sort();
    expect(names).toEqual(['echo-remote', 'sleeper']);
  });

  it('runs a call with its events; stdin ending still waits for the answer', async () => {
    const run = startConnect(['--connect', url, '--token-file', tokenFile]);
    // The request, then end of input at once: the call must still be answered before exit.
    run.stdin.end(
      line({
        type: 'skill/call/req',
        id: 'c1',
        name: 'echo-remote',
        arguments: { text: 'over the wire' },
      }),
    );
    expect(await run.done).toBe(0);
    const msgs = run.messages();
    const events = msgs.filter((m) => m.type === 'skill/event');
    expect(events.map((e) => e.kind)).toEqual(expect.arrayContaining(['progress', 'log']));
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
    const resp = msgs.at(-1)!;
    expect(resp).toMatchObject({ type: 'skill/call/resp', req_id: 'c1' });
    expect((resp.data as { data: unknown }).data).toEqual({ echoed: 'over the wire' });
  });

  it('a request without an id is answered under the id the bridge gave it', async () => {
    const run = startConnect(['--connect', url, '--token-file', tokenFile]);
    run.stdin.end(line({ type: 'skill/call/req', name: 'echo-remote', arguments: { text: 'x' } }));
    expect(await run.done).toBe(0);
    expect(run.messages().at(-1)).toMatchObject({ type: 'skill/call/resp' });
  });

  it('cancel: interrupting closes the connection and the remote run’s process is gone', async () => {
    const pidfile = path.join(remoteWs.root, 'pids', 'cancel');
    const run = startConnect(['--connect', url, '--token-file', tokenFile]);
    run.stdin.write(
      line({
        type: 'skill/call/req',
        id: 'slow',
        name: 'sleeper',
        arguments: { pidfile },
        timeout: 120,
      }),
    );
    await until(() => existsSync(pidfile) && readFileSync(pidfile, 'utf8') !== '', 'the pid file');
    const pid = Number(readFileSync(pidfile, 'utf8'));
    expect(gone(pid)).toBe(false);
    run.interrupt();
    expect(await run.done).toBe(0);
    await until(() => gone(pid), 'the remote skill process to end', 15_000);
  });

  it('a refused token says so (401) and names the token file', async () => {
    const wrong = path.join(local.root, 'wrong.token');
    writeFileSync(wrong, 'not-the-token-of-that-host', { mode: 0o600 });
    const run = startConnect(['--connect', url, '--token-file', wrong]);
    run.stdin.end();
    expect(await run.done).toBe(1);
    expect(run.err()).toMatch(/refused the token \(401\)/);
    expect(run.err()).toMatch(/--token-file/);
    expect(run.out()).toBe('');
  });

  it('no token at all is refused the same way', async () => {
    const run = startConnect(['--connect', url]);
    run.stdin.end();
    expect(await run.done).toBe(1);
    expect(run.err()).toMatch(/refused the token \(401\)/);
  });

  it('a token file others can read is refused before anything is sent', async () => {
    const loose = path.join(local.root, 'loose.token');
    writeFileSync(loose, TOKEN);
    chmodSync(loose, 0o644);
    const run = startConnect(['--connect', url, '--token-file', loose]);
    run.stdin.end();
    expect(await run.done).toBe(1);
    expect(run.err()).toMatch(/can be read or written by others.*chmod 600/);
  });

  it('an unreachable URL says the host cannot be reached', async () => {
    // A port that was just free: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const s = createNetServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const run = startConnect(['--connect', `ws://127.0.0.1:${port}/a2e`]);
    run.stdin.end();
    expect(await run.done).toBe(1);
    expect(run.err()).toMatch(/cannot reach ws:\/\/127\.0\.0\.1:\d+\/a2e \(ECONNREFUSED\)/);
  });

  it('a URL that is not ws:// or wss:// is a usage mistake named as such', async () => {
    const run = startConnect(['--connect', 'http://127.0.0.1:1/a2e']);
    run.stdin.end();
    expect(await run.done).toBe(1);
    expect(run.err()).toMatch(/not a WebSocket URL: give ws:\/\/HOST:PORT\/a2e or wss:/);
  });

  it('TLS that fails (a certificate nobody vouches for) is told as TLS', async () => {
    const dir = path.join(local.root, 'tls');
    mkdirSync(dir);
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const https = createHttpsServer({
      key: readFileSync(path.join(dir, 'key.pem')),
      cert: readFileSync(path.join(dir, 'cert.pem')),
    });
    const wss = new WebSocketServer({ server: https });
    let connected = false;
    wss.on('connection', () => (connected = true));
    await new Promise<void>((r) => https.listen(0, '127.0.0.1', r));
    try {
      const port = (https.address() as { port: number }).port;
      const run = startConnect([
        '--connect',
        `wss://127.0.0.1:${port}/a2e`,
        '--token-file',
        tokenFile,
      ]);
      run.stdin.end();
      expect(await run.done).toBe(1);
      expect(run.err()).toMatch(
        /TLS with wss:\/\/127\.0\.0\.1:\d+\/a2e failed \(DEPTH_ZERO_SELF_SIGNED_CERT/,
      );
      expect(run.err()).toMatch(/NODE_EXTRA_CA_CERTS/);
      // Nothing reached a server we do not trust: the token was never sent.
      expect(connected).toBe(false);
    } finally {
      wss.close();
      await new Promise<void>((r) => https.close(() => r()));
    }
  });

  it('a line over 8 MiB is answered here with parse_error, never sent; the next line runs', async () => {
    const run = startConnect(['--connect', url, '--token-file', tokenFile]);
    const huge = JSON.stringify({
      type: 'skill/call/req',
      id: 'big',
      name: 'echo-remote',
      arguments: { text: 'x'.repeat(8 * 1024 * 1024 + 10) },
    });
    run.stdin.write(huge + '\n');
    run.stdin.end(
      line({ type: 'skill/call/req', id: 'after', name: 'echo-remote', arguments: { text: 'ok' } }),
    );
    expect(await run.done).toBe(0);
    const msgs = run.messages();
    expect(msgs[0]).toMatchObject({ type: 'error', error: { code: 'parse_error' } });
    expect((msgs[0].error as { message: string }).message).toMatch(/8 MiB/);
    expect(msgs.at(-1)).toMatchObject({ type: 'skill/call/resp', req_id: 'after' });
    expect(msgs.some((m) => m.req_id === 'big')).toBe(false);
  });

  it('a frame from the host over 8 MiB ends the bridge, saying so', async () => {
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((r) => wss.once('listening', r));
    wss.on('connection', (ws) => ws.send('x'.repeat(8 * 1024 * 1024 + 1)));
    try {
      const port = (wss.address() as { port: number }).port;
      const run = startConnect(['--connect', `ws://127.0.0.1:${port}/a2e`]);
      expect(await run.done).toBe(1);
      expect(run.err()).toMatch(/a frame went over 8 MiB/);
      run.stdin.end();
    } finally {
      wss.close();
    }
  });

  it('a reader that stops reading makes the host wait: we never hold its frames', async () => {
    const MiB = 1024 * 1024;
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((r) => wss.once('listening', r));
    let serverBacklog = 0;
    wss.on('connection', (ws) => {
      const frame = JSON.stringify({ type: 'skill/event', pad: 'x'.repeat(MiB) });
      for (let i = 0; i < 48; i++) ws.send(frame);
      const t = setInterval(() => (serverBacklog = Math.max(serverBacklog, ws.bufferedAmount)), 20);
      ws.on('close', () => clearInterval(t));
    });
    try {
      const port = (wss.address() as { port: number }).port;
      // stdout that nobody reads: 16 KiB of room, as a pipe to a stuck reader has little more.
      const out = new PassThrough();
      const err = new PassThrough();
      const stdin = new PassThrough();
      let peak = 0;
      const done = runCli(['a2e', '--no-user', '--connect', `ws://127.0.0.1:${port}/a2e`], {
        stdout: out,
        stderr: err,
        stdin,
        cwd: local.root,
        env: { PATH: process.env.PATH, HOME: local.root },
        onInterrupt: () => () => undefined,
        onOutputClosed: () => () => undefined,
      });
      const t0 = Date.now();
      while (Date.now() - t0 < 3000) {
        peak = Math.max(peak, out.writableLength);
        await new Promise((r) => setTimeout(r, 20));
      }
      // The host holds what we did not read; we held a few frames at most.
      expect(peak).toBeLessThan(8 * MiB);
      expect(serverBacklog).toBeGreaterThan(8 * MiB);
      // Reading again drains everything, in order, and the bridge ends with the input.
      let lines = 0;
      out.on('data', (c: Buffer) => (lines += c.toString().split('\n').length - 1));
      await new Promise<void>((r) => {
        const w = setInterval(() => {
          if (lines >= 48) {
            clearInterval(w);
            r();
          }
        }, 20);
      });
      stdin.end();
      expect(await done).toBe(0);
    } finally {
      wss.close();
    }
  }, 30_000);

  it('the remote closing mid-call exits non-zero with the reason', async () => {
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((r) => wss.once('listening', r));
    wss.on('connection', (ws) => ws.on('message', () => ws.close(1001, 'host shutting down')));
    try {
      const port = (wss.address() as { port: number }).port;
      const run = startConnect(['--connect', `ws://127.0.0.1:${port}/a2e`]);
      run.stdin.write(line({ type: 'skill/call/req', id: 'c', name: 'x', arguments: {} }));
      expect(await run.done).toBe(1);
      expect(run.err()).toMatch(/closed the connection \(code 1001: host shutting down\)/);
    } finally {
      wss.close();
    }
  });
});
