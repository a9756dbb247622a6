import { describe, expect, it } from 'vitest';
import { markdownTable, missesTarget, type Row } from './bench-util';

const row = (figure: string, ratio: string, target: string): Row => ({
  what: 'x',
  figure,
  baseline: 'y',
  ratio,
  target,
});

describe('missesTarget', () => {
  it('reads a bound in × or % against the ratio', () => {
    expect(missesTarget(row('303 ms', '1.45×', '≤ 1.5×'))).toBe(false);
    expect(missesTarget(row('1859 ms', '1.53×', '≤ 1.3×'))).toBe(true);
    expect(missesTarget(row('163,312 events/s', '34%', '≥ 50%'))).toBe(true);
    expect(missesTarget(row('3121 ms', '96 % of ideal', '≥ 90 %'))).toBe(false);
  });

  it('reads a signed bound against the ratio', () => {
    expect(missesTarget(row('2.11 ms', '+0.97 ms', '≤ +20 ms'))).toBe(false);
    expect(missesTarget(row('30 ms', '+25 ms', '≤ +20 ms'))).toBe(true);
  });

  it('reads a plain bound against the figure, in the same unit', () => {
    expect(missesTarget(row('85 ms (CPU 107 ms)', '8.1×', '< 200 ms'))).toBe(false);
    expect(missesTarget(row('1.60 ms', '0.00×', '< 1 s'))).toBe(false);
    expect(missesTarget(row('1.2 s', '—', '< 1 s'))).toBe(true);
  });

  it('takes p95 for a label, not a quantity', () => {
    expect(missesTarget(row('p95 1.27 ms (p50 0.50 ms)', '0.58×', '≤ 16 ms p95'))).toBe(false);
    expect(missesTarget(row('p95 21 ms (p50 9 ms)', '1.2×', '≤ 16 ms p95'))).toBe(true);
  });

  it('leaves a target it cannot read alone', () => {
    expect(missesTarget(row('0', '', '0'))).toBe(false);
    expect(missesTarget(row('36 MiB', '+10 KiB/turn', 'bounded'))).toBe(false);
  });
});

describe('markdownTable', () => {
  it('says "not met" once, only on a row that misses', () => {
    const table = markdownTable([
      row('1859 ms', '1.53×', '≤ 1.3×'),
      row('303 ms', '1.45×', '≤ 1.5×'),
    ]);
    expect(table.split('\n')[2]).toMatch(/\| ≤ 1\.3× — not met \|$/);
    expect(table.split('\n')[3]).toMatch(/\| ≤ 1\.5× \|$/);
  });
});
