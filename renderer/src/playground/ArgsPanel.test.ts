import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUT_SECONDS, timeoutDefault } from './ArgsPanel';

describe('the playground timeout default', () => {
  it("is the skill's own timeout_seconds, else 60 s", () => {
    expect(timeoutDefault(null, 'slow', 300)?.seconds).toBe(300);
    expect(timeoutDefault(null, 'plain', null)?.seconds).toBe(DEFAULT_TIMEOUT_SECONDS);
  });

  it('is set once per skill, so a typed value stays until the skill or its limit changes', () => {
    const first = timeoutDefault(null, 'slow', 300);
    expect(first).not.toBeNull();
    expect(timeoutDefault(first!.key, 'slow', 300)).toBeNull();
    expect(timeoutDefault(first!.key, 'slow', 120)?.seconds).toBe(120);
    expect(timeoutDefault(first!.key, 'other', 300)?.seconds).toBe(300);
    // Definitions load after the panel shows: the skill's limit then replaces the 60 s.
    const before = timeoutDefault(null, 'slow', null);
    expect(timeoutDefault(before!.key, 'slow', 300)?.seconds).toBe(300);
  });
});
