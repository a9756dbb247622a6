/**
 * The container sandbox: each run gets a fresh container of a Docker Engine API engine
 * (Docker, Podman, Colima, OrbStack), made for it and removed when it ends, whatever the
 * ending (success, failure, timeout, cancel); a studio that died mid-run has its leftovers
 * removed at its next start (container-cleanup.ts).
 *
 * Inside: the skill folder read-only at /skill, a size-capped tmpfs at /scratch as the
 * working folder and HOME (and /tmp), a read-only root filesystem, no network
 * (`NetworkMode: none`), no capabilities, no-new-privileges, uid and gid 65534, and the
 * run's memory (no swap), pids and CPU limits as the engine's cgroup. The program is the
 * image's own interpreter; stdin, stdout and stderr are the same JSON-lines contract as in
 * every other sandbox, read by the same executor (script-executor.ts).
 */
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { extname, posix, relative, sep } from 'node:path';
import type Docker from 'dockerode';
import type { SandboxLimits } from '../../../../shared/protocol/a2e';
import { skillImageRefusal } from '../../../../shared/skill/runner-image';
import { errorMessage } from '../../../../shared/errors';
import { isStrictlyInside } from '../../fs/safe-path';
import { logSwallowed } from '../../log';
import type { MemoryEvidence } from '../core/exit-classify';
import type { InterpreterChoice } from '../core/interpreter';
import { attachContainer, type Attached } from './container-attach';
import { ENGINE_REQUEST_MS, withDeadline, type Engine } from './container-engine';
import { runLabels } from './container-cleanup';
import { dropFor, UNPRIVILEGED_ID } from './plain';
import type { ContainerConfig, ImageKind } from '../../workspace/runner-config';
import { stageSkillCopy } from './staged-skill';
import {
  SandboxRefusal,
  type Launch,
  type LaunchSpec,
  type RunProcess,
  type SandboxDriver,
} from './types';
import { signalOfWrapped } from './enter';

/** Where things are inside the container. */
export const CONTAINER_SKILL_ROOT = '/skill';
export const CONTAINER_SCRATCH = '/scratch';
const CONTAINER_PATH = [
  '/usr/local/sbin',
  '/usr/local/bin',
  '/usr/sbin',
  '/usr/bin',
  '/sbin',
  '/bin',
];

/**
 * How long a stopped run waits for the engine before it ends anyway: past every deadline
 * of the requests still on their way (a create, then the remove), so that the run normally
 * ends only once its container is gone.
 */
const STOP_GRACE_MS = 2 * ENGINE_REQUEST_MS + 1000;

/** How many times a forced remove is asked for before the leftover is left to the next start. */
const REMOVE_ATTEMPTS = 5;

/** What `prepare` hands `start`. */
interface ContainerLaunch {
  image: string;
  imageFrom: string;
  create: Docker.ContainerCreateOptions;
  memoryBytes: number | null;
  pids: number | null;
  cpuCores: number | null;
  scratchBytes: number;
  shmBytes: number;
}

function imageKind(label: string): ImageKind {
  if (label === 'node') return 'node';
  if (label === 'python3') return 'python';
  return 'bash';
}

export class ContainerSandbox implements SandboxDriver {
  readonly name = 'container' as const;
  readonly isolatesNetwork = true;
  readonly isolatesProcesses = true;
  readonly enforcesCaps = true;
  readonly capsTmpfs = true;
  readonly limitsProcessesInside = false;
  readonly supervised = false;
  readonly dropsPrivileges = true;
  readonly searchPath = CONTAINER_PATH;

  constructor(
    readonly engine: Engine,
    readonly config: ContainerConfig,
    readonly reason: string,
  ) {}

