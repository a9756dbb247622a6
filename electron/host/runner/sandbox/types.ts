/**
 * A sandbox driver turns "run this interpreter on this script" into the actual
 * command line: the cgroup entry, prlimit caps, then bwrap namespaces and binds or a
 * supervised plain child.
 */

import type { Readable, Writable } from 'node:stream';
import type { SandboxLimits } from '../../../../shared/protocol/a2e';
import type { MemoryEvidence } from '../core/exit-classify';
import type { InterpreterChoice } from '../core/interpreter';

export type SandboxName = 'bwrap' | 'container' | 'process';

/** Resource caps applied with prlimit where available; null = not applied. */
export interface ResourceCaps {
  /**
   * RLIMIT_DATA, bytes of writable private memory: the memory cap. It counts what a
   * program writes to (heap, anonymous mappings), not what it merely reserves, so
   * it holds V8, CPython and native programs alike to the same figure.
   */
  dataBytes: number | null;
  /**
   * RLIMIT_AS, bytes of address space: a backstop above the memory cap for memory
   * RLIMIT_DATA does not see (shared anonymous mappings), with room for the virtual
   * ranges an interpreter reserves up front.
   */
  addressSpaceBytes: number | null;
  /** RLIMIT_FSIZE, largest file the skill may write. */
  fileSizeBytes: number | null;
  /** RLIMIT_CPU, seconds of CPU time. */
  cpuSeconds: number | null;
  /**
   * RLIMIT_NPROC. Off by default: it counts every process of the real user across
   * the machine (and root ignores it), so a fixed number is either useless or breaks
   * a busy desktop session.
   */
  processes: number | null;
}

export interface LaunchSpec {
  /** Absolute path of the program (interpreter, or the script itself). */
  command: string;
  args: string[];
  /** The complete, already cleaned environment of the skill. */
  env: Record<string, string>;
  /** Skill folder: visible read-only at its own path. */
  skillRoot: string;
  /** Fresh scratch folder: the working directory, the only writable place. */
  scratch: string;
  /** Extra folders the program needs read-only (e.g. the Node install outside /usr). */
  readOnlyPaths: string[];
  caps: ResourceCaps;
  /** `cgroup.procs` files the run joins before anything else runs (empty: no cgroup). */
  cgroupProcs: string[];
  /**
   * RLIMIT_NPROC to set inside the sandbox's own user namespace, where it counts the
   * run's processes only (drivers with `limitsProcessesInside`); null = none.
   */
  processesInside: number | null;
  /** Size caps for the sandbox's own tmpfs mounts, bytes (used where `capsTmpfs`). */
  tmpfs: TmpfsCaps;
  /**
   * Limits of the whole run for a sandbox that applies them itself (the container's cgroup),
   * instead of the host cgroup `cgroupProcs` joins.
   */
  runCaps?: { memoryBytes: number | null; pids: number | null; cpuCores: number | null };
  /** The container image the skill names (`runner.image`), for the container sandbox. */
  skillImage?: string | null;
}

export interface TmpfsCaps {
  /** The scratch folder (cwd, HOME, TMPDIR). */
  scratchBytes: number;
  /** /dev/shm (POSIX shared memory). */
  shmBytes: number;
  /** The private /tmp. */
  tmpBytes: number;
}

export interface Launch {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
  /**
   * Files the program gets open (read-only) as fd 3, 4, … in this order (bwrap
   * reads its seccomp filter from one).
   */
  inheritFiles: string[];
  /** The uid the skill runs as when the driver changed it (process mode as root). */
  uid?: number | null;
  /**
   * Where the skill's folder is for the program when the driver moved it (a copy the
   * unprivileged user can read, process mode as root); absent: where it was.
   */
  skillRoot?: string;
  /** Removes what the driver made for this run alone; called once the run is over. */
  cleanup?: () => void;
  /** What a driver that starts the program itself (`SandboxDriver.start`) needs for it. */
  detail?: unknown;
}

/**
 * A running program as the executor sees it: a child process, or a container run that
 * behaves like one (no pid; `kill` stops and removes it). `error` before anything ran means it
 * never started; `exit` and then `close` end every run that did.
 */
export interface RunProcess {
  readonly pid?: number;
  readonly stdin: Writable | null;
  readonly stdout: Readable | null;
  readonly stderr: Readable | null;
  on(event: 'error', listener: (err: Error) => void): this;
  on(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): this;
  on(event: 'close', listener: () => void): this;
  kill(signal?: NodeJS.Signals): boolean;
  /** What the run's memory cgroup saw, when the driver has its own (the container's). */
  memoryEvidence?(): MemoryEvidence;
  /** What held for the run, when the driver knows better than the launch (read from the engine). */
  limits?(): SandboxLimits | null;
}

/** A launch the sandbox refuses to run for a reason the skill or its settings can fix. */
export class SandboxRefusal extends Error {}

export interface SandboxDriver {
  readonly name: SandboxName;
  /** Why this driver was chosen (shown in diagnostics and logs). */
  readonly reason: string;
  /** True when the sandbox has its own network namespace (no network). */
  readonly isolatesNetwork: boolean;
  /** True when every process of a run lives in its own pid namespace. */
  readonly isolatesProcesses: boolean;
  /** True when caps (prlimit) are enforced. */
  readonly enforcesCaps: boolean;
  /** True when scratch, /dev/shm and /tmp are size-capped tmpfs mounts (LaunchSpec.tmpfs). */
  readonly capsTmpfs: boolean;
  /**
   * True when the driver can cap the run's process count with RLIMIT_NPROC inside a
   * user namespace of its own (not for root: the kernel exempts uid 0 from it).
   */
  readonly limitsProcessesInside: boolean;
  /**
   * True when the run's first process is a supervisor: the host stops the run with
   * SIGTERM to it (it then kills the whole run itself), not SIGKILL to the group.
   */
  readonly supervised: boolean;
  /** True when the skill runs with no capabilities, read-only system mounts and the seccomp filter. */
  readonly dropsPrivileges: boolean;
  /**
   * The PATH a skill sees inside this sandbox. Interpreters are looked up in these
   * folders so that the path we hand over exists inside the sandbox too.
   */
  readonly searchPath: string[];
  prepare(spec: LaunchSpec): Launch;
  /**
   * Starts a prepared launch itself (the container sandbox); absent: the executor spawns it
   * as a child process. Such a driver applies the run's limits itself (`LaunchSpec.runCaps`).
   */
  start?(launch: Launch): RunProcess;
  /**
   * The program for a script inside this sandbox, when its interpreters are not the host's
   * (a container image's own `node`, `python3`, `bash`); absent: looked up on `searchPath`.
   */
  interpreterFor?(scriptPath: string): InterpreterChoice;
  /**
   * The signal that ended the program, from the driver's exit status. bwrap and the
   * supervisor shell report a child killed by signal N as exit code 128+N.
   */
  signalOf(code: number | null, signal: NodeJS.Signals | null): NodeJS.Signals | null;
}
