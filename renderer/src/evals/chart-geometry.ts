/**
 * The pass-rate chart's geometry, apart from React: past benchmarks of a skill in
 * time order on x (evenly spaced: runs are days or seconds apart, and a time axis
 * would squeeze a session's runs into one pixel), pass rate 0–100% on y, one line
 * per configuration. Pure, so the points can be checked without a browser.
 */

export interface ChartRun {
  /** Identifies the benchmark (its folder's timestamp). */
  id: string;
  /** Pass rate (0..1) per configuration name; a configuration not run is absent. */
  rates: Record<string, number>;
}

export interface ChartPoint {
  x: number;
  y: number;
  runId: string;
  rate: number;
}

export interface ChartSeries {
  config: string;
  points: ChartPoint[];
  /** SVG path data ("M x y L x y …"), broken where the configuration was not run. */
  path: string;
}

export interface ChartBox {
  width: number;
  height: number;
  /** Room left for the y labels, and around the plot. */
  padLeft: number;
  pad: number;
}

export const DEFAULT_BOX: ChartBox = { width: 280, height: 96, padLeft: 30, pad: 6 };

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

/** Lines of the chart, one per configuration, in the order the configurations are given. */
export function chartSeries(
  runs: readonly ChartRun[],
  configs: readonly string[],
  box: ChartBox = DEFAULT_BOX,
): ChartSeries[] {
  const plotW = box.width - box.padLeft - box.pad;
  const plotH = box.height - 2 * box.pad;
  const xAt = (i: number) =>
    round(
      runs.length <= 1 ? box.padLeft + plotW / 2 : box.padLeft + (plotW * i) / (runs.length - 1),
    );
  const yAt = (rate: number) => round(box.pad + plotH * (1 - Math.min(1, Math.max(0, rate))));
  return configs.map((config) => {
    const points: ChartPoint[] = [];
    let path = '';
    let drawing = false;
    runs.forEach((run, i) => {
      const rate = run.rates[config];
      if (rate === undefined || !Number.isFinite(rate)) {
        drawing = false;
        return;
      }
      const p = { x: xAt(i), y: yAt(rate), runId: run.id, rate };
      points.push(p);
      path += `${path ? ' ' : ''}${drawing ? 'L' : 'M'} ${p.x} ${p.y}`;
      drawing = true;
    });
    return { config, points, path };
  });
}

/** The y of a pass rate, for the grid lines (0%, 50%, 100%). */
export function chartY(rate: number, box: ChartBox = DEFAULT_BOX): number {
  return round(box.pad + (box.height - 2 * box.pad) * (1 - rate));
}
