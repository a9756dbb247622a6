/**
 * The Linux sandbox: bubblewrap namespaces around the skill, prlimit caps and the
 * run's cgroup in front.
 *
 * Inside: the system folders read-only (/usr, the /bin and /lib* links or folders,
 * a short list of /etc files programs need to start), a private /proc, /dev and
 * /tmp, the skill folder read-only at its own path, the scratch folder read-write
 * as cwd, no network (own network namespace), own pid namespace, a new session,
 * and the clean environment. The skill has no capabilities (even when root started
 * the host), runs under a seccomp filter against mount, namespace and kernel-admin
 * calls (seccomp.ts), and sees /, /dev and /proc read-only; scratch, /tmp and
 * /dev/shm are size-capped tmpfs mounts. `--die-with-parent` plus the pid namespace mean that
 * killing bwrap kills every process the skill started, double-forked or not.
 */
import { lstatSync, readdirSync, readlinkSync } from 'node:fs';
import { enterCgroup, signalOfWrapped } from './enter';
import { withPrlimit } from './prlimit';
import type { Launch, LaunchSpec, SandboxDriver } from './types';

/** The PATH inside the sandbox: system folders only (they are all bound). */
export const SANDBOX_SYSTEM_PATH = [
  '/usr/local/bin',
  '/usr/bin',
  '/bin',
  '/usr/local/sbin',
  '/usr/sbin',
  '/sbin',
];

/** /etc entries programs need to start and resolve names; nothing secret. */
const ETC_ESSENTIALS = [
  '/etc/ld.so.cache',
  '/etc/ld.so.conf',
  '/etc/ld.so.conf.d',
  '/etc/alternatives',
  '/etc/ssl',
  '/etc/ca-certificates',
  '/etc/pki',
  '/etc/passwd',
  '/etc/group',
  '/etc/nsswitch.conf',
  '/etc/host.conf',
  '/etc/hosts',
  '/etc/gai.conf',
  '/etc/localtime',
  '/etc/timezone',
  '/etc/locale.alias',
  '/etc/mime.types',
  '/etc/os-release',
];

const TOP_LEVEL_SYSTEM = ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];

/** bwrap options that reproduce the host's system folders read-only. */
export function systemBindArgs(): string[] {
  const args = ['--ro-bind', '/usr', '/usr'];
  for (const dir of TOP_LEVEL_SYSTEM) {
    try {
      const st = lstatSync(dir);
      if (st.isSymbolicLink()) args.push('--symlink', readlinkSync(dir), dir);
      else if (st.isDirectory()) args.push('--ro-bind', dir, dir);
    } catch {
      // Not on this system.
    }
  }
  const etc = [...ETC_ESSENTIALS];
  try {
    // Interpreters keep site configuration in /etc/pythonX.Y, /etc/perl, …
    for (const name of readdirSync('/etc')) {
      if (/^(python3(\.\d+)?|perl)$/.test(name)) etc.push(`/etc/${name}`);
    }
  } catch {
    // No /etc: nothing more to add.
  }
  for (const path of etc) args.push('--ro-bind-try', path, path);
  return args;
}

export interface BwrapOptions {
  bwrap: string;
  prlimit: string | null;
  /** The POSIX shell that joins the run's cgroup before bwrap starts. */
  shell: string;
  /** Namespace options that proved to work on this machine (see detect.ts). */
  namespaceArgs: string[];
  /** The seccomp program file (seccomp.ts), or null on an architecture without one. */
  seccompFile: string | null;
  /** True when this bwrap has --size: scratch, /dev/shm and /tmp become capped tmpfs. */
  sizedTmpfs: boolean;
  reason: string;
}

export class BwrapSandbox implements SandboxDriver {
  readonly name = 'bwrap' as const;
  readonly isolatesNetwork = true;
  readonly isolatesProcesses = true;
  readonly dropsPrivileges = true;
  readonly supervised = false;
  readonly searchPath = SANDBOX_SYSTEM_PATH;
  readonly reason: string;
  private readonly systemArgs: string[];

