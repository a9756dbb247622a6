/**
 * Container sandbox benchmarks, on the same Podman service the tests use
 * (electron/host/runner/sandbox/test-support/podman.ts):
 *  - call overhead: a trivial script skill called through the host in a container, against
 *    the same script run directly with `podman run` (same image, same isolation flags);
 *  - start-up: time from the call to its first event, against `podman run`'s first line;
 *  - cleanup: run containers left on the engine after N calls with random cancels (must be 0).
 * Without podman the suite says so and measures nothing.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { makeCallRequest } from '../shared/protocol/messages';
import { A2EHost } from '../electron/host/runner/a2e-host';
import { readSkillFolder } from '../electron/host/registry/scan';
import { studioContainers } from '../electron/host/runner/sandbox/container-cleanup';
import { dockerFor, parseEngineHost } from '../electron/host/runner/sandbox/container-engine';
import { defaultRunnerConfig } from '../electron/host/workspace/runner-config';
import { podmanMissing, startPodman } from '../electron/host/runner/sandbox/test-support/podman';
import { median, ms, type Row } from './bench-util';

const ROUNDS = Number(process.env.BENCH_CONTAINER_ROUNDS ?? 8);
const CALLS = Number(process.env.BENCH_CONTAINER_CALLS ?? 200);

/** A first line at once (start-up), then the result. */
const TRIVIAL = `console.log(JSON.stringify({type:'progress',pct:1,message:'up'}));let s='';process.stdin.on('data',d=>s+=d).on('end',()=>console.log(JSON.stringify({type:'result',data:{ok:true},summary:'ok'})));\n`;
const SLEEPY = `console.log(JSON.stringify({type:'status',message:'up'}));setTimeout(()=>console.log(JSON.stringify({type:'result',data:{ok:true}})),Math.random()*1500);\n`;

/** `podman run` of the script with the isolation the studio asks the engine for. */
function podmanRun(
  env: NodeJS.ProcessEnv,
  image: string,
  skillDir: string,
): Promise<{ total: number; first: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let first = -1;
    const child = spawn(
      'podman',
      [
        'run',
        '--rm',
        '-i',
        '--network=none',
        '--read-only',
        '--user=65534:65534',
        '--cap-drop=ALL',
        '--security-opt=no-new-privileges',
        '--memory=512m',
        '--pids-limit=256',
        `--mount=type=bind,src=${skillDir},dst=/skill,ro`,
        '--tmpfs=/scratch:rw,size=268435456,mode=1777',
        '--workdir=/scratch',
        image,
        'node',
        '/skill/run.cjs',
      ],
      { env, stdio: ['pipe', 'pipe', 'inherit'] },
    );
    child.stdout.once('data', () => (first = performance.now() - t0));
    child.stdout.resume();
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve({ total: performance.now() - t0, first })
        : reject(new Error(`podman run exited ${code}`)),
    );
    child.stdin.end('{"arguments":{}}');
  });
}

async function writeSkill(root: string, name: string, script: string): Promise<string> {
  const dir = path.join(root, name);
  await mkdir(dir, { recursive: true });
  await writeFile(
    path.join(dir, 'SKILL.md'),
    `---\nname: ${name}\ndescription: Benchmark skill ${name}.\nentrypoint: run.cjs\n---\nBench.\n`,
  );
  await writeFile(path.join(dir, 'run.cjs'), script);
  await chmod(root, 0o755);
  await chmod(dir, 0o755);
  return dir;
}

export async function containerBench(): Promise<Row[]> {
  const missing = podmanMissing();
  if (missing)
    return [
      { what: 'container sandbox', figure: 'skipped', baseline: missing, ratio: '', target: '' },
    ];
  const engine = await startPodman();
  const root = await mkdtemp(path.join(os.tmpdir(), 'container-bench-'));
  try {
    const trivialDir = await writeSkill(root, 'trivial', TRIVIAL);
    const sleepyDir = await writeSkill(root, 'sleepy', SLEEPY);
    const records = await Promise.all(
      [trivialDir, sleepyDir].map((d) => readSkillFolder(d, 'project')),
    );
    const config = {
      sandbox: 'container' as const,
      container: {
        ...defaultRunnerConfig().container,
        host: engine.host,
        images: { node: engine.image, python: engine.image, bash: engine.image },
      },
    };
    const host = new A2EHost({
      catalog: { get: (n) => records.find((r) => r.definition.name === n), list: () => records },
      agents: { agentAllows: () => true, agentExists: () => false },
      script: { runner: () => config },
    });
    const callOnce = async (): Promise<{ total: number; first: number }> => {
      const t0 = performance.now();
      let first = -1;
      const resp = await host.call(
        makeCallRequest({ name: 'trivial', streaming: true }),
        null,
        () => {
          if (first < 0) first = performance.now() - t0;
        },
      );
      if (!resp.data?.success) throw new Error(`the call failed: ${resp.data?.error ?? ''}`);
      return { total: performance.now() - t0, first };
    };
    // Warm both paths (the image's layers, the service's first requests).
    await callOnce();
    await podmanRun(engine.env, engine.image, trivialDir);
    const studio: { total: number; first: number }[] = [];
    const bare: { total: number; first: number }[] = [];
    // Interleaved, so that the machine's load falls on both alike.
    for (let i = 0; i < ROUNDS; i++) {
      studio.push(await callOnce());
      bare.push(await podmanRun(engine.env, engine.image, trivialDir));
    }
    const total = median(studio.map((s) => s.total));
    const bareTotal = median(bare.map((s) => s.total));
    const first = median(studio.map((s) => s.first));
    const bareFirst = median(bare.map((s) => s.first));

    // Cleanup: many calls, some cancelled at a random moment, four at a time.
    const docker = dockerFor(parseEngineHost(engine.host)!, 10_000);
    let cancelled = 0;
    let failed = 0;
    const one = async (): Promise<void> => {
      const controller = new AbortController();
      if (Math.random() < 0.4) {
        cancelled++;
        setTimeout(() => controller.abort('cancelled'), Math.random() * 1500);
      }
      const resp = await host.call(
        makeCallRequest({ name: 'sleepy' }),
        null,
        undefined,
        controller.signal,
      );
      if (!resp.data?.success && resp.data?.error_code !== 'cancelled') failed++;
    };
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next++ < CALLS) await one();
      }),
    );
    // Every run has stopped once its queue slot is free (a reply may precede that by a grace).
    for (let i = 0; i < 300 && host.activeCalls > 0; i++)
      await new Promise((r) => setTimeout(r, 100));
    const left = (await studioContainers(docker)).filter((c) =>
      c.run.startsWith(`${process.pid}/`),
    ).length;
    return [
      {
        what: 'trivial script call in a container (median)',
        figure: ms(total),
        baseline: `podman run, same flags: ${ms(bareTotal)}`,
        ratio: `${(total / bareTotal).toFixed(2)}×`,
        target: '≤ 1.2×',
      },
      {
        what: 'container call: time to the first event (median)',
        figure: ms(first),
        baseline: `podman run, first line: ${ms(bareFirst)}`,
        ratio: `${(first / bareFirst).toFixed(2)}×`,
        target: '',
      },
      {
        what: `containers left after ${CALLS} calls (${cancelled} cancelled at random, ${failed} failed)`,
        figure: String(left),
        baseline: '',
        ratio: '',
        target: '0',
      },
    ];
  } finally {
    await engine.stop();
    await rm(root, { recursive: true, force: true });
  }
}
