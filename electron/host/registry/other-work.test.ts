import { describe, expect, it } from 'vitest';
import { otherWorkNow, runningThreads } from './other-work';

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

  it('counts other work in cores, never below none', () => {
    const busy = otherWorkNow();
    expect(Number.isFinite(busy)).toBe(true);
    expect(busy).toBeGreaterThanOrEqual(0);
  });
});