  constructor(private readonly options: BwrapOptions) {
    this.reason = options.reason;
    this.systemArgs = systemBindArgs();
  }

  get enforcesCaps(): boolean {
    return this.options.prlimit !== null;
  }

  get limitsProcessesInside(): boolean {
    return this.options.prlimit !== null && process.getuid?.() !== 0;
  }

  get capsTmpfs(): boolean {
    return this.options.sizedTmpfs;
  }

  /** `--size N --tmpfs path`, or a plain tmpfs where this bwrap cannot size one. */
  private tmpfs(path: string, bytes: number): string[] {
    const size = this.options.sizedTmpfs ? ['--size', String(Math.floor(bytes))] : [];
    return [...size, '--tmpfs', path];
  }

  bwrapArgs(spec: LaunchSpec): string[] {
    const args = [...this.options.namespaceArgs, '--die-with-parent', '--new-session'];
    // Root starting bwrap would otherwise hand the skill every capability: with them
    // it could remount its read-only binds read-write.
    args.push('--cap-drop', 'ALL');
    // The filter is on fd 3 (Launch.inheritFiles); bwrap installs it right before exec.
    if (this.options.seccompFile !== null) args.push('--seccomp', '3');
    args.push('--clearenv');
    for (const [key, value] of Object.entries(spec.env)) args.push('--setenv', key, value);
    args.push(...this.systemArgs, '--proc', '/proc', '--dev', '/dev');
    args.push(...this.tmpfs('/dev/shm', spec.tmpfs.shmBytes));
    args.push(...this.tmpfs('/tmp', spec.tmpfs.tmpBytes));
    for (const path of spec.readOnlyPaths) args.push('--ro-bind', path, path);
    // After /tmp: the skill and scratch folders usually live under the host's /tmp
    // or home, and a later mount wins over an earlier one.
    args.push('--ro-bind', spec.skillRoot, spec.skillRoot);
    // Scratch is a capped tmpfs at the host folder's path (nothing is read back from
    // it); its pages count against the run's memory cgroup, like /tmp and /dev/shm.
    if (this.options.sizedTmpfs) args.push(...this.tmpfs(spec.scratch, spec.tmpfs.scratchBytes));
    else args.push('--bind', spec.scratch, spec.scratch);
    // Read-only from here on: a skill running as uid 0 (root started the host) owns
    // the sandbox's own root and /dev, and /proc/sys files check the uid, not a
    // capability. Mounts made above (/tmp, /dev/shm, scratch) stay writable.
    args.push('--remount-ro', '/proc', '--remount-ro', '/dev', '--remount-ro', '/');
    args.push('--chdir', spec.scratch);
    args.push('--', ...this.inside(spec));
    return args;
  }

  /** The program bwrap starts: behind prlimit --nproc when the count is capped inside. */
  private inside(spec: LaunchSpec): string[] {
    const prlimit = this.options.prlimit;
    if (spec.processesInside === null || !prlimit || !this.limitsProcessesInside) {
      return [spec.command, ...spec.args];
    }
    return [
      prlimit,
      `--nproc=${Math.floor(spec.processesInside)}`,
      '--',
      spec.command,
      ...spec.args,
    ];
  }

  prepare(spec: LaunchSpec): Launch {
    const capped = withPrlimit(
      this.options.prlimit,
      spec.caps,
      this.options.bwrap,
      this.bwrapArgs(spec),
    );
    const { command, args } = enterCgroup(this.options.shell, spec.cgroupProcs, capped);
    const inheritFiles = this.options.seccompFile === null ? [] : [this.options.seccompFile];
    return { command, args, env: spec.env, cwd: spec.scratch, inheritFiles };
  }

  signalOf(code: number | null, signal: NodeJS.Signals | null): NodeJS.Signals | null {
    return signalOfWrapped(code, signal);
  }
}
