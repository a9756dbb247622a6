import { describe, expect, it } from 'vitest';
import { otherWorkNow, runningThreads, threadState } from './other-work';

describe('other work', () => {
  it('reads the running threads from a /proc/loadavg line', () => {
    expect(runningThreads('0.96 1.20 1.03 1/80 20516\n')).toBe(1);
    expect(runningThreads('3.10 2.00 1.00 4/812 99')).toBe(4);
  });

  it('takes a line it cannot read as unknown, not as an idle machine', () => {
    for (const text of [
      null,
      '',
      'garbage',
      '0.1 0.2 0.3',
      '0.1 0.2 0.3 x/80 1',
      '0.1 0.2 0.3 0/80 1',
    ])
      expect(runningThreads(text)).toBeNull();
  });

  it("reads a thread's state after its name, whatever the name holds", () => {
    expect(threadState('1234 (node) R 1 1234 1234 0 -1')).toBe('R');
    expect(threadState('77 (V8 Worker) S 1 77')).toBe('S');
    expect(threadState('78 (a) b) (c) R 1 78')).toBe('R');
    for (const stat of [null, '', '1234 node R', '1234 (node)'])
      expect(threadState(stat)).toBeNull();
  });

  it('counts other work in cores, never below none', () => {
    const busy = otherWorkNow();
    expect(Number.isFinite(busy)).toBe(true);
    expect(busy).toBeGreaterThanOrEqual(0);
  });
});