  interpreterFor(scriptPath: string): InterpreterChoice {
    const ext = extname(scriptPath).toLowerCase();
    const named =
      ext === '.js' || ext === '.mjs' || ext === '.cjs'
        ? 'node'
        : ext === '.py'
          ? 'python3'
          : ext === '.sh'
            ? 'bash'
            : null;
    const base = { env: {}, readOnlyPaths: [], addressSpaceExtraBytes: 0 };
    // Looked up on the image's PATH by the engine: the image's own interpreter.
    if (named) return { ...base, command: named, args: [scriptPath], label: named };
    return { ...base, command: scriptPath, args: [], label: 'direct' };
  }

  /** The image for this run and where its name came from, or a refusal. */
  private chooseImage(spec: LaunchSpec, label: string): { image: string; from: string } {
    if (spec.skillImage) {
      const refusal = skillImageRefusal(spec.skillImage, this.config.allow_skill_images);
      if (refusal) throw new SandboxRefusal(refusal);
      return { image: spec.skillImage, from: "the skill's runner.image" };
    }
    const kind = imageKind(label);
    return { image: this.config.images[kind], from: `runner.container.images.${kind}` };
  }

  prepare(given: LaunchSpec): Launch {
    let spec = given;
    let cleanup: (() => void) | undefined;
    // On Linux the engine reads the folder as uid 65534 would: a skill only its owner can read
    // (a folder made 0700, one under /root) runs from a copy others can read.
    if (process.platform === 'linux' && dropFor(spec).blocked?.inSkill) {
      const staged = stageSkillCopy(spec);
      spec = staged.spec;
      cleanup = staged.cleanup;
    }
    const inside = (p: string): string => {
      if (p === spec.skillRoot) return CONTAINER_SKILL_ROOT;
      if (!isStrictlyInside(spec.skillRoot, p)) return p;
      return posix.join(CONTAINER_SKILL_ROOT, ...relative(spec.skillRoot, p).split(sep));
    };
    const label =
      spec.command === 'node' || spec.command === 'python3' || spec.command === 'bash'
        ? spec.command
        : 'direct';
    let chosen: { image: string; from: string };
    try {
      chosen = this.chooseImage(spec, label);
    } catch (err) {
      cleanup?.();
      throw err;
    }
    const env: Record<string, string> = {
      ...spec.env,
      PATH: CONTAINER_PATH.join(':'),
      HOME: CONTAINER_SCRATCH,
      TMPDIR: CONTAINER_SCRATCH,
      SKILL_ROOT: CONTAINER_SKILL_ROOT,
    };
    const caps = spec.runCaps ?? { memoryBytes: null, pids: null, cpuCores: null };
    const tmpfsOptions = (bytes: number): string =>
      `rw,nosuid,nodev,size=${Math.floor(bytes)},mode=1777`;
    const id = `${UNPRIVILEGED_ID}:${UNPRIVILEGED_ID}`;
    const create: Docker.ContainerCreateOptions = {
      Image: chosen.image,
      Cmd: [inside(spec.command), ...spec.args.map(inside)],
      Env: Object.entries(env).map(([k, v]) => `${k}=${v}`),
      WorkingDir: CONTAINER_SCRATCH,
      User: id,
      Labels: runLabels(),
      OpenStdin: true,
      StdinOnce: true,
      AttachStdin: true,
      AttachStdout: true,
      AttachStderr: true,
      Tty: false,
      NetworkDisabled: true,
      HostConfig: {
        NetworkMode: 'none',
        Mounts: [
          { Type: 'bind', Source: spec.skillRoot, Target: CONTAINER_SKILL_ROOT, ReadOnly: true },
        ],
        ReadonlyRootfs: true,
        Tmpfs: {
          [CONTAINER_SCRATCH]: tmpfsOptions(spec.tmpfs.scratchBytes),
          '/tmp': tmpfsOptions(spec.tmpfs.tmpBytes),
        },
        ShmSize: Math.floor(spec.tmpfs.shmBytes),
        CapDrop: ['ALL'],
        SecurityOpt: ['no-new-privileges'],
        ...(caps.memoryBytes !== null
          ? { Memory: caps.memoryBytes, MemorySwap: caps.memoryBytes }
          : {}),
        ...(caps.pids !== null ? { PidsLimit: caps.pids } : {}),
        ...(caps.cpuCores !== null ? { NanoCpus: Math.round(caps.cpuCores * 1e9) } : {}),
        // No rlimits of our own: the writable places are size-capped tmpfs mounts already, and
        // an engine applies its own defaults (setting one can fail where the engine's differ).
      },
    };
    const detail: ContainerLaunch = {
      image: chosen.image,
      imageFrom: chosen.from,
      create,
      memoryBytes: caps.memoryBytes,
      pids: caps.pids,
      cpuCores: caps.cpuCores,
      scratchBytes: spec.tmpfs.scratchBytes,
      shmBytes: spec.tmpfs.shmBytes,
    };
    return {
      command: create.Cmd?.[0] ?? '',
      args: create.Cmd?.slice(1) ?? [],
      env,
      cwd: CONTAINER_SCRATCH,
      inheritFiles: [],
      uid: UNPRIVILEGED_ID,
      skillRoot: CONTAINER_SKILL_ROOT,
      cleanup,
      detail,
    };
  }

