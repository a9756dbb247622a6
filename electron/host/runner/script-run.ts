/**
 * One script run in its sandbox, from the prepared command to its outcome: the sandbox
 * turns the launch spec into a command, the program is started (spawned here, or by a
 * driver that starts its own), its output is read as it streams, and every way it ends —
 * its exit, a cap, the call's timeout or cancel, a start that failed — kills what is left
 * of the run and settles the outcome exactly once.
 */
import type { AbortCause, ExecContext, ExecOutcome, SandboxLimits } from './core/types';
import { classifyRun, pendingRunFacts, type KillReason, type RunFacts } from './core/exit-classify';
import {
  killProcessGroup,
  stopRun,
  sweepRunProcesses,
  trackRunProcesses,
  type RunProcesses,
} from './core/process-tree';
import { ScriptOutput } from './script-run-output';
import type { RunCgroup } from './sandbox/cgroup';
import { spawnLaunch } from './sandbox/launch';
import {
  SandboxRefusal,
  type Launch,
  type LaunchSpec,
  type RunProcess,
  type SandboxDriver,
} from './sandbox/types';
import type { ScriptLimits } from './script-limits';
import { errorMessage } from '../../../shared/errors';

/** How long a supervisor gets to stop its run before its process group is SIGKILLed. */
const SUPERVISOR_GRACE_MS = 2000;

export type PreparedLaunch = { ok: true; launch: Launch } | { ok: false; outcome: ExecOutcome };

/**
 * The sandbox's command for the run, or the outcome of a run it would not prepare: a
 * refusal the skill or its settings can fix is the skill's error, anything else the
 * sandbox's crash.
 */
export function prepareLaunch(driver: SandboxDriver, spec: LaunchSpec): PreparedLaunch {
  try {
    return { ok: true, launch: driver.prepare(spec) };
  } catch (err) {
    const outcome: ExecOutcome =
      err instanceof SandboxRefusal
        ? { success: false, error_code: 'skill_error', error: err.message, sandbox: driver.name }
        : {
            success: false,
            error_code: 'sandbox_crash',
            error: `the sandbox could not be prepared: ${errorMessage(err)}`,
            sandbox: driver.name,
          };
    return { ok: false, outcome };
  }
}

/** What a finished run's outcome is read from, besides its facts. */
export interface OutcomeSources {
  driver: Pick<SandboxDriver, 'name' | 'reason'>;
  /** The run's own cgroup: its memory readings are the witness of a memory kill. */
  cgroup: Pick<RunCgroup, 'oomKills' | 'peakBytes' | 'applied'> | null;
  /** The program, when it started: a driver's own memory and limits readings win. */
  child: Pick<RunProcess, 'memoryEvidence' | 'limits'> | null;
  /** What held for the run as its launch describes it. */
  sandboxLimits: SandboxLimits;
}

/** The outcome of a run that is over: its facts classified, with what held for it. */
export function collectOutcome(facts: RunFacts, from: OutcomeSources): ExecOutcome {
  const { driver, cgroup, child } = from;
  const memory = cgroup
    ? {
        oomKills: cgroup.oomKills(),
        peakBytes: cgroup.peakBytes(),
        capBytes: cgroup.applied.memoryBytes,
      }
    : child?.memoryEvidence
      ? child.memoryEvidence()
      : facts.memory;
  return {
    ...classifyRun({ ...facts, memory }),
    exit_code: facts.code,
    sandbox: driver.name,
    sandbox_limits: { ...(child?.limits?.() ?? from.sandboxLimits), reason: driver.reason },
  };
}

/** Everything a prepared run needs to be started and seen to its end. */
export interface RunSetup {
  ctx: Pick<ExecContext, 'timeoutMs' | 'signal' | 'emit'>;
  driver: SandboxDriver;
  launch: Launch;
  cgroup: RunCgroup | null;
  /** The run's scratch folder: what marks its stray processes where nothing else holds them. */
  scratch: string;
  limits: ScriptLimits;
  sandboxLimits: SandboxLimits;
  /** The Script ABI's stdin JSON. */
  stdin: string;
  /** How long to wait for output pipes to close after the program exits. */
  drainGraceMs: number;
}

/** Starts a prepared run and settles with its outcome once it is over, whichever way it ends. */
export function superviseRun(setup: RunSetup): Promise<ExecOutcome> {
  return new Promise((resolve) => new ScriptRun(setup, resolve).start());
}

/** The state of one live run: what was started, what has ended, what is still pending. */
class ScriptRun {
  private readonly facts: RunFacts;
  private readonly live: RunProcesses;
  private readonly untrack: () => void;
  private readonly output: ScriptOutput;
  private child: RunProcess | null = null;
  private settled = false;
  private exited = false;
  private streamsClosed = false;
  private exitHandled = false;
  private hardKill: NodeJS.Timeout | null = null;
  private grace: NodeJS.Timeout | null = null;

  constructor(
    private readonly setup: RunSetup,
    private readonly resolve: (outcome: ExecOutcome) => void,
  ) {
    const { ctx, limits, cgroup, driver } = setup;
    this.facts = pendingRunFacts(ctx.timeoutMs, {
      maxOutputBytes: limits.maxOutputBytes,
      maxLineBytes: limits.maxLineBytes,
      maxEvents: limits.maxEvents,
      fileSizeBytes: limits.fileSizeBytes,
    });
    this.live = { pid: undefined, cgroup, supervised: driver.supervised };
    this.untrack = trackRunProcesses(this.live);
    this.output = new ScriptOutput(limits, this.facts, {
      emit: (kind, data) => ctx.emit(kind, data),
      kill: (reason) => this.kill(reason),
      settled: () => this.settled,
    });
  }

