/**
 * A provider that trickles its answer a character per read makes few events: pieces that
 * arrive within the interval share one, nothing is lost or reordered, and what is held
 * goes out by the interval at the latest (or at once on flush).
 */
import { describe, expect, it, vi } from 'vitest';
import { TextBatcher } from './text-batcher';

describe('TextBatcher', () => {
  it('1,000 pieces within the interval become two events, in order and whole', () => {
    vi.useFakeTimers();
    try {
      const out: string[] = [];
      let now = 1_000;
      const b = new TextBatcher(
        40,
        (t) => out.push(t),
        () => now,
      );
      const text = Array.from({ length: 1000 }, (_, i) => String(i % 10));
      for (const piece of text) b.push(piece);
      // The first piece goes at once (nothing went out yet); the rest wait for the timer.
      expect(out).toEqual(['0']);
      now += 40;
      vi.advanceTimersByTime(40);
      expect(out.join('')).toBe(text.join(''));
      expect(out).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('flush sends what is held at once, and a later timer sends nothing twice', () => {
    vi.useFakeTimers();
    try {
      const out: string[] = [];
      const b = new TextBatcher(
        40,
        (t) => out.push(t),
        () => 5,
      );
      b.push('a');
      b.push('b');
      b.flush();
      vi.advanceTimersByTime(100);
      expect(out).toEqual(['a', 'b']);
    } finally {
      vi.useRealTimers();
    }
  });
});
