/**
 * How a finished run becomes an outcome: above all, a SIGKILL is out_of_memory
 * only with evidence that the memory cap caused it.
 */
import { describe, expect, it } from 'vitest';
import { classifyRun, pendingRunFacts, type MemoryEvidence, type RunFacts } from './exit-classify';

const MB = 1024 * 1024;

function facts(over: Partial<RunFacts>): RunFacts {
  return {
    ...pendingRunFacts(10_000, {
      maxOutputBytes: 16 * MB,
      maxLineBytes: MB,
      maxEvents: 1000,
      fileSizeBytes: MB,
    }),
    ...over,
  };
}

const cgroup = (m: Partial<MemoryEvidence>): MemoryEvidence => ({
  oomKills: 0,
  peakBytes: 10 * MB,
  capBytes: 512 * MB,
  ...m,
});

describe('classifyRun: SIGKILL and memory', () => {
  it('calls a SIGKILL with no memory evidence sandbox_crash (no cgroup)', () => {
    const o = classifyRun(facts({ signal: 'SIGKILL' }));
    expect(o).toMatchObject({ success: false, error_code: 'sandbox_crash' });
    expect(o.error).toMatch(/SIGKILL/);
  });

  it('calls a SIGKILL sandbox_crash when the cgroup counted no OOM kill, even near the cap', () => {
    const o = classifyRun(
      facts({ signal: 'SIGKILL', memory: cgroup({ oomKills: 0, peakBytes: 511 * MB }) }),
    );
    expect(o).toMatchObject({ error_code: 'sandbox_crash' });
    expect(o.error).toMatch(/not by the memory cap/);
  });

  it('calls a SIGKILL out_of_memory when the cgroup counted an OOM kill', () => {
    const o = classifyRun(facts({ signal: 'SIGKILL', memory: cgroup({ oomKills: 1 }) }));
    expect(o).toMatchObject({ error_code: 'out_of_memory' });
    expect(o.error).toMatch(/memory cap of 512 MB/);
  });

  it('calls a failed run out_of_memory when the OOM killer took one of its children', () => {
    const o = classifyRun(facts({ code: 1, memory: cgroup({ oomKills: 2 }) }));
    expect(o).toMatchObject({ error_code: 'out_of_memory' });
    expect(o.error).toMatch(/a process of the skill/);
  });

  it('uses the high-water mark only where the kernel counts no OOM kills', () => {
    const atCap = classifyRun(
      facts({ signal: 'SIGKILL', memory: cgroup({ oomKills: null, peakBytes: 510 * MB }) }),
    );
    expect(atCap.error_code).toBe('out_of_memory');
    const low = classifyRun(
      facts({ signal: 'SIGKILL', memory: cgroup({ oomKills: null, peakBytes: 100 * MB }) }),
    );
    expect(low.error_code).toBe('sandbox_crash');
  });

  it('keeps a successful run successful whatever happened to a child', () => {
    const o = classifyRun(
      facts({ code: 0, result: { data: 1, summary: null }, memory: cgroup({ oomKills: 1 }) }),
    );
    expect(o).toMatchObject({ success: true, data: 1 });
  });

  it('reads an out-of-memory message on stderr as out_of_memory (the rlimit case)', () => {
    const o = classifyRun(facts({ code: 1, stderrTail: 'MemoryError' }));
    expect(o.error_code).toBe('out_of_memory');
  });

  it('keeps the host’s own kills first: a timeout stays a timeout', () => {
    const o = classifyRun(
      facts({ signal: 'SIGKILL', killedBy: 'timeout', memory: cgroup({ oomKills: 1 }) }),
    );
    expect(o.error_code).toBe('timeout');
  });

  it('calls other signals sandbox_crash', () => {
    expect(classifyRun(facts({ signal: 'SIGSEGV' })).error_code).toBe('sandbox_crash');
    expect(classifyRun(facts({ signal: 'SIGXCPU' })).error_code).toBe('timeout');
  });
});
