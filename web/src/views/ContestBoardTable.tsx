// The contest's leaderboard: rank, entrant, score, and per path the log10 power the
// score averages, over the throughput and 95th-percentile delay it is made of (the
// engine's board). Each path's cell holds its three numbers on two lines, so the five
// paths of a set fit the table in the page's column at 1280 px (and on a projector)
// without scrolling sideways.
import type { ContestBoard } from '../model/contest/contest';

/** A path's name as a header that may wrap, but never between a number and its unit ("1 %"). */
const headerLabel = (label: string) => label.replace(/(\d) /g, '$1\u00a0');

const fmt = (v: number | null, digits: number) => (v === null || !Number.isFinite(v) ? '–' : v.toFixed(digits));

export function ContestBoardTable({
  board,
  scenarios,
  mine,
}: {
  board: ContestBoard;
  scenarios: { name: string; label: string }[];
  mine?: string;
}) {
  return (
    <section className="panel contest-board" aria-label="Leaderboard">
      <h2>Leaderboard</h2>
      <div className="table-scroll">
        <table data-testid="contest-board">
          <caption className="muted-note">
            score = mean over the paths of log10(throughput in Mb/s ÷ 95th-percentile one-way delay in s); higher is
            better. Each path: its log10 power, under it Mb/s · p95 delay ms.
          </caption>
          <thead>
            <tr>
              <th scope="col">rank</th>
              <th scope="col">entrant</th>
              <th scope="col">score</th>
              {scenarios.map((s) => (
                <th
                  scope="col"
                  key={s.name}
                  className="path"
                  title={`${s.label}: log10 power (throughput ÷ p95 delay), then throughput in Mb/s · 95th-percentile one-way delay in ms`}
                >
                  {headerLabel(s.label)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {board.rows.map((r) => (
              <tr
                key={r.entrant}
                className={r.entrant === mine ? 'mine' : undefined}
                data-testid={`contest-row:${r.entrant}`}
              >
                <td>{r.rank}</td>
                <th scope="row">{r.entrant}</th>
                <td data-testid={`contest-score:${r.entrant}`} data-score={r.score ?? ''}>
                  {fmt(r.score, 3)}
                </td>
                {r.scenarios.map((c, i) => (
                  <td key={scenarios[i]?.name ?? i} className="cell" data-log-power={c.log_power ?? ''}>
                    <span className="power">{fmt(c.log_power, 2)}</span>
                    <span className="parts">
                      {fmt(c.throughput_mbps, 2)} · {fmt(c.delay_p95_ms, 1)}
                    </span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
