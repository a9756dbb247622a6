/**
 * The scrubber every run's output goes through: a key is taken out of values that hold
 * a part more than once, and of a stream that splits it anywhere.
 */
import { describe, expect, it } from 'vitest';
import { REDACTED, SecretScrubber } from './run-secrets';

const KEY = 'sk-test-0123456789abcdef';

describe('SecretScrubber', () => {
  it('scrubs a part held twice in both places, shares it in the copy, and leaves the value as it was', () => {
    const shared = { role: 'user', content: `my key ${KEY}` };
    const value = { records: [{ messages: [shared] }, { messages: [shared, shared] }], [KEY]: 1 };
    const before = JSON.stringify(value);
    const copy = new SecretScrubber([KEY]).value(value);
    expect(JSON.stringify(copy)).not.toContain(KEY);
    expect(copy.records[1].messages[1].content).toBe(`my key ${REDACTED}`);
    expect(copy.records[0].messages[0]).toBe(copy.records[1].messages[0]);
    expect(Object.keys(copy)).toEqual(['records', REDACTED]);
    expect(JSON.stringify(value)).toBe(before);
  });

  it('holds back exactly the tail that could begin a key (the longest one)', () => {
    const secrets = ['abcab-key-xy', 'aab-other-key'];
    const scrubber = new SecretScrubber(secrets);
    // The rule, spelled out: the longest tail shorter than a key that the key starts with.
    const naive = (s: string): number => {
      let hold = 0;
      for (const secret of secrets)
        for (let k = Math.min(secret.length - 1, s.length); k > hold; k--)
          if (s.endsWith(secret.slice(0, k))) {
            hold = k;
            break;
          }
      return hold;
    };
    let seed = 7;
    const random = (n: number): number => (
      (seed = (seed * 1103515245 + 12345) % 2 ** 31),
      seed % n
    );
    const alphabet = 'abc-kyexo';
    for (let i = 0; i < 5000; i++) {
      const s = Array.from({ length: random(20) }, () => alphabet[random(alphabet.length)]).join(
        '',
      );
      expect(scrubber.heldTail(s)).toBe(naive(s));
    }
    expect(scrubber.heldTail('text abcab-key-x')).toBe('abcab-key-x'.length);
    expect(scrubber.heldTail('text aa')).toBe(2);
  });

  it('never lets a key through a stream, wherever it is split', () => {
    const text = `before ${KEY} middle ${KEY.slice(0, 5)} after ${KEY}`;
    for (let cut = 0; cut <= text.length; cut++) {
      for (let second = cut; second <= text.length; second += 7) {
        const stream = new SecretScrubber([KEY]).stream();
        const out =
          stream.push(text.slice(0, cut)) +
          stream.push(text.slice(cut, second)) +
          stream.push(text.slice(second)) +
          stream.end();
        expect(out).toBe(`before ${REDACTED} middle ${KEY.slice(0, 5)} after ${REDACTED}`);
      }
    }
  });
});
