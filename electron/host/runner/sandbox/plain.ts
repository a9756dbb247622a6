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
 * /proc, signal it, nor write where only root may, nor read what only root may:
 * interpreters are looked up only where nobody can reach them, and a skill folder
 * nobody cannot read (one under root's home) runs from a readable copy
 * (staged-skill.ts).
 */
import { chownSync, statSync } from 'node:fs';
import { delimiter, dirname, isAbsolute } from 'node:path';
import { isStrictlyInside } from '../../fs/safe-path';
import { stageSkillCopy, type StagedSkill } from './staged-skill';
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
    const dirs = hostPath.split(delimiter).filter((p) => p.length > 0);
    // As root the skill runs as nobody: an interpreter only root can reach (a pyenv shim
    // under /root) would not start, so it is looked up where nobody can reach.
    this.searchPath = this.dropsToNobody()
      ? dirs.filter((d) => blockedAt(d, OTHERS_EXEC) === null)
      : dirs;
  }

  private dropsToNobody(): boolean {
    return Boolean(this.supervisor?.setpriv) && process.getuid?.() === 0;
  }

  get enforcesCaps(): boolean {
    return this.prlimit !== null;
  }

  prepare(given: LaunchSpec): Launch {
    const setpriv = this.supervisor?.setpriv ?? null;
    let spec = given;
    let drop = setpriv && this.dropsToNobody() ? dropFor(spec) : null;
    let staged: StagedSkill | null = null;
    if (drop?.blocked?.inSkill) {
      // Nobody cannot read the skill where it is: it runs from a copy nobody can read.
      staged = stageSkillCopy(spec);
      spec = staged.spec;
      drop = dropFor(spec);
    }
    let inner = withPrlimit(this.prlimit, spec.caps, spec.command, spec.args);
    if (setpriv && drop) {
      if (drop.blocked) {
        staged?.cleanup();
        throw new Error(unreachableMessage(drop.blocked));
      }
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
    const launch: Launch = {
      command,
      args,
      env: spec.env,
      cwd: spec.scratch,
      inheritFiles: [],
      uid,
    };
    if (staged) return { ...launch, skillRoot: spec.skillRoot, cleanup: staged.cleanup };
    return launch;
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

/**
 * Null when `nobody` can reach `path` (every folder above it searchable) and has `bits` on
 * it; else the first path on the way that stops it.
 */
function blockedAt(path: string, bits: number): string | null {
  const above: string[] = [];
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    above.unshift(dir);
    if (dir === dirname(dir)) break;
  }
  return above.find((dir) => !othersMay(dir, OTHERS_EXEC)) ?? (othersMay(path, bits) ? null : path);
}

/** How a skill started by root runs: as `nobody`, with nothing of root's. */
export interface PrivilegeDrop {
  uid: number;
  /**
   * A path the skill needs (its folder, its files, its interpreter) that `nobody` cannot
   * reach, or null. The skill is then not started: granting it a read capability would
   * let it read every file on the machine (/etc/shadow, root's SSH keys), and running it
   * as root would give it everything.
   */
  blocked: { path: string; what: string; inSkill: boolean } | null;
}

/**
 * What root starting a skill in process mode drops to: always `nobody`, with no
 * capabilities and no_new_privs (set-uid programs do not give root back), and only
 * when nobody can reach all the skill needs.
 */
export function dropFor(spec: LaunchSpec): PrivilegeDrop {
  const inSkill = (p: string): boolean => isStrictlyInside(spec.skillRoot, p);
  const files = [spec.command, ...spec.args].filter((a) => isAbsolute(a) && inSkill(a));
  type Need = [path: string, bits: number, what: string, inSkill: boolean];
  const needs: Need[] = [
    [spec.skillRoot, OTHERS_READ | OTHERS_EXEC, 'the skill folder', true],
    ...files.map((f): Need => [f, OTHERS_READ, "the skill's script", true]),
    // A script run directly (no interpreter) is the program itself: a copy fixes that too.
    [spec.command, OTHERS_EXEC, 'the program that runs the skill', inSkill(spec.command)],
    [spec.scratch, 0, 'the scratch folder', false],
    ...spec.readOnlyPaths.map((p): Need => [p, OTHERS_EXEC, 'the runtime', false]),
  ];
  for (const [path, bits, what, skillPart] of needs) {
    const at = blockedAt(path, bits);
    if (at !== null)
      return { uid: UNPRIVILEGED_ID, blocked: { path: at, what, inSkill: skillPart } };
  }
  return { uid: UNPRIVILEGED_ID, blocked: null };
}

/** Why a skill that `nobody` cannot reach is not started, and what the user can do. */
export function unreachableMessage(blocked: NonNullable<PrivilegeDrop['blocked']>): string {
  return (
    `the studio runs as root, so the skill runs as nobody (process sandbox), and nobody ` +
    `cannot reach ${blocked.path} (on the way to ${blocked.what}). Make it readable by ` +
    `others (chmod o+rx), keep skills and interpreters outside root's home, or install ` +
    `bubblewrap (bwrap) so the skill runs in its own sandbox`
  );
}

function setprivDropArgs(drop: PrivilegeDrop): string[] {
  const id = String(drop.uid);
  const args = ['--reuid', id, '--regid', id, '--clear-groups', '--no-new-privs'];
  args.push('--bounding-set=-all', '--inh-caps=-all');
  return args;
}
