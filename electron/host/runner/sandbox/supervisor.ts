/**
 * The supervisor of a plain-process run on Linux: a small Perl program (perl-base
 * is part of every Debian and Ubuntu system; Perl's `syscall` reaches prctl with no
 * native module) that stays between the host and the skill.
 *
 * - It is a child subreaper: every process the skill orphans (double fork, setsid,
 *   `env -i`, a new working folder: none of it matters) is re-parented to it, so
 *   it can find them all, as its own children, and kill them.
 * - It asks for SIGTERM when the host dies (PR_SET_PDEATHSIG: the kernel sends it
 *   even when the host is SIGKILLed), and on SIGTERM, SIGHUP or SIGINT it kills the
 *   whole run and exits. The host stops a run the same way (SIGTERM to the
 *   supervisor), so the supervisor is never killed before it has swept.
 * - When the skill's main process ends, it kills whatever the skill left, then
 *   exits with the skill's status (128+N when signal N ended it).
 * - The skill joins the run's cgroup (when there is one) before it execs.
 * - Its environment is the skill's clean one: `/proc/<ppid>/environ` shows the
 *   skill nothing of the host's.
 *
 * What it cannot stop: a skill running as the host's user can SIGKILL the
 * supervisor itself; its orphans then go to the host's own reaper. The run's
 * cgroup (root) or a separate uid (root) closes that; otherwise the host's /proc
 * sweep for the run's marks (process-tree.ts) is the last net.
 */
import type { Command } from './enter';

/** prctl numbers by `uname -m`; elsewhere the supervisor runs without a subreaper. */
const SUPERVISOR_SCRIPT = String.raw`
use strict;
use POSIX ();
my %prctl = (x86_64 => 157, aarch64 => 167);
my $nr = $prctl{(POSIX::uname())[4]};
my $host = getppid();
if (defined $nr) {
  syscall($nr, 36, 1, 0, 0, 0);  # PR_SET_CHILD_SUBREAPER
  syscall($nr, 1, 15, 0, 0, 0);  # PR_SET_PDEATHSIG: SIGTERM
}
# The host died while the death signal was being armed: run nothing.
POSIX::_exit(125) if getppid() != $host;
my @procs;
push @procs, shift @ARGV while @ARGV && $ARGV[0] ne '--';
shift @ARGV;

sub children {
  my @kids;
  opendir(my $d, '/proc') or return ();
  for my $p (readdir $d) {
    next unless $p =~ /^\d+$/;
    open(my $s, '<', "/proc/$p/stat") or next;
    my $line = <$s>;
    push @kids, $p if defined $line && $line =~ /\)\s+\S+\s+(\d+)/ && $1 == $$;
  }
  return @kids;
}

sub sweep {
  for my $f (@procs) {
    open(my $h, '<', $f) or next;
    my @pids = grep { /^\d+$/ && $_ != $$ } map { s/\s+//gr } <$h>;
    kill 'KILL', @pids if @pids;
  }
  for (1 .. 2000) {
    1 while waitpid(-1, POSIX::WNOHANG()) > 0;
    return if waitpid(-1, POSIX::WNOHANG()) < 0;
    my @kids = children();
    kill 'KILL', @kids if @kids;
    select(undef, undef, undef, 0.002);
  }
}

$SIG{TERM} = $SIG{HUP} = $SIG{INT} = sub { sweep(); POSIX::_exit(143) };
my $main = fork();
if (!defined $main) { print STDERR "skill-studio: cannot fork: $!\n"; POSIX::_exit(125) }
if ($main == 0) {
  $SIG{$_} = 'DEFAULT' for qw(TERM HUP INT);
  for my $f (@procs) {
    my $ok = open(my $h, '>', $f);
    $ok &&= print $h "$$\n";
    $ok &&= close($h);
    if (!$ok) { print STDERR "skill-studio: cannot join the run cgroup $f: $!\n"; POSIX::_exit(125) }
  }
  exec { $ARGV[0] } @ARGV;
  print STDERR "skill-studio: cannot start $ARGV[0]: $!\n";
  POSIX::_exit(127);
}
my $status = 0;
while (1) {
  my $r = waitpid($main, 0);
  if ($r == $main) { $status = $?; last }
  last if $r < 0 && !$!{EINTR};
}
sweep();
POSIX::_exit(($status & 127) ? 128 + ($status & 127) : ($status >> 8));
`;

/** `perl -e SUPERVISOR -- <cgroup.procs…> -- command args…`. */
export function supervise(perl: string, procsFiles: string[], inner: Command): Command {
  return {
    command: perl,
    // The first `--` ends Perl's own options: everything after it is the script's.
    args: ['-e', SUPERVISOR_SCRIPT, '--', ...procsFiles, '--', inner.command, ...inner.args],
  };
}
