/**
 * Counts in the validator's messages, grouped in thousands as `toLocaleString('en')` writes
 * them (51,200). Written out because the first toLocaleString of a process loads ICU's
 * number formatting, about 20 ms: more than validating a few dozen skills.
 */
export function groupThousands(n: number): string {
  // Counts are whole and never negative; anything else is written by the library.
  if (!Number.isSafeInteger(n) || n < 0 || Object.is(n, -0)) return n.toLocaleString('en');
  const digits = String(n);
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return out;
}
