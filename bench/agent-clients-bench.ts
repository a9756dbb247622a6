/**
 * Runs in the real agent clients (issue: the truth from the clients). Two figures, each
 * beside its baseline measured in the same run, interleaved:
 * - the relay's added time to first byte: a streamed Anthropic Messages request sent to the
 *   fake model server directly, and the same request through a run's relay (target: p50
 *   at most 5 ms more);
 * - a whole Claude Code run through the studio (throwaway project, relay, recording, event
 *   mapping, clean-up) against the same client started by hand on the same kind of folder,
 *   pointed straight at the same fake, each until the client's result line (target: at
 *   most 1.1×). Skipped, saying why, when the
 *   pinned Claude Code is not installed (`node scripts/agent-clients.mjs install`).
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startRelay } from '../electron/host/agent-clients/relay/relay';
import { baseEnv, runClient, runnerFor } from '../electron/host/agent-clients/run-client';
import { startFakeModelServer } from '../electron/host/agent-clients/test-support/fake-model-server';
import {
  fakeUpstream,
  installedClient,
} from '../electron/host/agent-clients/test-support/client-fixtures';
import { agentClientMissing } from '../electron/test-support/agent-clients';
import { median, ms, percentile, type Row } from './bench-util';

const TTFB_PAIRS = 60;
const RUN_PAIRS = 5;
const KEY = 'sk-ant-bench-upstream-key-0000000000';

/** Time to the first byte of a streamed Messages answer from `base`. */
async function ttfb(base: string, key: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${base}/v1/messages?beta=true`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify({
      model: 'claude-sonnet-4-5',
      max_tokens: 64,
      stream: true,
      messages: [{ role: 'user', content: 'say hello' }],
    }),
  });
  const reader = res.body!.getReader();
  await reader.read();
  const first = performance.now() - t0;
  while (!(await reader.read()).done);
  return first;
}

async function relayRows(fakeUrl: string): Promise<Row[]> {
  const relay = await startRelay({
    baseUrl: fakeUrl,
    kind: 'anthropic',
    auth: { mode: 'key', key: KEY },
    relayKey: 'relay-bench-key',
  });
  try {
    await ttfb(fakeUrl, KEY);
    await ttfb(relay.url, 'relay-bench-key');
    const direct: number[] = [];
    const through: number[] = [];
    for (let i = 0; i < TTFB_PAIRS; i++) {
      direct.push(await ttfb(fakeUrl, KEY));
      through.push(await ttfb(relay.url, 'relay-bench-key'));
    }
    const added = median(through) - median(direct);
    return [
      {
        what: `relay: time to first byte, p50 (${TTFB_PAIRS} streamed requests)`,
        figure: `${ms(median(through))} (p95 ${ms(percentile(through, 95))})`,
        baseline: `${ms(median(direct))} direct`,
        ratio: `+${ms(Math.max(0, added))}`,
        target: `≤ +5 ms${added > 5 ? ' — missed' : ''}`,
      },
    ];
  } finally {
    await relay.close();
  }
}

function skillFolder(root: string): { name: string; dir: string } {
  const dir = path.join(root, 'skills', 'hello-skill');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'SKILL.md'),
    '---\nname: hello-skill\ndescription: Greets the user warmly when asked for a greeting.\n---\n\nSay hello.\n',
  );
  return { name: 'hello-skill', dir };
}

/** Claude Code started by hand: the runner's own command line, straight at the fake. */
async function runAlone(root: string, skill: { name: string; dir: string }, fakeUrl: string) {
  const run = mkdtempSync(path.join(root, 'alone-'));
  const projectDir = path.join(run, 'project');
  const homeDir = path.join(run, 'home');
  const tmpDir = path.join(run, 'tmp');
  for (const d of [projectDir, homeDir, tmpDir]) mkdirSync(d, { recursive: true });
  const runner = runnerFor('claude-code');
  const dest = path.join(projectDir, ...runner.skillsFolder.split('/'), skill.name);
  cpSync(skill.dir, dest, { recursive: true });
  const client = installedClient('claude-code');
  const launch = await runner.prepare({
    binary: client.path!,
    version: client.version,
    projectDir,
    homeDir,
    skills: [{ name: skill.name, dir: dest }],
    prompt: 'please greet me',
    relayUrl: fakeUrl,
    upstream: { kind: 'anthropic', model: 'claude-sonnet-4-5' },
    relayKey: KEY,
    allowScripts: false,
  });
  await new Promise<void>((resolve, reject) => {
    const child = spawn(launch.argv[0], launch.argv.slice(1), {
      cwd: launch.cwd,
      // The environment the driver gives a client, so only the studio differs.
      env: { ...baseEnv(homeDir, tmpDir, launch.cwd), ...launch.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    // Done at the client's result line, as the studio's run is (the process may linger after).
    let seen = '';
    child.stdout.on('data', (c: Buffer) => {
      seen += c.toString();
      if (/"type":"result"/.test(seen)) {
        child.kill('SIGKILL');
        resolve();
      }
    });
    child.stderr.resume();
    child.stdin.end(launch.stdin ?? '');
    child.once('error', reject);
    child.once('exit', () => resolve());
  });
  rmSync(run, { recursive: true, force: true });
}

async function clientRows(fakeUrl: string): Promise<Row[]> {
  const missing = agentClientMissing('claude-code');
  const what = 'a Claude Code run (activates a skill, answers), whole';
  if (missing)
    return [{ what, figure: 'not measured', baseline: missing, ratio: '—', target: '≤ 1.1×' }];
  const root = mkdtempSync(path.join(os.tmpdir(), 'client-bench-'));
  try {
    const skill = skillFolder(root);
    const studio = async () => {
      const t0 = performance.now();
      const out = await runClient({
        client: installedClient('claude-code'),
        skills: [skill],
        prompt: 'please greet me',
        upstream: fakeUpstream('claude-code', fakeUrl, KEY),
        allowScripts: false,
        timeoutMs: 60_000,
        runsRoot: root,
      });
      if (out.error) throw new Error(`the run failed: ${out.error.message}`);
      return performance.now() - t0;
    };
    const alone = async () => {
      const t0 = performance.now();
      await runAlone(root, skill, fakeUrl);
      return performance.now() - t0;
    };
    await alone();
    await studio();
    const a: number[] = [];
    const s: number[] = [];
    const ratios: number[] = [];
    for (let i = 0; i < RUN_PAIRS; i++) {
      const x = await alone();
      const y = await studio();
      a.push(x);
      s.push(y);
      ratios.push(y / x);
    }
    const ratio = median(ratios);
    return [
      {
        what: `${what}, median of ${RUN_PAIRS} pairs`,
        figure: `${ms(median(s))} through the studio`,
        baseline: `${ms(median(a))} alone`,
        ratio: `${ratio.toFixed(2)}×`,
        target: `≤ 1.1×${ratio > 1.1 ? ' — missed' : ''}`,
      },
    ];
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

export async function agentClientsBench(): Promise<Row[]> {
  const fake = await startFakeModelServer((prompt) =>
    /greet/.test(prompt)
      ? { do: 'activate', skill: 'hello-skill', answer: 'Hello there, friend.' }
      : { do: 'answer', answer: 'Hello.' },
  );
  try {
    return [...(await relayRows(fake.url)), ...(await clientRows(fake.url))];
  } finally {
    await fake.close();
  }
}
