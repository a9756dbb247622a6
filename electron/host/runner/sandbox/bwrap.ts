/**
 * The Linux sandbox: bubblewrap namespaces around the skill, prlimit caps in front.
 *
 * Inside: the system folders read-only (/usr, the /bin and /lib* links or folders,
 * a short list of /etc files programs need to start), a private /proc, /dev and
 * /tmp, the skill folder read-only at its own path, the scratch folder read-write
 * as cwd, no network (own network namespace), own pid namespace, a new session,
 * and the clean environment. `--die-with-parent` plus the pid namespace mean that
 * killing bwrap kills every process the skill started, double-forked or not.
 */
import { lstatSync, readdirSync, readlinkSync } from 'node:fs';
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
  /** Namespace options that proved to work on this machine (see detect.ts). */
  namespaceArgs: string[];
  /** Bytes for the private /tmp, or null when this bwrap lacks --size. */
  tmpSizeBytes: number | null;
  reason: string;
}

export class BwrapSandbox implements SandboxDriver {
  readonly name = 'bwrap' as const;
  readonly isolatesNetwork = true;
  readonly isolatesProcesses = true;
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

  bwrapArgs(spec: LaunchSpec): string[] {
    const args = [...this.options.namespaceArgs, '--die-with-parent', '--new-session'];
    args.push('--clearenv');
    for (const [key, value] of Object.entries(spec.env)) args.push('--setenv', key, value);
    args.push(...this.systemArgs, '--proc', '/proc', '--dev', '/dev');
    if (this.options.tmpSizeBytes !== null) args.push('--size', String(this.options.tmpSizeBytes));
    args.push('--tmpfs', '/tmp');
    for (const path of spec.readOnlyPaths) args.push('--ro-bind', path, path);
    // After /tmp: the skill and scratch folders usually live under the host's /tmp
    // or home, and a later mount wins over an earlier one.
    args.push('--ro-bind', spec.skillRoot, spec.skillRoot);
    args.push('--bind', spec.scratch, spec.scratch);
    args.push('--chdir', spec.scratch);
    args.push('--', spec.command, ...spec.args);
    return args;
  }

  prepare(spec: LaunchSpec): Launch {
    const { command, args } = withPrlimit(
      this.options.prlimit,
      spec.caps,
      this.options.bwrap,
      this.bwrapArgs(spec),
    );
    return { command, args, env: spec.env, cwd: spec.scratch };
  }

  signalOf(code: number | null, signal: NodeJS.Signals | null): NodeJS.Signals | null {
    if (signal) return signal;
    if (code !== null && code > 128 && code <= 128 + 64) return signalName(code - 128);
    return null;
  }
}

const SIGNAL_NAMES: Record<number, NodeJS.Signals> = {
  1: 'SIGHUP',
  2: 'SIGINT',
  3: 'SIGQUIT',
  4: 'SIGILL',
  5: 'SIGTRAP',
  6: 'SIGABRT',
  7: 'SIGBUS',
  8: 'SIGFPE',
  9: 'SIGKILL',
  10: 'SIGUSR1',
  11: 'SIGSEGV',
  12: 'SIGUSR2',
  13: 'SIGPIPE',
  14: 'SIGALRM',
  15: 'SIGTERM',
  24: 'SIGXCPU',
  25: 'SIGXFSZ',
  31: 'SIGSYS',
};

function signalName(n: number): NodeJS.Signals | null {
  return SIGNAL_NAMES[n] ?? null;
}