  start(launch: Launch): RunProcess {
    return new ContainerRun(this.engine, launch.detail as ContainerLaunch);
  }

  signalOf(code: number | null, signal: NodeJS.Signals | null): NodeJS.Signals | null {
    // The engine reports a program killed by signal N as exit status 128+N.
    return signalOfWrapped(code, signal);
  }
}

/**
 * True when the engine kept our `CapDrop: ["ALL"]`: Docker echoes `ALL`, Podman lists each
 * capability it would otherwise have given (KILL, SETUID…); either way none was added back.
 */
function capabilitiesDropped(hc: Docker.HostConfig): boolean {
  const dropped = hc.CapDrop ?? [];
  return (hc.CapAdd ?? []).length === 0 && (dropped.includes('ALL') || dropped.length > 0);
}

/** What the engine's own error says, without dockerode's "(HTTP code 404) …" wrapping. */
function engineReason(err: unknown): { status: number | null; text: string } {
  const e = err as { statusCode?: number; json?: { message?: string; cause?: string } };
  const text = e.json?.message ?? e.json?.cause ?? errorMessage(err);
  return { status: typeof e.statusCode === 'number' ? e.statusCode : null, text: String(text) };
}

/** One run's container, as a process: created, attached, started, waited for, removed. */
class ContainerRun extends EventEmitter implements RunProcess {
  readonly pid = undefined;
  readonly stdin = new PassThrough();
  readonly stdout = new PassThrough();
  readonly stderr = new PassThrough();
  private id: string | null = null;
  private killed = false;
  private ended = false;
  private removing: Promise<void> | null = null;
  private oomKilled: boolean | null = null;
  private exitCode: number | null = null;
  private held: SandboxLimits | null = null;

  constructor(
    private readonly engine: Engine,
    private readonly launch: ContainerLaunch,
  ) {
    super();
    void this.run();
  }

  private get where(): string {
    return this.engine.endpoint.url;
  }

