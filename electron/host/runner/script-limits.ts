/** What bounds one script run: its caps, its output and its events (script-executor.ts). */
import { availableParallelism } from 'node:os';
import { DEFAULT_TMPFS_CAPS } from './sandbox/detect';
import type { TmpfsCaps } from './sandbox/types';

export interface ScriptLimits {
  /** Memory cap (RLIMIT_DATA, with an RLIMIT_AS backstop; see interpreter.ts). Default 512 MB. */
  memoryBytes: number | null;
  /** Largest file a skill may write (RLIMIT_FSIZE). Default 64 MB. */
  fileSizeBytes: number | null;
  /** RLIMIT_NPROC; off by default (see sandbox/types.ts). */
  processes: number | null;
  /** Processes and threads alive at once in the whole run (cgroup pids.max). Default 256. */
  pids: number | null;
  /** CPU bandwidth of the whole run in cores (cgroup). Default half the cores, at least 1. */
  cpuCores: number | null;
  /** Sizes of scratch, /dev/shm and /tmp where the sandbox mounts them (bwrap). */
  tmpfs: TmpfsCaps;
  /** stdout + stderr bytes before the run is killed. Default 16 MB. */
  maxOutputBytes: number;
  /** Longest single output line. Default 1 MB. */
  maxLineBytes: number;
  /** Events per run before it is killed; bounds SkillResult.events. Default 150 000. */
  maxEvents: number;
  /** Characters of stderr kept for error messages. Default 4 000. */
  stderrTailChars: number;
  /** Characters of plain stdout kept as the summary of a run without a result. */
  plainTextChars: number;
}

export const DEFAULT_SCRIPT_LIMITS: ScriptLimits = {
  memoryBytes: 512 * 1024 * 1024,
  fileSizeBytes: 64 * 1024 * 1024,
  processes: null,
  pids: 256,
  cpuCores: Math.max(1, Math.ceil(availableParallelism() / 2)),
  tmpfs: DEFAULT_TMPFS_CAPS,
  maxOutputBytes: 16 * 1024 * 1024,
  maxLineBytes: 1024 * 1024,
  // The playground must show runs of 100,000 events. Each event costs ~200 bytes of
  // envelope on the wire twice (streamed, then repeated in the response), so the cap
  // bounds what a flood of tiny lines can make a client receive (~60 MB at most).
  maxEvents: 150_000,
  stderrTailChars: 4000,
  plainTextChars: 64 * 1024,
};
