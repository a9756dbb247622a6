import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, fileToBase64 } from './base64';

describe('base64', () => {
  it('round-trips every byte value and large inputs', async () => {
    const bytes = new Uint8Array(200_000).map((_, i) => i % 256);
    const b64 = bytesToBase64(bytes);
    expect(b64).toBe(Buffer.from(bytes).toString('base64'));
    expect(base64ToBytes(b64)).toEqual(bytes);
    expect(await fileToBase64(new Blob([bytes.subarray(0, 3)]))).toBe('AAEC');
  });
});
