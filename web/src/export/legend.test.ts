// An exported chart's key: built from the panel's declared lines and markers (not from
// the drawn chart), lines first, markers on a row of their own, wrapped to the width.
import { describe, expect, it } from 'vitest';
import { buildLivePanels } from '../charts/panels';
import { panelLegend } from '../charts/panelLegend';
import { colors, model, run } from '../charts/panelsTestSupport';
import { KEY, layoutLegend, swatch } from './legend';

const reno = run(
  [{ protocol: 'reno' }],
  [
    ['flows[0].cwnd', 'cwnd', 'flow', 0, [1, 2, 4]],
    ['flows[0].ssthresh', 'ssthresh', 'flow', 0, [64, 64, 2]],
    ['flows[0].fast_retransmit', 'fast_retransmit', 'flow', 0, [4]],
    ['flows[0].seq_sent', 'seq_sent', 'flow', 0, [1, 2, 3]],
  ],
);
const panels = buildLivePanels(model, reno, {
  layout: 'single',
  shownFlows: [0],
  selectedFlow: 0,
  traceFlow: 0,
  colors,
});

describe('exported chart key', () => {
  it("names the window chart's lines and its markers, with their colours and ssthresh's dash", () => {
    const key = panelLegend(
      panels.find((p) => p.id === 'cwnd')!,
      colors,
    );
    expect(key.map((k) => [k.label, k.shape])).toEqual([
      ['cwnd', 'step'],
      ['ssthresh', 'step'],
      ['fast retransmit', 'triangle'],
      ['partial ACK', 'diamond'],
      ['timeout', 'cross'],
    ]);
    expect(key[0].color).toBe(colors.cwnd);
    expect(key[1]).toMatchObject({ color: colors.ssthresh, dash: '7 5' });
  });

  it("keys the time–sequence diagram's traces", () => {
    const key = panelLegend(
      panels.find((p) => p.kind === 'time_sequence')!,
      colors,
    );
    expect(key.map((k) => k.label)).toEqual(['segment sent', 'retransmitted', 'cumulative ACK', 'SACK block']);
  });

  it('puts lines and markers on rows of their own, wrapping a row that is full', () => {
    const key = panelLegend(
      panels.find((p) => p.id === 'cwnd')!,
      colors,
    );
    const wide = layoutLegend(key, 800);
    expect(wide.rows).toBe(2);
    expect(wide.heads).toEqual([
      { text: 'Lines:', row: 0 },
      { text: 'Markers:', row: 1 },
    ]);
    expect(wide.items.map((i) => i.row)).toEqual([0, 0, 1, 1, 1]);
    const narrow = layoutLegend(key, 260);
    expect(narrow.rows).toBeGreaterThan(2);
    for (const i of narrow.items) expect(i.x + KEY.swatch + i.label.length * KEY.charPx).toBeLessThan(260 + 40);
    expect(layoutLegend([], 800).rows).toBe(0);
  });

  it('draws a marker as its shape in its colour, a line as a stroke', () => {
    expect(swatch({ label: 'timeout', color: '#d62828', shape: 'cross' }, 0, 10)).toMatchObject({
      fill: 'none',
      stroke: '#d62828',
    });
    expect(swatch({ label: 'cwnd', color: '#1f6fb2', shape: 'step' }, 0, 10).d).toBe('M1,10H27');
  });
});