  private async run(): Promise<void> {
    const { docker } = this.engine;
    let attached: Attached;
    try {
      const creating = docker.createContainer(this.launch.create);
      // A create that outlives its deadline may still make the container: it goes then.
      const late = (): void =>
        void creating.then(
          (c) => c.remove({ force: true }),
          () => undefined,
        );
      const container = await withDeadline(
        creating,
        ENGINE_REQUEST_MS,
        `creating the container on ${this.where}`,
      ).catch((err: unknown) => {
        late();
        throw err;
      });
      this.id = container.id;
      // Stopped while the engine was making it: it goes before the run ends.
      if (this.killed) return await this.endKilled();
      attached = await attachContainer(
        docker,
        this.engine.endpoint,
        container.id,
        ENGINE_REQUEST_MS,
      );
      attached.stdout.pipe(this.stdout);
      attached.stderr.pipe(this.stderr);
      if (this.killed) return await this.endKilled();
      await withDeadline(
        container.start(),
        ENGINE_REQUEST_MS,
        `starting the container on ${this.where}`,
      );
    } catch (err) {
      if (this.killed) return await this.endKilled();
      await this.remove();
      this.fail(this.startError(err));
      return;
    }
    // The program reads its stdin from here on; ending ours ends its input.
    this.stdin.pipe(attached.stdin);
    let code: number | null = null;
    try {
      const endings = [this.waitExit(), this.exitAfterClose(attached)];
      // The one that loses may fail later (its container is gone by then): nothing to report.
      for (const e of endings) e.catch(() => undefined);
      const ended = await Promise.race(endings);
      code = ended.State?.ExitCode ?? null;
      this.oomKilled = ended.State?.OOMKilled === true;
      this.held = this.limitsFrom(ended);
    } catch (err) {
      // Removed under us (a kill), or the engine went away: the run is over either way.
      if (!this.killed) logSwallowed('wait for a run container')(err);
    }
    // Output already on its way is still read, for a moment.
    await Promise.race([attached.closed, new Promise((r) => setTimeout(r, 1000).unref())]);
    await this.remove();
    this.exitCode = code;
    this.end(code, code === null ? 'SIGKILL' : null);
  }

  /** The engine's `wait`, then the container's state. */
  private async waitExit(): Promise<Docker.ContainerInspectInfo> {
    await this.engine.waiter.getContainer(this.id!).wait();
    return this.inspect();
  }

  /**
   * The container's state as soon as the engine shows it exited after its output stream
   * closed: Podman answers `wait` a few hundred milliseconds after that. Looked at for a
   * second after the close (a program may close its output and go on); `wait` covers the rest.
   */
  private async exitAfterClose(attached: Attached): Promise<Docker.ContainerInspectInfo> {
    await attached.closed;
    for (let i = 0; i < 50; i++) {
      const info = await this.inspect();
      if (info.State && !info.State.Running && info.State.Status !== 'created') return info;
      await new Promise((r) => setTimeout(r, 20));
    }
    return new Promise<never>(() => undefined);
  }

  private inspect(): Promise<Docker.ContainerInspectInfo> {
    return withDeadline(
      this.engine.docker.getContainer(this.id!).inspect(),
      ENGINE_REQUEST_MS,
      'inspecting the container',
    );
  }

  /** What held for the run, read back from the engine (an engine may drop what it cannot apply). */
  private limitsFrom(info: Docker.ContainerInspectInfo): SandboxLimits | null {
    try {
      const hc = info.HostConfig as Docker.HostConfig & { NanoCpus?: number };
      const memory = hc.Memory && hc.Memory > 0 ? hc.Memory : null;
      const pids = hc.PidsLimit && hc.PidsLimit > 0 ? hc.PidsLimit : null;
      const cpu = hc.NanoCpus && hc.NanoCpus > 0 ? hc.NanoCpus / 1e9 : null;
      return {
        isolated: true,
        memory: memory === null ? null : 'cgroup',
        memory_bytes: memory,
        pids: pids === null ? null : 'cgroup',
        pids_max: pids,
        cpu: cpu === null ? null : 'cgroup',
        cpu_cores: cpu,
        shm_bytes: hc.ShmSize && hc.ShmSize > 0 ? hc.ShmSize : null,
        scratch_bytes: this.launch.scratchBytes,
        privileges_dropped:
          capabilitiesDropped(hc) &&
          (hc.SecurityOpt ?? []).includes('no-new-privileges') &&
          hc.ReadonlyRootfs === true,
        uid: UNPRIVILEGED_ID,
        image: this.launch.image,
        engine: this.engine.version,
      };
    } catch {
      return null;
    }
  }

