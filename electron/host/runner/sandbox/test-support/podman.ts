/**
 * A real container engine for tests: Podman's Docker-compatible service on a private socket,
 * over a private image store, with a test image built here from a root filesystem assembled
 * from this machine (busybox-static, the node binary and the libraries `ldd` names), because
 * images cannot be pulled on CI.
 *
 * Podman is told what works on CI's machine through a containers.conf the service reads
 * (CONTAINERS_CONF): runc (crun fails on its hybrid cgroups), cgroupfs, explicit ulimits, no
 * default pids limit (it would hide whether the studio set one), k8s-file logs and a file
 * events logger. The studio itself only ever talks the Engine API to the socket.
 *
 * The store is kept across test runs (the image is built once per node binary); each test
 * file starts its own service. Without podman a test file skips with the reason, except under
 * CI=true, where a missing engine fails.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findExecutable } from '../../core/find-executable';
import { SANDBOX_SYSTEM_PATH } from '../bwrap';

const ROOT = path.join(tmpdir(), 'skill-studio-podman-test');
/** Changes whenever what goes into the image changes: a new tag, a fresh build. */
const IMAGE_RECIPE = 'busybox+node v2';
const SEARCH = [...(process.env.PATH ?? '').split(path.delimiter), ...SANDBOX_SYSTEM_PATH];

export interface PodmanEngine {
  /** The service's address, for runner.container.host. */
  host: string;
  /** The test image: busybox (sh, sleep, cat…) and node at /usr/bin/node. */
  image: string;
  /** Runs the podman CLI on the same store (for checks the Engine API is not under test for). */
  podman(args: string[]): Promise<string>;
  /** The env that points podman at this store and configuration. */
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

/** Null when the engine can run here, else why not. */
export function podmanMissing(): string | null {
  if (process.platform !== 'linux') return `podman tests run on Linux (${process.platform})`;
  if (!findExecutable('podman', SEARCH)) return 'podman is not installed (apt install podman)';
  if (!findExecutable('runc', SEARCH)) return 'runc is not installed (apt install runc)';
  if (!findExecutable('busybox', SEARCH))
    return 'busybox is not installed (apt install busybox-static)';
  return null;
}

/** The skip reason for a test file, or null; under CI=true a missing engine is an error. */
export function podmanSkipReason(): string | null {
  const missing = podmanMissing();
  if (missing && process.env.CI === 'true')
    throw new Error(`the container tests must run on CI: ${missing}`);
  return missing;
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, input?: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      cmd,
      args,
      { env, maxBuffer: 64 * 1024 * 1024, timeout: 120_000 },
      (err, stdout, stderr) => {
        if (err)
          reject(new Error(`${cmd} ${args.join(' ')}: ${String(stderr).trim() || err.message}`));
        else resolve(String(stdout));
      },
    );
    if (input) child.stdin?.end(input);
  });
}

function writeConfig(): NodeJS.ProcessEnv {
  mkdirSync(ROOT, { recursive: true });
  const containersConf = path.join(ROOT, 'containers.conf');
  writeFileSync(
    containersConf,
    [
      '[containers]',
      'default_ulimits=["nofile=1024:1024","nproc=1024:1024"]',
      'pids_limit=0',
      'log_driver="k8s-file"',
      '[engine]',
      'runtime="runc"',
      'cgroup_manager="cgroupfs"',
      'events_logger="file"',
      '',
    ].join('\n'),
  );
  const storageConf = path.join(ROOT, 'storage.conf');
  writeFileSync(
    storageConf,
    [
      '[storage]',
      'driver="overlay"',
      `runroot="${path.join(ROOT, 'run')}"`,
      `graphroot="${path.join(ROOT, 'graph')}"`,
      '',
    ].join('\n'),
  );
  return {
    PATH: SEARCH.join(path.delimiter),
    HOME: process.env.HOME ?? ROOT,
    CONTAINERS_CONF: containersConf,
    CONTAINERS_STORAGE_CONF: storageConf,
  };
}

