// "What am I looking at?": a collapsible panel per view saying in plain words what the
// view shows and how to read it.
import './guide.css';

const GUIDES: Record<string, { title: string; points: string[] }> = {
  live: {
    title: 'The Live view',
    points: [
      'One experiment, run again each time you change a setting on the left or click a link in the picture.',
      'The window chart shows how much data the sender lets itself have in flight (cwnd) and its threshold; the symbols mark loss-recovery events. Hover or focus a legend entry or a symbol to read what it is and where it is specified.',
      'The time–sequence chart shows every segment sent, resent (red crosses) and acknowledged; click any event symbol on another chart to zoom it to that moment.',
      "The path's charts show the other side: the bottleneck queue against its buffer limit, how busy the bottleneck is, and the RTT the sender measures against the path's base RTT. A full buffer means a busy link and a long RTT: bufferbloat.",
      'Move the pointer over any chart: a line marks the same time on every chart, and under each chart its values at that time are listed.',
    ],
  },
  compare: {
    title: 'The Compare view',
    points: [
      'The same path, loss and seed, run once for each protocol you pick, so any difference is the protocol’s.',
      'Each protocol has one colour; click its name to hide or show it. The event markers (fast retransmit, timeout...) of each protocol can be shown or hidden too.',
    ],
  },
  sweep: {
    title: 'The Sweep view',
    points: [
      'One parameter (x) varied over a range; for each value, several runs with different seeds, and one figure (y) measured.',
      'Each point is the mean of its seeds with a 95 % confidence interval. The lines drawn over goodput are throughput equations (the model), not simulations.',
    ],
  },
  contest: {
    title: 'The Contest view',
    points: [
      'Every entrant runs alone as the first flow on each path of the set (the set names the paths and the competition), with the same seed, so the leaderboard compares protocols, not luck.',
      'Each run is scored as the classic congestion-control contest scores it: throughput divided by the 95th-percentile one-way delay of the flow’s packets (its power), on a log scale. The total is the mean over the paths: higher is better.',
      'Set the first flow on the left to your own protocol (or your program) and it joins the leaderboard as “yours”. `plab contest` on the command line gives the same numbers.',
    ],
  },
  validation: {
    title: 'The Validation view',
    points: [
      'Every claim this lab makes about a paper or a reference simulator, with the number we measured, the number they report, and a verdict.',
      'Re-check a group to run it again in your browser; open a row to see its experiment.',
    ],
  },
};

export function ViewGuide({ view }: { view: string }) {
  const guide = GUIDES[view];
  if (!guide) return null;
  return (
    <details className="view-guide" data-testid={`guide-${view}`}>
      <summary>What am I looking at?</summary>
      <div className="view-guide-body">
        <strong>{guide.title}</strong>
        <ul>
          {guide.points.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </div>
    </details>
  );
}
