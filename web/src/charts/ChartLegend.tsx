// A time chart's legend: one entry per series, its swatch drawn as the chart draws the
// series (line, step, area or marker shape), each explaining itself on hover.
import { ExplainedLabel } from './ExplainedLabel';

export type Shape = 'line' | 'step' | 'area' | 'dots' | 'triangle' | 'diamond' | 'cross';

/** What the legend shows of a series (TimeChart's ChartSeries has it all). */
export interface LegendSeries {
  key: string;
  label: string;
  shape: Shape;
  color: string;
  dash?: string;
  help?: string;
  source?: string;
}

/** The SVG path of one event marker (or a dot) centred at (x, y). */
export function markerPath(shape: Shape, x: number, y: number): string {
  const r = 6;
  switch (shape) {
    case 'triangle':
      return `M${x},${y - r}L${x + r},${y + r * 0.8}L${x - r},${y + r * 0.8}Z`;
    case 'diamond':
      return `M${x},${y - r}L${x + r},${y}L${x},${y + r}L${x - r},${y}Z`;
    case 'cross':
      return `M${x - r},${y - r}L${x + r},${y + r}M${x - r},${y + r}L${x + r},${y - r}`;
    default: {
      const d = 3.5;
      return `M${x - d},${y}a${d},${d} 0 1,0 ${2 * d},0a${d},${d} 0 1,0 ${-2 * d},0`;
    }
  }
}

export function ChartLegend({ testId, series }: { testId: string; series: readonly LegendSeries[] }) {
  return (
    <ul className="legend">
      {series.map((s) => (
        <li key={s.key}>
          <ExplainedLabel
            explanation={s.help ? { help: s.help, source: s.source ?? '' } : undefined}
            testId={`legend-${testId}-${s.key}`}
          >
            <svg width="30" height="14" aria-hidden="true">
              {s.shape === 'area' ? (
                <rect x="3" y="2" width="24" height="10" fill={s.color} />
              ) : s.shape === 'line' || s.shape === 'step' ? (
                <line x1="1" y1="7" x2="29" y2="7" stroke={s.color} strokeWidth="3" strokeDasharray={s.dash} />
              ) : (
                <path
                  d={markerPath(s.shape, 15, 7)}
                  fill={s.shape === 'cross' ? 'none' : s.color}
                  stroke={s.color}
                  strokeWidth="2"
                />
              )}
            </svg>
            {s.label}
          </ExplainedLabel>
        </li>
      ))}
    </ul>
  );
}
