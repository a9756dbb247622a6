import { describe, expect, it } from 'vitest';
import { deltaTone, formatDelta, formatMeanSd, formatRate, formatTokens } from './format';

describe('eval figures', () => {
  it('words a pass rate with its sample spread in percentage points', () => {
    expect(formatRate(2 / 3)).toBe('67%');
    expect(formatMeanSd(2 / 3, 0.2887)).toBe('67% ± 29');
    // No spread (one run, or all runs alike): no "± 0" noise.
    expect(formatMeanSd(1, 0)).toBe('100%');
  });

  it('signs every delta and tells better from worse', () => {
    expect(formatDelta(0.3333)).toBe('+33 pts');
    expect(formatDelta(-0.1)).toBe('\u221210 pts');
    expect(formatDelta(0.001)).toBe('±0 pts');
    expect(deltaTone(0.2)).toBe('better');
    expect(deltaTone(-0.2)).toBe('worse');
    // A difference that rounds to nothing is not highlighted as a change.
    expect(deltaTone(0.004)).toBe('same');
  });

  it('shortens token counts', () => {
    expect(formatTokens(950)).toBe('950');
    expect(formatTokens(1234)).toBe('1.2k');
    expect(formatTokens(45_600)).toBe('46k');
    expect(formatTokens(2_500_000)).toBe('2.5M');
  });
});
