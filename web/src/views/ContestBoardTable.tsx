// The contest's leaderboard: rank, entrant, score, and per path the throughput, the
// 95th-percentile delay and the log10 power the score averages (the engine's board).
import type { ContestBoard } from '../model/contest/contest';

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
            better. Each path: Mb/s · p95 delay ms · log10 power.
          </caption>
          <thead>
            <tr>
              <th scope="col">rank</th>
              <th scope="col">entrant</th>
              <th scope="col">score</th>
              {scenarios.map((s) => (
                <th scope="col" key={s.name}>
                  {s.label}
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
                    {fmt(c.throughput_mbps, 2)} · {fmt(c.delay_p95_ms, 1)} · {fmt(c.log_power, 2)}
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
