/**
 * How many cores other work keeps busy right now, besides this process: whether a worker
 * thread would get a core of its own (scan-parallel.ts) or only take turns with this one.
 *
 * On Linux, the threads running at this moment (the fourth field of /proc/loadavg) less
 * this process's own running ones (its thread reading, and V8's compiler and collector
 * threads, busy in bursts while a command starts): the least of a few reads. Elsewhere,
 * the last minute's load average less this thread's core.
 *
 * Not the load average on Linux: a command called again and again (an agent, a hook, a
 * benchmark) finds in it the load of its own earlier runs, about one core plus what else
 * ran that minute, and would then never use the core those runs left idle.
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

const READS = 3;

export function otherWorkNow(): number {
  const others = process.platform === 'linux' ? leastOthersRunning() : null;
  return others ?? Math.max(0, os.loadavg()[0] - 1);
}

/** The least count of other processes' running threads over a few reads; null when unreadable. */
function leastOthersRunning(): number | null {
  let least: number | null = null;
  for (let i = 0; i < READS && least !== 0; i++) {
    const all = runningThreads(readProc('/proc/loadavg'));
    const own = ownRunningThreads();
    if (all === null || own === null) return least;
    const others = Math.max(0, all - own);
    least = least === null ? others : Math.min(least, others);
  }
  return least;
}

/** "0.52 0.58 0.59 1/467 12345": the fourth field is running/all threads. */
export function runningThreads(text: string | null): number | null {
  const n = Number.parseInt(text?.split(' ')[3] ?? '', 10);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** This process's threads in state R (running or runnable), at least this one. */
function ownRunningThreads(): number | null {
  let tasks: string[];
  try {
    tasks = readdirSync('/proc/self/task');
  } catch {
    return null;
  }
  let running = 0;
  for (const tid of tasks)
    if (threadState(readProc(`/proc/self/task/${tid}/stat`)) === 'R') running++;
  return Math.max(1, running);
}

/** "1234 (node) R 1 …": the state follows the command name, which may hold spaces and ')'. */
export function threadState(stat: string | null): string | null {
  const end = stat?.lastIndexOf(') ') ?? -1;
  return stat && end >= 0 ? stat.charAt(end + 2) || null : null;
}

function readProc(file: string): string | null {
  try {
    return readFileSync(file, 'latin1');
  } catch {
    return null; // a thread that ended between the listing and the read
  }
}
