import { describe, expect, it } from 'vitest';
import { callTimeoutMs, MAX_TIMER_MS, safeDelay } from './timeouts';

describe('safeDelay', () => {
  it('keeps delays a timer can hold and clamps the rest to 2^31-1 ms', () => {
    expect(safeDelay(1500)).toBe(1500);
    expect(safeDelay(MAX_TIMER_MS)).toBe(MAX_TIMER_MS);
    expect(safeDelay(MAX_TIMER_MS + 1)).toBe(MAX_TIMER_MS);
    expect(safeDelay(Number.MAX_SAFE_INTEGER * 1000)).toBe(MAX_TIMER_MS);
    expect(safeDelay(Infinity)).toBe(MAX_TIMER_MS);
    expect(safeDelay(-5)).toBe(0);
    expect(safeDelay(Number.NaN)).toBe(0);
  });

  it('takes the smaller of the call timeout and a positive timeout_seconds', () => {
    expect(callTimeoutMs(60, 5)).toBe(5000);
    expect(callTimeoutMs(2, 30)).toBe(2000);
    expect(callTimeoutMs(2, null)).toBe(2000);
    expect(callTimeoutMs(2, 0)).toBe(2000);
    expect(callTimeoutMs(3_000_000)).toBe(MAX_TIMER_MS);
  });
});
