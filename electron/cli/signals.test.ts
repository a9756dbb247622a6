/**
 * Signals end the runs they started: the real CLI process (from source) runs a
 * skill that sleeps with a child; SIGTERM, SIGINT, SIGHUP, or its parent's death
 * must make it exit within a few seconds with both processes gone — in process
 * mode (SKILL_STUDIO_SANDBOX=process), where no PID namespace would hide a leak.
 * Covers `call`, `test`, `a2e --stdio` and `serve` (over its A2E WebSocket).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { tempWorkspace, type TempWorkspace } from '../test-support/temp-workspace';
import { gone } from '../test-support/process-gone';

const ENTRY = fileURLToPath(new URL('../test-support/source-cli.ts', import.meta.url));
const TSX = import.meta.resolve('tsx');
/** Starting the CLI from source on a busy machine is slow; the stop itself must not be. */
const START_MS = 90_000;
/** The hard deadline is 5 s; anything past this means the host hung. */
const STOP_MS = 15_000;

/** Writes its pid and its child's into `pidfile`, then sleeps until killed. */
const SLEEPER = `
import { writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
let input = '';
process.stdin.on('data', (c) => (input += c));
process.stdin.on('end', () => {
  const args = JSON.parse(input).arguments;
  const child = spawn('sleep', ['300'], { stdio: 'ignore' });
  writeFileSync(args.pidfile, process.pid + ' ' + child.pid);
  console.log(JSON.stringify({ type: 'status', message: 'asleep' }));
  setInterval(() => {}, 1000);
});
`;

let ws: TempWorkspace;
let pidDir: string;
let counter = 0;

beforeAll(() => {
  ws = tempWorkspace('skill-studio-signals-');
  ws.addSkill(
    'sleeper',
    'name: sleeper\ndescription: Sleeps with a child until killed.\nentrypoint: run.mjs',
    '# Sleeper\n',
    { 'run.mjs': SLEEPER },
  );
  // Process mode as root runs skills as another user: let it read the skill and write pids.
  chmodSync(ws.root, 0o755);
  pidDir = path.join(ws.root, 'pids');
  mkdirSync(pidDir);
  chmodSync(pidDir, 0o777);
});
afterAll(() => ws.cleanup());

function newPidFile(): string {
  return path.join(pidDir, `run-${++counter}`);
}

