/**
 * How a finished script run becomes a SkillResult outcome (docs/contracts.md, Script ABI).
 *
 * Memory: RLIMIT_DATA makes allocation fail inside the program rather than killing
 * it, so the program dies its own way. We read that as out_of_memory when the
 * run failed and its stderr carries a known out-of-memory message (Python's
 * MemoryError, V8's "heap out of memory" / "Fatal process out of memory", Node's
 * "Array buffer allocation failed", C++ std::bad_alloc, glibc's "Cannot allocate
 * memory"). The run's memory cgroup is the other witness: when the kernel's OOM
 * killer took a process of a failed run at the run's cap (oom_kill events), that
 * is out_of_memory too, whichever process it was. A SIGKILL we did not send is
 * out_of_memory only with such evidence (or, on kernels that count no OOM kills,
 * a high-water mark at the cap); otherwise it is sandbox_crash, as is any other
 * signal. The stderr test is a heuristic: a program that prints such a message
 * for another reason is misread.
 */
import type { ExecOutcome } from './types';

export type KillReason = 'timeout' | 'cancelled' | 'output' | 'line' | 'events';

export const OUT_OF_MEMORY_PATTERN =
  /MemoryError|heap out of memory|Fatal process (out of memory|OOM)|Array buffer allocation failed|std::bad_alloc|Cannot allocate memory|out of memory/i;

/** What the run's memory cgroup saw (all null without one). */
export interface MemoryEvidence {
  /** Processes of the run the kernel killed at its memory cap. */
  oomKills: number | null;
  /** The run's memory high-water mark, bytes. */
  peakBytes: number | null;
  /** The run's memory cap in the cgroup, bytes. */
  capBytes: number | null;
}

export const NO_MEMORY_EVIDENCE: MemoryEvidence = {
  oomKills: null,
  peakBytes: null,
  capBytes: null,
};

/** A high-water mark this close to the cap counts as reaching it. */
const PEAK_AT_CAP = 0.95;

function hitMemoryCap(m: MemoryEvidence): boolean {
  if (m.oomKills !== null) return m.oomKills > 0;
  return m.peakBytes !== null && m.capBytes !== null && m.peakBytes >= m.capBytes * PEAK_AT_CAP;
}

export interface RunFacts {
  /** The error that kept the program from starting at all. */
  spawnError: Error | null;
  code: number | null;
  /** The signal that ended the skill's program (already decoded from bwrap's 128+N). */
  signal: NodeJS.Signals | null;
  killedBy: KillReason | null;
  stderrTail: string;
  errorLine: { message: string; code: string | null } | null;
  result: { data: unknown; summary: unknown } | null;
  /** Non-JSON stdout (tail), the summary of a run that printed no result line. */
  plainText: string;
  timeoutMs: number;
  /** The run's memory cgroup readings; absent = no cgroup. */
  memory?: MemoryEvidence;
  limits: {
    maxOutputBytes: number;
    maxLineBytes: number;
    maxEvents: number;
    fileSizeBytes: number | null;
  };
}

/** A run's facts before anything happened: not spawned, nothing exited, nothing written. */
export function pendingRunFacts(timeoutMs: number, limits: RunFacts['limits']): RunFacts {
  return {
    spawnError: null,
    code: null,
    signal: null,
    killedBy: null,
    stderrTail: '',
    errorLine: null,
    result: null,
    plainText: '',
    timeoutMs,
    memory: NO_MEMORY_EVIDENCE,
    limits: { ...limits },
  };
}

function mb(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

function withTail(message: string, tail: string): string {
  const t = tail.trim();
  return t ? `${message}\n--- stderr (last lines) ---\n${t}` : message;
}

export function classifyRun(f: RunFacts): ExecOutcome {
  if (f.spawnError) {
    return {
      success: false,
      error_code: 'skill_error',
      error: `the skill could not be started: ${f.spawnError.message}`,
    };
  }
  switch (f.killedBy) {
    case 'timeout':
      return {
        success: false,
        error_code: 'timeout',
        error: `the skill did not finish within ${Math.round(f.timeoutMs / 100) / 10} s and was stopped`,
      };
    case 'cancelled':
      return { success: false, error_code: 'cancelled', error: 'the call was cancelled' };
    case 'output':
      return {
        success: false,
        truncated: true,
        error_code: 'skill_error',
        error: `the skill wrote more than ${mb(f.limits.maxOutputBytes)} of output and was stopped`,
      };
    case 'line':
      return {
        success: false,
        truncated: true,
        error_code: 'skill_error',
        error: `the skill wrote a line longer than ${mb(f.limits.maxLineBytes)} and was stopped`,
      };
    case 'events':
      return {
        success: false,
        truncated: true,
        error_code: 'skill_error',
        error: `the skill emitted more than ${f.limits.maxEvents} events and was stopped`,
      };
    default:
      break;
  }
  const failed = f.signal !== null || (f.code !== null && f.code !== 0);
  const memory = f.memory ?? NO_MEMORY_EVIDENCE;
  if (failed && OUT_OF_MEMORY_PATTERN.test(f.stderrTail)) {
    return {
      success: false,
      error_code: 'out_of_memory',
      error: withTail('the skill ran out of memory', f.stderrTail),
    };
  }
  if (failed && hitMemoryCap(memory)) {
    const cap = memory.capBytes === null ? '' : ` of ${mb(memory.capBytes)}`;
    const who = f.signal === 'SIGKILL' ? 'the skill' : 'a process of the skill';
    return {
      success: false,
      error_code: 'out_of_memory',
      error: withTail(
        `${who} was killed by the out-of-memory killer at the run's memory cap${cap}`,
        f.stderrTail,
      ),
    };
  }
  if (f.signal === 'SIGKILL') {
    const why =
      memory.oomKills === null
        ? 'nothing shows it was the memory cap'
        : 'not by the memory cap: the run had no out-of-memory kill';
    return {
      success: false,
      error_code: 'sandbox_crash',
      error: withTail(`the skill was killed by SIGKILL (${why})`, f.stderrTail),
    };
  }
  if (f.signal === 'SIGXCPU') {
    return {
      success: false,
      error_code: 'timeout',
      error: 'the skill used up its CPU time limit (SIGXCPU)',
    };
  }
  if (f.signal === 'SIGXFSZ') {
    const limit = f.limits.fileSizeBytes === null ? '' : ` of ${mb(f.limits.fileSizeBytes)}`;
    return {
      success: false,
      error_code: 'sandbox_crash',
      error: withTail(`the skill wrote a file over the size limit${limit} (SIGXFSZ)`, f.stderrTail),
    };
  }
  if (f.signal) {
    return {
      success: false,
      error_code: 'sandbox_crash',
      error: withTail(`the skill crashed (${f.signal})`, f.stderrTail),
    };
  }
  if (f.code !== 0) {
    const head = f.errorLine ? errorLineText(f.errorLine) : `the skill exited with code ${f.code}`;
    return { success: false, error_code: 'skill_error', error: withTail(head, f.stderrTail) };
  }
  if (f.errorLine) {
    return {
      success: false,
      error_code: 'skill_error',
      error: withTail(errorLineText(f.errorLine), f.stderrTail),
    };
  }
  if (f.result) return { success: true, data: f.result.data, summary: f.result.summary };
  // Exit 0 without a result line: a plain script. Its text output is the summary.
  return { success: true, data: null, summary: f.plainText.length > 0 ? f.plainText : null };
}

function errorLineText(e: { message: string; code: string | null }): string {
  return e.code ? `${e.message} [${e.code}]` : e.message;
}