  start(): void {
    const proc = this.spawn();
    if (!proc) return;
    this.stream(proc);
    const { signal } = this.setup.ctx;
    if (signal.aborted) this.onAbort();
    else signal.addEventListener('abort', this.onAbort, { once: true });
    this.awaitEnd(proc);
  }

  /** The program started, in its own process group (and session): the whole group can be killed at once. */
  private spawn(): RunProcess | null {
    const { driver, launch } = this.setup;
    try {
      this.child = driver.start
        ? driver.start(launch)
        : spawnLaunch(launch, { detached: process.platform !== 'win32' });
      this.live.pid = this.child.pid;
      return this.child;
    } catch (err) {
      this.facts.spawnError = err instanceof Error ? err : new Error(String(err));
      this.finish();
      return null;
    }
  }

  /** The program's output read as it comes, and the Script ABI's stdin handed over. */
  private stream(proc: RunProcess): void {
    proc.on('error', (err) => {
      // Spawn failure (ENOENT, EACCES): no 'exit' follows. Later errors (a failed
      // kill) change nothing: 'exit' still comes.
      if (proc.pid === undefined && !this.exited) {
        this.facts.spawnError = err;
        this.exited = true;
        this.finish();
      }
    });
    proc.stdout?.on('data', (chunk: Buffer) => this.output.stdout(chunk));
    proc.stderr?.on('data', (chunk: Buffer) => this.output.stderr(chunk));
    // A program that exits without reading stdin makes our write fail with EPIPE.
    proc.stdin?.on('error', () => undefined);
    proc.stdin?.end(this.setup.stdin);
  }

  /** The run ends once the program has exited and its output pipes are read to the end. */
  private awaitEnd(proc: RunProcess): void {
    proc.on('close', () => {
      this.streamsClosed = true;
      if (this.exitHandled) this.finish();
    });
    proc.on('exit', (code, signal) => this.onExit(proc, code, signal));
  }

  private onExit(proc: RunProcess, code: number | null, signal: NodeJS.Signals | null): void {
    const { driver, cgroup, scratch } = this.setup;
    this.exited = true;
    this.facts.code = code;
    this.facts.signal = driver.signalOf(code, signal);
    // The skill's program is done: nothing it started may stay behind.
    this.killRun();
    // In its own PID namespace everything died with the sandbox's init, and a
    // cgroup holds every process of the run; otherwise look for a process that
    // left the group (setsid) but still carries the run's marks.
    const sweep =
      driver.isolatesProcesses || cgroup ? Promise.resolve(0) : sweepRunProcesses(scratch);
    void sweep.finally(() => {
      this.exitHandled = true;
      if (this.streamsClosed) {
        this.finish();
        return;
      }
      // Output already in the pipes is still read; if a straggler we could not
      // find keeps a pipe open, stop waiting after a short grace.
      this.grace = setTimeout(() => {
        proc.stdout?.destroy();
        proc.stderr?.destroy();
        this.finish();
      }, this.setup.drainGraceMs);
    });
  }

  private readonly onAbort = (): void => {
    const cause = this.setup.ctx.signal.reason as AbortCause | undefined;
    this.kill(cause === 'timeout' ? 'timeout' : 'cancelled');
  };

  /** Stops the run for a reason of ours; the first reason before the exit is the one told. */
  private kill(reason: KillReason): void {
    if (this.facts.killedBy === null && !this.exited) this.facts.killedBy = reason;
    this.killRun();
  }

  /**
   * Everything of the run, wherever it went: its process group (or what its
   * supervisor reaped), then its cgroup.
   */
  private killRun(): void {
    const { driver, cgroup } = this.setup;
    const pid = this.child?.pid;
    if (pid !== undefined) {
      // Once the first process has exited, its supervisor (if any) has swept.
      stopRun(pid, driver.supervised && !this.exited);
      // A supervisor that does not stop (the skill may have stopped it) gets the
      // group SIGKILL after a moment.
      if (driver.supervised && !this.exited && !this.hardKill) {
        this.hardKill = setTimeout(() => killProcessGroup(pid), SUPERVISOR_GRACE_MS);
        this.hardKill.unref();
      }
    } else if (!this.exited) {
      // A run that is no host process (a container): it stops itself, and removes its container.
      this.child?.kill('SIGKILL');
    }
    cgroup?.killAll();
  }

  /** Settles the run once: the last output read, every timer and listener gone, the outcome told. */
  private finish(): void {
    if (this.settled) return;
    // A last line without a newline still counts.
    this.output.end();
    this.settled = true;
    if (this.grace) clearTimeout(this.grace);
    if (this.hardKill) clearTimeout(this.hardKill);
    this.untrack();
    this.setup.ctx.signal.removeEventListener('abort', this.onAbort);
    this.output.recordTails();
    const { driver, cgroup, sandboxLimits } = this.setup;
    this.resolve(collectOutcome(this.facts, { driver, cgroup, child: this.child, sandboxLimits }));
  }
}
