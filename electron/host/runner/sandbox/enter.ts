/**
 * The first links of a run's command line, before any skill code runs.
 *
 * - `enterCgroup`: a POSIX shell writes its own pid into the run's cgroup, then
 *   execs the rest. Joining before exec leaves no window in which the run could
 *   fork a process outside the cgroup, and costs one small exec (dash: ~1 ms).
 * - the plain-process mode's supervisor is in supervisor.ts.
 * - `signalOfWrapped`: the signal behind a wrapper's 128+N exit status.
 */

/** Joins every listed cgroup (`cgroup.procs` files), then `exec "$@"`. */
const ENTER_SCRIPT =
  'while [ "$1" != -- ]; do echo $$ > "$1" || { echo "skill-studio: cannot join the run cgroup $1" >&2; exit 125; }; shift; done; shift; exec "$@"';

export interface Command {
  command: string;
  args: string[];
}

/** `sh -c ENTER sh <procs…> -- command args…`, or the command as is without a cgroup. */
export function enterCgroup(shell: string, procsFiles: string[], inner: Command): Command {
  if (procsFiles.length === 0) return inner;
  return {
    command: shell,
    args: ['-c', ENTER_SCRIPT, 'sh', ...procsFiles, '--', inner.command, ...inner.args],
  };
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

/**
 * The signal that ended a program run behind a parent that reports it as exit
 * status 128+N (bwrap, the supervisor shell), or the parent's own signal.
 */
export function signalOfWrapped(
  code: number | null,
  signal: NodeJS.Signals | null,
): NodeJS.Signals | null {
  if (signal) return signal;
  if (code !== null && code > 128 && code <= 128 + 64) return SIGNAL_NAMES[code - 128] ?? null;
  return null;
}
