import { describe, expect, it } from 'vitest';
import { chartSeries, chartY, type ChartBox } from './chart-geometry';

const box: ChartBox = { width: 110, height: 120, padLeft: 10, pad: 10 };

describe('pass-rate chart geometry', () => {
  it('spaces benchmarks evenly and maps 0–100% to the plot height', () => {
    const [withSkill] = chartSeries(
      [
        { id: 'a', rates: { with_skill: 0 } },
        { id: 'b', rates: { with_skill: 0.5 } },
        { id: 'c', rates: { with_skill: 1 } },
      ],
      ['with_skill'],
      box,
    );
    expect(withSkill.points.map((p) => [p.x, p.y])).toEqual([
      [10, 110],
      [55, 60],
      [100, 10],
    ]);
    expect(withSkill.path).toBe('M 10 110 L 55 60 L 100 10');
    expect(chartY(0.5, box)).toBe(60);
  });

  it('breaks a line where its configuration was not run', () => {
    const [, prev] = chartSeries(
      [
        { id: 'a', rates: { with_skill: 1, previous: 0.5 } },
        { id: 'b', rates: { with_skill: 1 } },
        { id: 'c', rates: { with_skill: 1, previous: 1 } },
      ],
      ['with_skill', 'previous'],
      box,
    );
    expect(prev.points.map((p) => p.runId)).toEqual(['a', 'c']);
    expect(prev.path).toBe('M 10 60 M 100 10');
  });

  it('centres a single benchmark', () => {
    const [s] = chartSeries([{ id: 'only', rates: { x: 1 } }], ['x'], box);
    expect(s.points[0].x).toBe(55);
  });
});