function startCli(args: string[]): ChildProcess {
  return spawn(process.execPath, ['--import', TSX, ENTRY, ...args, '--no-user'], {
    cwd: ws.root,
    env: { PATH: process.env.PATH, HOME: ws.root, SKILL_STUDIO_SANDBOX: 'process' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** Resolves with the pids once the skill has written them. */
async function pidsIn(file: string, cli: ChildProcess): Promise<number[]> {
  const t0 = Date.now();
  let output = '';
  cli.stdout?.on('data', (c) => (output += c));
  cli.stderr?.on('data', (c) => (output += c));
  while (Date.now() - t0 < START_MS) {
    if (existsSync(file)) {
      const pids = readFileSync(file, 'utf8').trim().split(/\s+/).map(Number);
      if (pids.length === 2 && pids.every((p) => p > 0)) return pids;
    }
    if (cli.exitCode !== null) throw new Error(`the CLI ended early: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the skill never started: ${output}`);
}

/** Exit code (or the signal that killed it), or an error when it outlives `ms`. */
function exited(cli: ChildProcess, ms = STOP_MS): Promise<number | string> {
  return new Promise((resolve, reject) => {
    if (cli.exitCode !== null) return resolve(cli.exitCode);
    const timer = setTimeout(() => {
      cli.kill('SIGKILL');
      reject(new Error(`the CLI did not exit within ${ms} ms`));
    }, ms);
    cli.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? String(signal));
    });
  });
}

async function expectGone(pids: number[]): Promise<void> {
  // The kills are sent before the CLI exits; give the kernel a moment to finish them.
  for (let i = 0; i < 50 && !pids.every(gone); i++) await new Promise((r) => setTimeout(r, 100));
  for (const pid of pids) expect(gone(pid), `process ${pid} still runs`).toBe(true);
}

function callArgs(pidfile: string): string[] {
  return ['call', 'sleeper', '--timeout', '600', '--args', JSON.stringify({ pidfile })];
}

describe.skipIf(process.platform === 'win32')('signals end the runs they started', () => {
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    it(
      `call: ${signal} cancels the run, kills its processes and exits 1`,
      async () => {
        const pidfile = newPidFile();
        const cli = startCli(callArgs(pidfile));
        const pids = await pidsIn(pidfile, cli);
        cli.kill(signal);
        expect(await exited(cli)).toBe(1);
        await expectGone(pids);
      },
      START_MS + STOP_MS,
    );
  }

  it(
    'test: SIGTERM stops the case that runs and exits 1',
    async () => {
      const pidfile = newPidFile();
      ws.write(
        'skills/sleeper/tests/cases/long.json',
        JSON.stringify({
          name: 'long',
          arguments: { pidfile },
          timeout: 600,
          expect: { success: true },
        }),
      );
      const cli = startCli(['test', 'sleeper']);
      const pids = await pidsIn(pidfile, cli);
      cli.kill('SIGTERM');
      expect(await exited(cli)).toBe(1);
      await expectGone(pids);
    },
    START_MS + STOP_MS,
  );

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(
      `a2e --stdio: ${signal} with stdin still open kills the run and exits`,
      async () => {
        const pidfile = newPidFile();
        const cli = startCli(['a2e', '--stdio']);
        cli.stdin?.write(
          JSON.stringify({
            type: 'skill/call/req',
            id: 'c1',
            name: 'sleeper',
            arguments: { pidfile },
            timeout: 600,
          }) + '\n',
        );
        const pids = await pidsIn(pidfile, cli);
        cli.kill(signal);
        expect(await exited(cli)).toBe(0);
        await expectGone(pids);
      },
      START_MS + STOP_MS,
    );
  }

  it(
    'serve: SIGTERM kills a run started over the A2E WebSocket and exits',
    async () => {
      const pidfile = newPidFile();
      const token = 'signals-test-token-0123456789';
      const tokenFile = path.join(ws.root, 'token');
      writeFileSync(tokenFile, token + '\n', { mode: 0o600 });
      const cli = startCli(['serve', '--port', '0', '--token-file', tokenFile]);
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error(`serve did not start: ${out}`)), START_MS);
        cli.stdout?.on('data', (c) => {
          out += c;
          const m = /Skill Studio: (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]);
          }
        });
      });
      const socket = new WebSocket(`${url.replace('http', 'ws')}/a2e`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      socket.on('error', () => undefined);
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('unexpected-response', (_req, res) =>
          reject(new Error(`upgrade refused: ${res.statusCode}`)),
        );
      });
      socket.send(
        JSON.stringify({
          type: 'skill/call/req',
          id: 'w1',
          name: 'sleeper',
          arguments: { pidfile },
          timeout: 600,
        }),
      );
      const pids = await pidsIn(pidfile, cli);
      cli.kill('SIGTERM');
      expect(await exited(cli)).toBe(0);
      socket.terminate();
      await expectGone(pids);
    },
    START_MS + STOP_MS,
  );

  it(
    "call: the parent's death (SIGKILL) ends the CLI and its run",
    async () => {
      const pidfile = newPidFile();
      const cliLine = [process.execPath, '--import', TSX, ENTRY, ...callArgs(pidfile), '--no-user']
        .map((a) => `'${a.replace(/'/g, `'\\''`)}'`)
        .join(' ');
      // A shell starts the CLI in the background, says its pid, and waits to be killed.
      const parent = spawn(
        '/bin/sh',
        ['-c', `${cliLine} </dev/null >/dev/null 2>&1 & echo $!; wait`],
        {
          cwd: ws.root,
          env: { PATH: process.env.PATH, HOME: ws.root, SKILL_STUDIO_SANDBOX: 'process' },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      const cliPid = await new Promise<number>((resolve) =>
        parent.stdout?.once('data', (c) => resolve(Number(String(c).trim()))),
      );
      const pids = await pidsIn(pidfile, parent);
      parent.kill('SIGKILL');
      // Polled about once a second, then the usual stop: well within the limit.
      const t0 = Date.now();
      while (!gone(cliPid) && Date.now() - t0 < STOP_MS)
        await new Promise((r) => setTimeout(r, 100));
      expect(gone(cliPid), 'the orphaned CLI still runs').toBe(true);
      await expectGone(pids);
    },
    START_MS + STOP_MS,
  );
});
