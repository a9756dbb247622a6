/**
 * The pass rate of a skill across its past benchmarks, one line per configuration
 * (with the skill, without it, the previous version): a small SVG, no chart library.
 * The numbers it draws are also in its accessible description and in each point's
 * tooltip, so the chart is never the only place they can be read.
 */
import { chartSeries, chartY, DEFAULT_BOX, type ChartRun } from './chart-geometry';
import { formatRate } from './format';

export interface PassRateChartProps {
  runs: readonly ChartRun[];
  /** Configurations in legend order, with the label each is shown under. */
  configs: readonly { id: string; label: string }[];
  /** The benchmark shown in the table, marked on the chart. */
  currentId?: string | null;
  onPick?(runId: string): void;
}

export function PassRateChart({ runs, configs, currentId, onPick }: PassRateChartProps) {
  const box = DEFAULT_BOX;
  const series = chartSeries(
    runs,
    configs.map((c) => c.id),
    box,
  );
  const summary = configs
    .map((c) => {
      const last = [...runs].reverse().find((r) => r.rates[c.id] !== undefined);
      return last ? `${c.label} ${formatRate(last.rates[c.id])} last` : null;
    })
    .filter(Boolean)
    .join(', ');
  const currentIndex = runs.findIndex((r) => r.id === currentId);
  const currentX = series.flatMap((s) => s.points).find((p) => p.runId === currentId)?.x;
  return (
    <figure className="ev-chart" data-testid="eval-chart">
      <svg
        viewBox={`0 0 ${box.width} ${box.height}`}
        width="100%"
        preserveAspectRatio="xMidYMid meet"
        role="img"
        aria-label={`Pass rate across ${runs.length} benchmark${runs.length === 1 ? '' : 's'}: ${summary}`}
      >
        {[1, 0.5, 0].map((r) => (
          <g key={r}>
            <line
              className="ev-chart-grid"
              x1={box.padLeft}
              x2={box.width - box.pad}
              y1={chartY(r, box)}
              y2={chartY(r, box)}
            />
            <text className="ev-chart-label" x={box.padLeft - 4} y={chartY(r, box) + 3}>
              {formatRate(r)}
            </text>
          </g>
        ))}
        {currentIndex >= 0 && currentX !== undefined && (
          <line
            className="ev-chart-current"
            x1={currentX}
            x2={currentX}
            y1={box.pad}
            y2={box.height - box.pad}
          />
        )}
        {series.map((s, i) => (
          <g key={s.config} className={`ev-series ev-series-${i}`} data-config={s.config}>
            <path className="ev-chart-line" d={s.path} />
            {s.points.map((p) => (
              <circle
                key={p.runId}
                className="ev-chart-point"
                cx={p.x}
                cy={p.y}
                r={p.runId === currentId ? 3.5 : 2.5}
                onClick={onPick ? () => onPick(p.runId) : undefined}
              >
                <title>{`${p.runId}: ${configs[i]?.label ?? s.config} ${formatRate(p.rate)}`}</title>
              </circle>
            ))}
          </g>
        ))}
      </svg>
      <figcaption className="ev-legend">
        {configs.map((c, i) => (
          <span key={c.id} className={`ev-legend-item ev-series-${i}`}>
            <span className="ev-swatch" aria-hidden="true" />
            {c.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
