import { describe, expect, it } from 'vitest';
import { groupThousands } from './count-text';

describe('groupThousands', () => {
  it("writes every count as toLocaleString('en') does", () => {
    const samples = [0, 1, 12, 999, 1000, 51_200, 100_000, 1_048_576, 9_007_199_254_740_991];
    for (let n = 0; n < 20_000; n += 7) samples.push(n, -n);
    for (const n of samples) expect(groupThousands(n)).toBe(n.toLocaleString('en'));
  });
});
