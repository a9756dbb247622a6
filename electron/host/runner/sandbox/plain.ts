/**
 * The fallback sandbox: a plain child process in its own process group with a
 * clean environment, the scratch folder as cwd, and prlimit caps when prlimit
 * exists. It cannot block the network or keep the skill from writing where the
 * user can write; results say `sandbox: "process"` so callers know.
 *
 * On Linux the skill runs under a supervisor (supervisor.ts): a child subreaper
 * that joins the skill to the run's cgroup, kills everything the skill left when
 * it ends, and kills the whole run when the host dies, even by SIGKILL.
 * When the host is root, the skill itself runs as `nobody` with no capabilities
 * (see `dropFor`), so it cannot read the host's memory or environment through
 * /proc, signal it, nor write where only root may.
 */
import { chownSync, statSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, relative } from 'node:path';
import { signalOfWrapped } from './enter';
import { supervise } from './supervisor';
import { withPrlimit } from './prlimit';
import type { Launch, LaunchSpec, SandboxDriver } from './types';

export interface Supervisor {
  /** Runs the supervisor (supervisor.ts). */
  perl: string;
  /** Drops root to `nobody`; null where util-linux's setpriv is missing. */
  setpriv: string | null;
}

/** uid and gid the skill runs as when root starts it in process mode (`nobody`). */
export const UNPRIVILEGED_ID = 65534;

export class PlainSandbox implements SandboxDriver {
  readonly name = 'process' as const;
  readonly isolatesNetwork = false;
  readonly isolatesProcesses = false;
  readonly capsTmpfs = false;
  readonly limitsProcessesInside = false;

  /** True when a supervisor stops the run (on SIGTERM) and reaps what it orphans. */
  get supervised(): boolean {
    return this.supervisor !== null;
  }
  readonly dropsPrivileges = false;
  readonly searchPath: string[];

  constructor(
    private readonly prlimit: string | null,
    readonly reason: string,
    hostPath: string = process.env.PATH ?? '',
    /** Linux: the supervisor's programs; null runs the skill directly (other systems). */
    readonly supervisor: Supervisor | null = null,
  ) {
    this.searchPath = hostPath.split(delimiter).filter((p) => p.length > 0);
  }

  get enforcesCaps(): boolean {
    return this.prlimit !== null;
  }

  prepare(spec: LaunchSpec): Launch {
    let inner = withPrlimit(this.prlimit, spec.caps, spec.command, spec.args);
    const setpriv = this.supervisor?.setpriv ?? null;
    const drop = setpriv && process.getuid?.() === 0 ? dropFor(spec) : null;
    if (setpriv && drop) {
      // The scratch folder is the one place the skill may write.
      chownSync(spec.scratch, drop.uid, drop.uid);
      inner = {
        command: setpriv,
        args: [...setprivDropArgs(drop), '--', inner.command, ...inner.args],
      };
    }
    const { command, args } = this.supervisor
      ? supervise(this.supervisor.perl, spec.cgroupProcs, inner)
      : inner;
    const uid = drop?.uid ?? null;
    return { command, args, env: spec.env, cwd: spec.scratch, inheritFiles: [], uid };
  }

  signalOf(code: number | null, signal: NodeJS.Signals | null): NodeJS.Signals | null {
    return this.supervisor ? signalOfWrapped(code, signal) : signal;
  }
}

const OTHERS_READ = 0o004;
const OTHERS_EXEC = 0o001;

/** True when a user that is neither owner nor in the group has `bits` on `path`. */
function othersMay(path: string, bits: number): boolean {
  try {
    return (statSync(path).mode & bits) === bits;
  } catch {
    return false;
  }
}

/** True when `nobody` can reach `path` (every folder above it searchable) and has `bits` on it. */
function reachable(path: string, bits: number): boolean {
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    if (!othersMay(dir, OTHERS_EXEC)) return false;
    if (dir === dirname(dir)) break;
  }
  return othersMay(path, bits);
}

/** How a skill started by root runs: as `nobody`, maybe allowed to read what nobody cannot. */
export interface PrivilegeDrop {
  uid: number;
  /**
   * True when `nobody` cannot reach the skill, its interpreter or scratch: the
   * skill then keeps one capability, CAP_DAC_READ_SEARCH (read any file, search
   * any folder), and nothing else. Reading is all root had over nobody there;
   * writing, signalling the host and reading its /proc entries stay denied.
   */
  readsAnyFile: boolean;
}

/**
 * What root starting a skill in process mode drops to: always `nobody`, with no
 * capabilities and no_new_privs (set-uid programs do not give root back); with
 * the read capability only when nobody could not otherwise start the skill.
 */
export function dropFor(spec: LaunchSpec): PrivilegeDrop {
  const inSkill = (p: string): boolean => {
    const rel = relative(spec.skillRoot, p);
    return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
  };
  const files = [spec.command, ...spec.args].filter((a) => isAbsolute(a) && inSkill(a));
  const reachableByNobody =
    reachable(spec.skillRoot, OTHERS_READ | OTHERS_EXEC) &&
    reachable(spec.command, OTHERS_EXEC) &&
    reachable(spec.scratch, 0) &&
    files.every((f) => reachable(f, OTHERS_READ)) &&
    spec.readOnlyPaths.every((p) => reachable(p, OTHERS_EXEC));
  return { uid: UNPRIVILEGED_ID, readsAnyFile: !reachableByNobody };
}

function setprivDropArgs(drop: PrivilegeDrop): string[] {
  const id = String(drop.uid);
  const caps = drop.readsAnyFile ? '-all,+dac_read_search' : '-all';
  const args = ['--reuid', id, '--regid', id, '--clear-groups', '--no-new-privs'];
  args.push(`--bounding-set=${caps}`, `--inh-caps=${caps}`);
  if (drop.readsAnyFile) args.push('--ambient-caps=+dac_read_search');
  return args;
}
