/**
 * How many cores other work keeps busy right now, besides this thread: whether a worker
 * thread would get a core of its own (scan-parallel.ts) or only take turns with this one.
 *
 * On Linux, the threads running at this moment (the fourth field of /proc/loadavg) less this
 * one, the least of a few reads, since this process's own helper threads (V8's compiler
 * and collector) run in short bursts. Elsewhere, the last minute's load average less this
 * thread's core.
 *
 * Not the load average on Linux: a command called again and again (an agent, a hook, a
 * benchmark) finds in it the load of its own earlier runs, about one core plus what else
 * ran that minute, and would then never use the core those runs left idle.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';

const READS = 3;

export function otherWorkNow(): number {
  const running = process.platform === 'linux' ? leastRunning() : null;
  return Math.max(0, (running ?? os.loadavg()[0]) - 1);
}

/** The least running-thread count of a few reads of /proc/loadavg; null when it cannot be read. */
function leastRunning(): number | null {
  let least: number | null = null;
  for (let i = 0; i < READS; i++) {
    const n = runningThreads();
    if (n === null) return least;
    least = least === null ? n : Math.min(least, n);
  }
  return least;
}

/** "0.52 0.58 0.59 1/467 12345": the fourth field is running/all threads. */
export function runningThreads(text = readLoadavg()): number | null {
  const n = Number.parseInt(text?.split(' ')[3] ?? '', 10);
  return Number.isInteger(n) && n > 0 ? n : null;
}

function readLoadavg(): string | null {
  try {
    return readFileSync('/proc/loadavg', 'latin1');
  } catch {
    return null;
  }
}