/** The node binary's libraries, as `ldd` names them. */
async function libraries(binary: string, env: NodeJS.ProcessEnv): Promise<string[]> {
  const out = await run('ldd', [binary], env);
  return [...out.matchAll(/(\/[^\s]+)\s+\(0x/g)].map((m) => m[1]);
}

/** Builds the test image unless the store has it already (tagged by the node binary's hash). */
async function ensureImage(env: NodeJS.ProcessEnv): Promise<string> {
  const node = findExecutable('node', SEARCH) ?? process.execPath;
  const tag = createHash('sha256')
    .update(IMAGE_RECIPE)
    .update(readFileSync(node))
    .digest('hex')
    .slice(0, 12);
  const image = `localhost/skill-studio-test-node:${tag}`;
  const exists = await run('podman', ['image', 'exists', image], env).then(
    () => true,
    () => false,
  );
  if (exists) return image;
  const rootfs = await mkdtemp(path.join(tmpdir(), 'skill-studio-rootfs-'));
  try {
    // No /scratch: Podman copies an image folder's mode onto the tmpfs mounted over it.
    for (const d of ['bin', 'usr/bin', 'etc', 'tmp', 'proc', 'dev', 'sys'])
      mkdirSync(path.join(rootfs, d), { recursive: true });
    copyFileSync(findExecutable('busybox', SEARCH)!, path.join(rootfs, 'bin', 'busybox'));
    for (const applet of ['sh', 'cat', 'ls', 'id', 'echo', 'sleep', 'touch', 'true'])
      symlinkSync('busybox', path.join(rootfs, 'bin', applet));
    copyFileSync(node, path.join(rootfs, 'usr', 'bin', 'node'));
    for (const lib of await libraries(node, env)) {
      mkdirSync(path.join(rootfs, path.dirname(lib)), { recursive: true });
      copyFileSync(lib, path.join(rootfs, lib));
    }
    writeFileSync(
      path.join(rootfs, 'etc', 'passwd'),
      'root:x:0:0::/:/bin/sh\nnobody:x:65534:65534::/:/bin/sh\n',
    );
    writeFileSync(path.join(rootfs, 'etc', 'group'), 'root:x:0:\nnogroup:x:65534:\n');
    const tar = await new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      const child = spawn('tar', ['-C', rootfs, '-c', '.'], { env });
      child.stdout.on('data', (c: Buffer) => chunks.push(c));
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve(Buffer.concat(chunks)) : reject(new Error(`tar exited ${code}`)),
      );
    });
    await run('podman', ['import', '-', image], env, tar);
    return image;
  } finally {
    await rm(rootfs, { recursive: true, force: true });
  }
}

async function answers(socket: string): Promise<boolean> {
  const http = await import('node:http');
  return new Promise((resolve) => {
    const req = http.get({ socketPath: socket, path: '/_ping', timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => {
      req.destroy();
      resolve(false);
    });
  });
}

/** Starts a Podman service on a private socket, with the test image in its store. */
export async function startPodman(): Promise<PodmanEngine> {
  const env = writeConfig();
  const image = await ensureImage(env);
  const dir = await mkdtemp(path.join(tmpdir(), 'skill-studio-podman-sock-'));
  const socket = path.join(dir, 'engine.sock');
  // In the socket's own folder: the engine's monitor drops files in its working folder (an
  // empty `oom` when it sees a container killed over its memory cap), never in the repo.
  const service: ChildProcess = spawn(
    'podman',
    ['system', 'service', '--time=0', `unix://${socket}`],
    { cwd: dir, env, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  service.stderr?.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4000)));
  // A test process that ends without its afterAll (a worker torn down) takes the service along.
  const killService = (): void => void service.kill('SIGKILL');
  process.once('exit', killService);
  const deadline = Date.now() + 20_000;
  while (!(existsSync(socket) && (await answers(socket)))) {
    if (service.exitCode !== null || Date.now() > deadline) {
      service.kill('SIGKILL');
      throw new Error(`podman system service did not start: ${stderr.trim()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    host: `unix://${socket}`,
    image,
    env,
    podman: (args) => run('podman', args, env),
    stop: async () => {
      process.removeListener('exit', killService);
      service.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 200));
      if (service.exitCode === null) service.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    },
  };
}
