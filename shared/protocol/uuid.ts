/**
 * Random (version 4) UUIDs for message ids, from the Web Crypto global (browsers
 * and Node alike).
 *
 * Why not `crypto.randomUUID()`: Node builds each one by concatenating hex pairs,
 * so every id is a rope of ~20 heap objects until something flattens it. A run
 * keeps every event (and so every id) until its response, and at 100,000 events
 * that rope garbage made ids the costliest part of streaming. These are one flat
 * string each, from a pool of random bytes drawn 4,096 ids at a time.
 */
const HEX = Array.from('0123456789abcdef', (c) => c.charCodeAt(0));
const DASH = '-'.charCodeAt(0);
/** 64 KB, the most getRandomValues gives in one call; its cost is mostly per call. */
const POOL_IDS = 4096;

const pool = new Uint8Array(16 * POOL_IDS);
let used = pool.length;
const codes: number[] = new Array<number>(36).fill(0);

/** The one Web Crypto call used, typed here: shared/ compiles with neither DOM nor Node types. */
interface RandomSource {
  getRandomValues(array: Uint8Array): Uint8Array;
}
const globalWithCrypto = globalThis as typeof globalThis & { crypto: RandomSource };

export function randomUuid(): string {
  if (used === pool.length) {
    globalWithCrypto.crypto.getRandomValues(pool);
    used = 0;
  }
  const at = used;
  used += 16;
  // RFC 9562 §5.4: version 4 in the high nibble of byte 6, variant 10 in byte 8.
  pool[at + 6] = (pool[at + 6] & 0x0f) | 0x40;
  pool[at + 8] = (pool[at + 8] & 0x3f) | 0x80;
  let c = 0;
  for (let i = 0; i < 16; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) codes[c++] = DASH;
    const b = pool[at + i];
    codes[c++] = HEX[b >> 4];
    codes[c++] = HEX[b & 15];
  }
  return String.fromCharCode(...codes);
}
