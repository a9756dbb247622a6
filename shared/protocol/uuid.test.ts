import { describe, expect, it } from 'vitest';
import { randomUuid } from './uuid';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('randomUuid', () => {
  it('gives version-4 UUIDs, all different, across many refills of the pool', () => {
    const ids = Array.from({ length: 10_000 }, () => randomUuid());
    expect(ids.every((id) => V4.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('uses every hex digit in every free position (the bytes are really random)', () => {
    const seen = Array.from({ length: 36 }, () => new Set<string>());
    for (let i = 0; i < 2_000; i++) [...randomUuid()].forEach((ch, at) => seen[at].add(ch));
    const fixed = new Set([8, 13, 14, 18, 19, 23]); // dashes, the version and the variant
    for (let at = 0; at < 36; at++) if (!fixed.has(at)) expect(seen[at].size).toBe(16);
    expect([...seen[19]].sort()).toEqual(['8', '9', 'a', 'b']);
  });
});
