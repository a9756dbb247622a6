/**
 * The container sandbox against a real engine: Podman's Docker-compatible service on a
 * private socket (test-support/podman.ts), a test image built here, real skills. Each test
 * is one guarantee, tried as a hostile skill would: no network, not root, its folder
 * read-only, the memory and pids caps, and no container left behind after a timeout, a
 * cancel, or a studio killed mid-run. Without podman the file skips with the reason
 * (never under CI=true).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Docker from 'dockerode';
import { makeCallRequest } from '../../../../shared/protocol/messages';
import type { SkillResult } from '../../../../shared/protocol/a2e';
import { A2EHost } from '../a2e-host';
import { agentPolicy, FixtureCatalog, readFixture } from '../fixtures/fixture-catalog';
import type { ScriptLimits } from '../script-limits';
import { connectEngine, dockerFor, parseEngineHost } from './container-engine';
import { studioContainers } from './container-cleanup';
import { defaultRunnerConfig, type RunnerConfig } from '../../workspace/runner-config';
import { bwrapStatus, detectSandbox, sandboxWarning } from './detect';
import { podmanSkipReason, startPodman, type PodmanEngine } from './test-support/podman';
import { writeContainerSkill } from './test-support/container-skill';

const skip = podmanSkipReason();
if (skip) console.warn(`[container tests] skipped: ${skip}`);

const MB = 1024 * 1024;
const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '..', '..', '..', '..');
const CLI_BUNDLE = path.join(REPO, 'dist', 'cli.cjs');

describe.skipIf(skip !== null)('the container sandbox on a real engine', () => {
  let engine: PodmanEngine;
  let docker: Docker;
  let root: string;
  let catalog: FixtureCatalog;

  const runner = (over: Partial<RunnerConfig['container']> = {}): RunnerConfig => ({
    sandbox: 'container',
    container: {
      ...defaultRunnerConfig().container,
      host: engine.host,
      images: { node: engine.image, python: engine.image, bash: engine.image },
      ...over,
    },
  });
  const hostWith = (config: RunnerConfig = runner(), limits: Partial<ScriptLimits> = {}): A2EHost =>
    new A2EHost({
      catalog,
      agents: agentPolicy({}),
      script: { runner: () => config, limits: { memoryBytes: 256 * MB, ...limits } },
    });
  const call = async (
    host: A2EHost,
    name: string,
    args: Record<string, unknown>,
    opts: { timeout?: number; signal?: AbortSignal } = {},
  ): Promise<SkillResult> => {
    const resp = await host.call(
      makeCallRequest({ name, arguments: args, timeout: opts.timeout ?? 60, streaming: true }),
      null,
      undefined,
      opts.signal,
    );
    expect(resp.error).toBeNull();
    return resp.data as SkillResult;
  };
  /** This process's run containers still on the engine. */
  const ours = async (pid = process.pid): Promise<string[]> =>
    (await studioContainers(docker)).filter((c) => c.run.startsWith(`${pid}/`)).map((c) => c.id);

  beforeAll(async () => {
    engine = await startPodman();
    docker = dockerFor(parseEngineHost(engine.host)!, 10_000);
    root = await mkdtemp(path.join(tmpdir(), 'container-test-'));
    const dirs = [
      await writeContainerSkill(root, 'ct-probe'),
      await writeContainerSkill(root, 'ct-own-image', `runner:\n  image: ${engine.image}\n`),
    ];
    catalog = new FixtureCatalog(await Promise.all(dirs.map((d) => readFixture(d))));
  }, 240_000);

  afterAll(async () => {
    await engine?.stop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('runs a script skill with the stdin contract, as uid 65534, in a read-only container', async () => {
    const host = hostWith();
    const before = await readdir(path.join(root, 'ct-probe'));
    process.env.SKILL_STUDIO_CONTAINER_SECRET = 'must-not-arrive';
    const r = await call(host, 'ct-probe', { mode: 'info', text: 'hello' }).finally(
      () => delete process.env.SKILL_STUDIO_CONTAINER_SECRET,
    );
    expect(r.success, r.error ?? '').toBe(true);
    expect(r.sandbox).toBe('container');
    const data = r.data as Record<string, unknown>;
    expect(data).toMatchObject({
      args: { mode: 'info', text: 'hello' },
      uid: 65534,
      gid: 65534,
      cwd: '/scratch',
      home: '/scratch',
      root: '/skill',
      skillRoot: '/skill',
      // The skill folder and the image are read-only; the scratch folder is the one place to write.
      skillWrite: 'EROFS',
      rootWrite: 'EROFS',
      scratchWrite: 'written',
      // No capability at all, and set-uid programs cannot give any back.
      capEff: '0000000000000000',
      noNewPrivs: '1',
    });
    // The clean environment of every sandbox, plus what the engine itself sets: nothing of the host's.
    const engineSet = ['HOSTNAME', 'TERM', 'container'];
    expect((data.env as string[]).filter((k) => !engineSet.includes(k))).toEqual([
      'HOME',
      'LANG',
      'PATH',
      'SKILL_ROOT',
      'TMPDIR',
    ]);
    expect(await readdir(path.join(root, 'ct-probe'))).toEqual(before);
    // The same output parser as every script skill: progress and the stderr line as events.
    const kinds = (r.events ?? []).map((e) => `${e.kind}:${String(e.data.message ?? '')}`);
    expect(kinds.sort()).toEqual(['log:a warning on stderr', 'progress:half way']);
    expect(r.sandbox_limits).toMatchObject({
      isolated: true,
      memory: 'cgroup',
      memory_bytes: 256 * MB,
      pids: 'cgroup',
      privileges_dropped: true,
      uid: 65534,
      image: engine.image,
    });
    expect(r.sandbox_limits?.reason).toMatch(/Podman Engine .* at unix:\/\//);
    expect(await ours()).toEqual([]);
  }, 60_000);

  it('gives the skill no network: a listener on the host sees no connection', async () => {
    let connections = 0;
    const server = net.createServer((s) => {
      connections++;
      s.destroy();
    });
    await new Promise<void>((r) => server.listen(0, '0.0.0.0', r));
    const port = (server.address() as net.AddressInfo).port;
    const external = Object.values(networkInterfaces())
      .flat()
      .filter((i) => i && i.family === 'IPv4' && !i.internal)
      .map((i) => i!.address);
    try {
      const r = await call(hostWith(), 'ct-probe', {
        mode: 'net',
        port,
        hosts: ['127.0.0.1', ...external, '10.0.2.2', '172.17.0.1'],
      });
      expect(r.success, r.error ?? '').toBe(true);
      const data = r.data as { results: string[]; interfaces: string[] };
      expect(data.interfaces).toEqual(['lo']);
      for (const line of data.results) expect(line).not.toMatch(/connected/);
      expect(connections).toBe(0);
    } finally {
      server.close();
    }
  }, 60_000);

  it('kills a skill over its memory cap: out_of_memory, and the container is gone', async () => {
    const r = await call(hostWith(runner(), { memoryBytes: 96 * MB }), 'ct-probe', {
      mode: 'mem',
    });
    expect(r.success).toBe(false);
    expect(r.error_code, r.error ?? '').toBe('out_of_memory');
    expect(r.sandbox_limits?.memory_bytes).toBe(96 * MB);
    expect(await ours()).toEqual([]);
  }, 60_000);

  it('caps the processes of a run', async () => {
    const r = await call(hostWith(runner(), { pids: 24 }), 'ct-probe', { mode: 'pids', n: 60 });
    expect(r.success, r.error ?? '').toBe(true);
    const data = r.data as { started: number; failed: number };
    // Node's own threads count too: far fewer than asked for could start.
    expect(data.started).toBeLessThan(24);
    expect(data.failed).toBeGreaterThan(0);
    expect(r.sandbox_limits).toMatchObject({ pids: 'cgroup', pids_max: 24 });
  }, 60_000);

  it('leaves no container after a timeout or a cancel', async () => {
    const host = hostWith();
    const timedOut = await call(host, 'ct-probe', { mode: 'sleep' }, { timeout: 3 });
    expect(timedOut.error_code).toBe('timeout');
    expect(await ours()).toEqual([]);

    const controller = new AbortController();
    const running = call(host, 'ct-probe', { mode: 'sleep' }, { signal: controller.signal });
    // Cancel once its container exists.
    for (let i = 0; i < 100 && (await ours()).length === 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect((await ours()).length).toBe(1);
    controller.abort('cancelled');
    const cancelled = await running;
    expect(cancelled.error_code).toBe('cancelled');
    expect(await ours()).toEqual([]);

    // Cancelled while the engine is still making the container (or attaching, or starting it).
    const early = await Promise.all(
      [0, 20, 60, 120, 250].map((delay) => {
        const c = new AbortController();
        setTimeout(() => c.abort('cancelled'), delay);
        return call(host, 'ct-probe', { mode: 'sleep' }, { signal: c.signal });
      }),
    );
    expect(early.map((r) => r.error_code)).toEqual(Array(5).fill('cancelled'));
    expect(await ours()).toEqual([]);
  }, 60_000);

  it('removes the leftover of a studio killed mid-run at the next start', async () => {
    const child = path.join(HERE, 'test-support', 'container-studio.ts');
    const studio = (args: string[]) =>
      spawn(process.execPath, ['--import', 'tsx', child, ...args], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
    const first = studio(['run', engine.host, engine.image, path.join(root, 'ct-probe')]);
    await new Promise<void>((resolve, reject) => {
      first.stdout?.on('data', (c: Buffer) => c.toString().includes('RUNNING') && resolve());
      first.on('exit', (code) => reject(new Error(`the studio exited (${code}) before running`)));
    });
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    // SIGKILL left its container behind (nothing in a killed process can remove it).
    expect((await ours(first.pid)).length).toBe(1);

    const second = studio(['start', engine.host, engine.image]);
    const code = await new Promise((r) => second.once('exit', r));
    expect(code).toBe(0);
    expect(await ours(first.pid)).toEqual([]);
  }, 90_000);

  it('runs a skill in the image it names only when the workspace allows it', async () => {
    const allowed = await call(
      hostWith(runner({ images: { node: 'localhost/unused:1', python: '', bash: '' } })),
      'ct-own-image',
      { mode: 'info' },
    );
    expect(allowed.success, allowed.error ?? '').toBe(true);
    expect(allowed.sandbox_limits?.image).toBe(engine.image);

    const refused = await call(hostWith(runner({ allow_skill_images: false })), 'ct-own-image', {
      mode: 'info',
    });
    expect(refused.success).toBe(false);
    expect(refused.error).toContain('allow_skill_images');
    const pattern = await call(
      hostWith(runner({ allow_skill_images: ['docker.io/library/*'] })),
      'ct-own-image',
      { mode: 'info' },
    );
    expect(pattern.error).toMatch(/no pattern .*"docker\.io\/library\/\*"/);
    expect(await ours()).toEqual([]);
  }, 60_000);

  // The built CLI: the engine client is bundled (its optional native parts left out) and works.
  it.skipIf(!existsSync(CLI_BUNDLE))(
    'runs call NAME --sandbox container from the built CLI, with the engine from skill-studio.json',
    async () => {
      const ws = await mkdtemp(path.join(tmpdir(), 'container-cli-'));
      try {
        await writeContainerSkill(path.join(ws, 'skills'), 'ct-probe');
        await writeFile(
          path.join(ws, 'skill-studio.json'),
          JSON.stringify({
            runner: { container: { host: engine.host, images: { node: engine.image } } },
          }),
        );
        const out = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
          const child = spawn(
            process.execPath,
            [
              path.join(REPO, 'bin', 'skill-studio.cjs'),
              'call',
              'ct-probe',
              '--sandbox',
              'container',
              '--args',
              '{"mode":"info"}',
              '--json',
            ],
            {
              cwd: ws,
              env: { PATH: process.env.PATH, HOME: ws },
              stdio: ['ignore', 'pipe', 'pipe'],
            },
          );
          let stdout = '';
          child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
          child.on('close', (code) => resolve({ code, stdout }));
        });
        expect(out.code).toBe(0);
        const resp = JSON.parse(out.stdout.trim().split('\n').pop() ?? '{}') as {
          data: SkillResult;
        };
        expect(resp.data).toMatchObject({
          success: true,
          sandbox: 'container',
          data: { uid: 65534 },
        });
      } finally {
        await rm(ws, { recursive: true, force: true });
      }
    },
    60_000,
  );

  it('is what auto picks on macOS and Windows when an engine answers, else the plain process with its warning', async () => {
    const config = runner().container;
    for (const platform of ['darwin', 'win32'] as const) {
      const driver = await detectSandbox('auto', config, platform);
      expect(driver.name).toBe('container');
      expect(driver.reason).toContain(`auto on ${platform}`);
    }
    const none = await detectSandbox(
      'auto',
      { ...config, host: `unix://${path.join(root, 'none.sock')}` },
      'darwin',
    );
    // What is left without an engine: on macOS and Windows the plain process, with its warning
    // and why (this Linux machine still has bwrap to fall back to).
    if ((await bwrapStatus()).available) expect(none.name).toBe('bwrap');
    else {
      expect(none.name).toBe('process');
      expect(none.reason).toContain('no container engine');
      expect(sandboxWarning(none)).toMatch(/not in a sandbox/);
    }
    // On Linux, auto keeps bwrap where it works, whatever engine answers.
    const linux = await detectSandbox('auto', config, 'linux');
    expect(linux.name).not.toBe('container');
  }, 60_000);

  it('names a missing image and how to get it, without pulling it', async () => {
    const missing = 'localhost/skill-studio-no-such-image:1';
    const r = await call(
      hostWith(runner({ images: { node: missing, python: missing, bash: missing } })),
      'ct-probe',
      { mode: 'info' },
    );
    expect(r.success).toBe(false);
    expect(r.error).toContain(`"${missing}"`);
    expect(r.error).toMatch(/pull/);
    expect(r.error).toContain(engine.host);
    await expect(engine.podman(['image', 'exists', missing])).rejects.toThrow();
    expect(await ours()).toEqual([]);
  }, 60_000);

  it('names the socket it tried when the engine is unreachable, and never hangs', async () => {
    const gone = path.join(root, 'no-engine.sock');
    const r = await call(hostWith(runner({ host: `unix://${gone}` })), 'ct-probe', {
      mode: 'info',
    });
    expect(r.success).toBe(false);
    expect(r.error_code).toBe('runtime_error');
    expect(r.error).toContain(`unix://${gone}`);
    expect(existsSync(gone)).toBe(false);

    // An engine that accepts and never answers: the ping's deadline ends the wait.
    const silent = net.createServer(() => undefined);
    await new Promise<void>((res) => silent.listen(0, '127.0.0.1', res));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      const started = Date.now();
      await expect(connectEngine(`tcp://127.0.0.1:${port}`, 1000)).rejects.toThrow(
        new RegExp(`tcp://127\\.0\\.0\\.1:${port} \\(.*no answer within 1 s`),
      );
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      silent.close();
    }
  }, 60_000);
});
