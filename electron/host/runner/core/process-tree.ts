/**
 * Making sure no process of a run outlives it.
 *
 * Every run starts in its own process group (spawn `detached`), and the whole group
 * is killed when the run ends. A skill can still leave the group (setsid, double
 * fork): the run's cgroup holds those wherever one can be made (sandbox/cgroup.ts),
 * and under bwrap the pid namespace does too. Without a cgroup, for the plain
 * sandbox on Linux we sweep /proc for processes that still carry the run's private
 * HOME (the scratch folder, unique per run) in their environment or have their cwd
 * inside it, and kill them too. A process that both clears its environment and
 * leaves the scratch folder escapes that sweep: without a cgroup the plain sandbox
 * is best effort.
 *
 * The processes of live runs are registered here so that an entry point can end
 * all of them at once, synchronously (`killAllRuns`): from a SIGTERM/SIGINT/SIGHUP
 * handler after `stopAllRuns` (live-runs.ts, which cancels the calls) has not
 * finished in time, or from an `exit` handler, where nothing asynchronous runs.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { sep } from 'node:path';

/** SIGKILL to the process group led by `pid` (and the leader itself). */
export function killProcessGroup(pid: number): void {
  if (process.platform === 'win32') {
    // No process groups: taskkill walks the tree of children instead.
    execFile('taskkill', ['/pid', String(pid), '/T', '/F'], () => undefined);
    return;
  }
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is already gone.
  }
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** What it takes to kill the processes of one live run (live-runs.ts tracks the calls). */
export interface RunProcesses {
  /** The run's first process (leader of its process group), once spawned. */
  pid: number | undefined;
  /** Kills every process of the run's cgroup and removes it (sync), when there is one. */
  cgroup: { remove(): void } | null;
  /** The first process is a supervisor: SIGTERM makes it kill the run (sandbox/supervisor.ts). */
  supervised: boolean;
}

const liveRuns = new Set<RunProcesses>();

/** Registers a run until the returned function is called (when the run is over). */
export function trackRunProcesses(run: RunProcesses): () => void {
  liveRuns.add(run);
  return () => void liveRuns.delete(run);
}

/** How many runs are alive now. */
export function liveRunProcessCount(): number {
  return liveRuns.size;
}

/**
 * SIGKILL to every live run of this process (its process group, and its whole
 * cgroup where it has one), synchronously, then forgets them. Meant for entry
 * points on SIGTERM, SIGINT and SIGHUP, before they exit; safe to call twice.
 * Under bwrap, killing the group's leader (bwrap) ends its pid namespace too.
 * Returns how many runs were killed.
 */
export function killAllRuns(): number {
  const runs = [...liveRuns];
  liveRuns.clear();
  for (const run of runs) {
    if (run.pid !== undefined) stopRun(run.pid, run.supervised);
    try {
      run.cgroup?.remove();
    } catch {
      // Nothing more can be done from here.
    }
  }
  return runs.length;
}

/**
 * Stops a run's processes now: SIGTERM to a supervisor (which kills everything the
 * run started, orphans included, then exits: SIGKILL would leave those behind),
 * SIGKILL to the whole process group otherwise.
 */
export function stopRun(pid: number, supervised: boolean): void {
  if (!supervised) {
    killProcessGroup(pid);
    return;
  }
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // Gone already.
  }
}

/** How many /proc entries are read between yields to the event loop. */
const PROC_BATCH = 64;

/** True when the process has its cwd inside the scratch folder or carries its HOME. */
function isMarked(pid: string, scratch: string, envNeedle: Buffer, envHead: Buffer): boolean {
  try {
    const cwd = readlinkSync(`/proc/${pid}/cwd`);
    if (cwd === scratch || cwd.startsWith(scratch + sep)) return true;
  } catch {
    // Gone, or not ours to read.
  }
  try {
    const env = readFileSync(`/proc/${pid}/environ`);
    return env.includes(envNeedle) || env.subarray(0, envHead.length).equals(envHead);
  } catch {
    return false; // Gone, or not ours to read.
  }
}

/**
 * Synchronous reads of /proc in small batches: /proc answers from memory, and a
 * batch of sync calls costs a third of the same calls through the thread pool,
 * while the yields keep the host responsive on a machine with many processes.
 */
async function findMarked(scratch: string): Promise<number[]> {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const envNeedle = Buffer.from(`\0HOME=${scratch}\0`);
  const envHead = Buffer.from(`HOME=${scratch}\0`);
  const found: number[] = [];
  for (let i = 0; i < entries.length; i += PROC_BATCH) {
    if (i > 0) await new Promise((r) => setImmediate(r));
    for (const name of entries.slice(i, i + PROC_BATCH)) {
      if (!/^\d+$/.test(name)) continue;
      const pid = Number(name);
      if (pid !== process.pid && isMarked(name, scratch, envNeedle, envHead)) found.push(pid);
    }
  }
  return found;
}

/** SIGKILL to each pid; returns how many were signalled (one already gone is skipped). */
export function sigkillEach(pids: readonly number[]): number {
  let killed = 0;
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
      killed++;
    } catch {
      // Already gone.
    }
  }
  return killed;
}

/**
 * Kills every process still tied to the run's scratch folder (Linux only).
 * Repeats a few times so a process forking while we look is caught too.
 * Returns how many processes were killed.
 */
export async function sweepRunProcesses(scratch: string): Promise<number> {
  if (process.platform !== 'linux') return 0;
  let killed = 0;
  for (let round = 0; round < 5; round++) {
    const pids = await findMarked(scratch);
    if (pids.length === 0) break;
    killed += sigkillEach(pids);
    await new Promise((r) => setTimeout(r, 10));
  }
  return killed;
}
