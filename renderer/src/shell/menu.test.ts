import { describe, expect, it } from 'vitest';
import { isEcho } from './menu';

describe('menu echo suppression', () => {
  it('drops the second run of one action within 300 ms only', () => {
    expect(isEcho('save', 1000)).toBe(false);
    expect(isEcho('save', 1100)).toBe(true);
    expect(isEcho('save', 1500)).toBe(false);
    expect(isEcho('toggle-sidebar', 1501)).toBe(false);
  });
});
