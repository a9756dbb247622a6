/**
 * A sandbox driver turns "run this interpreter on this script" into the actual
 * command line: the cgroup entry, prlimit caps, then bwrap namespaces and binds or a
 * supervised plain child.
 */

export type SandboxName = 'bwrap' | 'process';

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
}

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
   * The signal that ended the program, from the driver's exit status. bwrap and the
   * supervisor shell report a child killed by signal N as exit code 128+N.
   */
  signalOf(code: number | null, signal: NodeJS.Signals | null): NodeJS.Signals | null;
}
