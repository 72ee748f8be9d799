// One small chart per path of the contest, as the contest's papers draw it (Winstein et
// al., NSDI 2013, Fig. 7): throughput up, 95th-percentile delay on a log axis that
// shrinks to the right, so better is up and to the right. One labelled dot per entrant;
// names of entrants that score alike are moved apart, with a leader line (contestLabels.ts).
import { scaleLinear, scaleLog } from 'd3';
import type { ContestBoard } from '../model/contest/contest';
import { labelWidth, placeLabels } from './contestLabels';

const W = 300;
const H = 210;
const M = { left: 46, right: 12, top: 12, bottom: 40 };

export function ContestChart({
  board,
  scenarios,
  mine,
}: {
  board: ContestBoard;
  scenarios: { name: string; label: string }[];
  mine?: string;
}) {
  return (
    <section className="panel contest-charts" aria-label="Throughput against delay, per path">
      <h2>Throughput against delay</h2>
      <div className="contest-chart-grid">
        {scenarios.map((s, i) => (
          <PathChart key={s.name} label={s.label} board={board} index={i} mine={mine} />
        ))}
      </div>
    </section>
  );
}

function PathChart({
  label,
  board,
  index,
  mine,
}: {
  label: string;
  board: ContestBoard;
  index: number;
  mine?: string;
}) {
  const points = board.rows
    .map((r) => ({ who: r.entrant, x: r.scenarios[index]?.delay_p95_ms, y: r.scenarios[index]?.throughput_mbps }))
    .filter((p): p is { who: string; x: number; y: number } => (p.x ?? 0) > 0 && Number.isFinite(p.y ?? NaN));
  if (points.length === 0) return null;
  const xs = points.map((p) => p.x);
  const lo = Math.min(...xs) / 1.3;
  const hi = Math.max(...xs) * 1.3;
  // Delay shrinks to the right: better is up and to the right.
  const x = scaleLog()
    .domain([hi, lo])
    .range([M.left, W - M.right]);
  const y = scaleLinear()
    .domain([0, Math.max(...points.map((p) => p.y)) * 1.15 || 1])
    .nice()
    .range([H - M.bottom, M.top]);
  const dots = points.map((p) => ({ x: x(p.x), y: y(p.y), width: labelWidth(p.who, 11, p.who === mine) }));
  const labels = placeLabels(dots, { left: M.left, right: W - M.right, top: M.top, bottom: H - M.bottom });
  const summary = points.map((p) => `${p.who} ${p.y.toFixed(2)} Mb/s at ${p.x.toFixed(1)} ms`).join('; ');
  return (
    <figure className="contest-chart" data-testid={`contest-chart:${index}`}>
      <figcaption>{label}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${label}: ${summary}`}>
        {y.ticks(4).map((t) => (
          <g key={`y${t}`}>
            <line x1={M.left} x2={W - M.right} y1={y(t)} y2={y(t)} className="grid" />
            <text x={M.left - 4} y={y(t)} dy="0.32em" textAnchor="end" className="tick">
              {t}
            </text>
          </g>
        ))}
        {x.ticks(4).map((t) => (
          <text key={`x${t}`} x={x(t)} y={H - M.bottom + 14} textAnchor="middle" className="tick">
            {x.tickFormat(4, '~g')(t)}
          </text>
        ))}
        <text x={(M.left + W - M.right) / 2} y={H - 6} textAnchor="middle" className="axis-title">
          95th-percentile delay (ms, log) → better
        </text>
        <text
          transform={`translate(12 ${(M.top + H - M.bottom) / 2}) rotate(-90)`}
          textAnchor="middle"
          className="axis-title"
        >
          Mb/s
        </text>
        {points.map((p, i) => (
          <g key={p.who} className={p.who === mine ? 'dot mine' : 'dot'} data-entrant={p.who}>
            {labels[i].leader && (
              <line
                className="leader"
                x1={dots[i].x}
                y1={dots[i].y}
                x2={labels[i].x + (labels[i].anchor === 'start' ? -1 : 1)}
                y2={labels[i].y}
              />
            )}
            <circle cx={dots[i].x} cy={dots[i].y} r={p.who === mine ? 5 : 3.5} />
            <text
              x={labels[i].x}
              y={labels[i].y}
              dy="0.32em"
              textAnchor={labels[i].anchor}
              className="dot-label"
              data-box={[labels[i].box.x0, labels[i].box.y0, labels[i].box.x1, labels[i].box.y1].join(',')}
            >
              {p.who}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
}
