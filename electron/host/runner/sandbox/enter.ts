/**
 * The first links of a run's command line, before any skill code runs.
 *
 * - `enterCgroup`: a POSIX shell writes its own pid into the run's cgroup, then
 *   execs the rest. Joining before exec leaves no window in which the run could
 *   fork a process outside the cgroup, and costs one small exec (dash: ~1 ms).
 * - `supervise` (plain-process mode on Linux): a shell that stays between the host
 *   and the skill. It gets SIGTERM when the host dies (setpriv --pdeathsig, which
 *   the kernel sends even when the host is SIGKILLed) and then kills the run's
 *   cgroup and its own process group. Its environment is the skill's clean one,
 *   so `/proc/<ppid>/environ` shows the skill nothing of the host's.
 */

/** Joins every listed cgroup (`cgroup.procs` files), then `exec "$@"`. */
const ENTER_SCRIPT =
  'while [ "$1" != -- ]; do echo $$ > "$1" || { echo "skill-studio: cannot join the run cgroup $1" >&2; exit 125; }; shift; done; shift; exec "$@"';

/**
 * Stays the skill's parent; on SIGTERM/SIGHUP/SIGINT kills every member of the
 * cgroup(s), then its whole process group (itself included). The skill gets the
 * supervisor's stdin through fd 3 (a background job would read /dev/null).
 * Exits with the skill's status (128+N when a signal N ended it).
 */
const SUPERVISE_SCRIPT = [
  'procs=',
  'while [ "$1" != -- ]; do procs="$procs $1"; shift; done; shift',
  'sweep() { for f in $procs; do while read -r p; do kill -9 "$p" 2>/dev/null; done < "$f"; done; kill -9 0; }',
  'trap sweep TERM HUP INT',
  'exec 3<&0',
  '( read -r p _ < /proc/self/stat; for f in $procs; do echo "$p" > "$f" || { echo "skill-studio: cannot join the run cgroup $f" >&2; exit 125; }; done; exec "$@" 0<&3 3<&- ) &',
  'exec 3<&-',
  'wait $!',
].join('\n');

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

/** `setpriv --pdeathsig TERM -- sh -c SUPERVISE sh <procs…> -- command args…`. */
export function supervise(
  setpriv: string,
  shell: string,
  procsFiles: string[],
  inner: Command,
): Command {
  return {
    command: setpriv,
    args: [
      '--pdeathsig',
      'TERM',
      '--',
      shell,
      '-c',
      SUPERVISE_SCRIPT,
      'sh',
      ...procsFiles,
      '--',
      inner.command,
      ...inner.args,
    ],
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