  private startError(err: unknown): Error {
    const { status, text } = engineReason(err);
    const image = this.launch.image;
    if (status === 404 && /image|no such|not known|not found/i.test(text) && this.id === null) {
      return new Error(
        `the image "${image}" (${this.launch.imageFrom}) is not on the container engine at ` +
          `${this.where}: get it with \`docker pull ${image}\` or \`podman pull ${image}\`, or ` +
          `name another in runner.container.images (the studio never pulls an image by itself). ` +
          `The engine said: ${text}`,
      );
    }
    return new Error(`the container engine at ${this.where} refused the run: ${text}`);
  }

  /** A run stopped before it started: its container (if any) is removed, then it ends. */
  private async endKilled(): Promise<void> {
    await this.remove();
    this.end(null, 'SIGKILL');
  }

  private fail(err: Error): void {
    this.stdout.end();
    this.stderr.end();
    this.emit('error', err);
  }

  private end(code: number | null, signal: NodeJS.Signals | null): void {
    if (this.ended) return;
    this.ended = true;
    this.stdout.end();
    this.stderr.end();
    this.emit('exit', code, signal);
    setImmediate(() => this.emit('close'));
  }

  /** Removes the container (once), forcibly: it stops the program if it still runs. */
  private remove(): Promise<void> {
    if (this.id === null) return Promise.resolve();
    this.removing ??= this.removeWithRetries(this.id);
    return this.removing;
  }

  /**
   * A forced remove can be refused while the engine is still stopping or cleaning up the
   * container it races with (Podman: "container state improper", 409/500): it is asked again.
   */
  private async removeWithRetries(id: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await withDeadline(
          this.engine.docker.getContainer(id).remove({ force: true }),
          ENGINE_REQUEST_MS,
          `removing the container on ${this.where}`,
        );
        return;
      } catch (err) {
        // Already gone is what we wanted.
        if (engineReason(err).status === 404) return;
        if (attempt >= REMOVE_ATTEMPTS) {
          logSwallowed('remove a run container')(err);
          return;
        }
        await new Promise((r) => setTimeout(r, 250 * attempt));
      }
    }
  }

  kill(): boolean {
    if (this.ended || this.killed) return false;
    this.killed = true;
    void this.remove();
    // An engine that never reports back still lets the run end.
    setTimeout(() => this.end(null, 'SIGKILL'), STOP_GRACE_MS).unref();
    return true;
  }

  /**
   * The engine's OOMKilled, or, where the engine does not report it (Podman on cgroup v1 says
   * false), a SIGKILL (status 137) the studio did not send to a run under a memory cap: in a
   * container, that is the kernel's OOM killer. A skill that SIGKILLs itself is misread.
   */
  memoryEvidence(): MemoryEvidence {
    const unexplainedKill =
      this.exitCode === 137 && !this.killed && this.launch.memoryBytes !== null;
    return {
      oomKills: this.oomKilled === null ? null : this.oomKilled || unexplainedKill ? 1 : 0,
      peakBytes: null,
      capBytes: this.launch.memoryBytes,
    };
  }

  /** What the engine said held; a run stopped before it could say, what was asked for. */
  limits(): SandboxLimits | null {
    if (this.held) return this.held;
    const { memoryBytes, pids, cpuCores } = this.launch;
    return {
      isolated: true,
      memory: memoryBytes === null ? null : 'cgroup',
      memory_bytes: memoryBytes,
      pids: pids === null ? null : 'cgroup',
      pids_max: pids,
      cpu: cpuCores === null ? null : 'cgroup',
      cpu_cores: cpuCores,
      shm_bytes: this.launch.shmBytes,
      scratch_bytes: this.launch.scratchBytes,
      privileges_dropped: true,
      uid: UNPRIVILEGED_ID,
      image: this.launch.image,
      engine: this.engine.version,
    };
  }
}
