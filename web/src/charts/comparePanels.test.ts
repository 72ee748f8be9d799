// The compare panels against the engine's declarations (testdata/schema-panels.json):
// the charts CompareView.tsx drew, one line per protocol, and a delivery trace's
// capacity drawn once under the goodput, as the live charts draw it.
import { describe, expect, it } from 'vitest';
import { buildComparePanels } from './comparePanels';
import type { ChartSeries } from './TimeChart';
import { model, colors, extracted, outline } from './panelsTestSupport';

describe('the compare panels', () => {
  it('draws the four charts CompareView.tsx drew, one line per protocol and the markers on the window', () => {
    const entry = (protocol: string, color: string) => ({
      protocol,
      label: protocol.toUpperCase(),
      color,
      durationS: 1,
      series: extracted([
        ['flows[0].cwnd', 'cwnd', 'flow', 0, [1, 2]],
        ['flows[0].delivered', 'delivered', 'flow', 0, [0, 125000, 250000]],
      ]),
    });
    const marker: ChartSeries = {
      key: 'marker:timeout:reno',
      label: 'timeout',
      shape: 'cross',
      color: '#000',
      t: new Float64Array(1),
      v: new Float64Array(1),
    };
    const panels = buildComparePanels(model, [entry('reno', '#111'), entry('tfrc', '#222')], [marker], colors);
    expect(outline(panels)).toEqual([
      {
        id: 'cmp-chart-cwnd',
        title: 'Congestion window',
        y: 'cwnd (segments)',
        main: false,
        legend: false,
        empty: undefined,
        pct: false,
        lines: ['reno|RENO|step|#111||', 'tfrc|TFRC|step|#222||', 'marker:timeout:reno|timeout|cross|#000||'],
      },
      {
        id: 'cmp-chart-goodput',
        title: 'Goodput',
        y: 'goodput (Mb/s)',
        main: false,
        legend: false,
        empty: undefined,
        pct: false,
        lines: ['reno|RENO|step|#111||', 'tfrc|TFRC|step|#222||'],
      },
      {
        id: 'cmp-chart-tokens',
        title: 'Tokens consumed per RTT',
        y: 'tokens per RTT',
        main: false,
        legend: false,
        empty: 'no token-bucket samples (is the token bucket enabled?)',
        pct: false,
        lines: ['reno|RENO|line|#111||', 'tfrc|TFRC|line|#222||'],
      },
      {
        id: 'cmp-chart-app',
        title: 'Application (playback) success',
        y: 'successful reads (%)',
        main: false,
        legend: false,
        empty: 'no playback reads',
        pct: true,
        lines: ['reno|RENO|line|#111||', 'tfrc|TFRC|line|#222||'],
      },
    ]);
    // Goodput from delivered bytes in 60 bins: 1 Mb per 0.1 s is 10 Mb/s.
    expect(panels[1].series[0].v[10]).toBeCloseTo(10, 9);
  });

  it("draws a trace's capacity once under the goodput, from the run that recorded most of it, for the legend", () => {
    const entry = (protocol: string, color: string, capacity: number[]) => ({
      protocol,
      label: protocol.toUpperCase(),
      color,
      durationS: 1,
      series: extracted([
        ['flows[0].delivered', 'delivered', 'flow', 0, [0, 125000, 250000]],
        ['links.bottleneck.capacity_mbps', 'capacity_mbps', 'link', -1, capacity],
      ]),
    });
    // BBR's run ended sooner (a finished transfer): the capacity comes from CUBIC's.
    const panels = buildComparePanels(
      model,
      [entry('bbr', '#111', [12, 0]), entry('cubic', '#222', [12, 0, 4.5])],
      [],
      colors,
    );
    const goodput = panels.find((p) => p.id === 'goodput')!;
    const capacity = goodput.series[0];
    expect(goodput.series.map((s) => s.key)).toEqual(['capacity_mbps', 'bbr', 'cubic']);
    expect(capacity).toMatchObject({ label: 'bottleneck capacity (trace)', shape: 'step', dash: '2 2' });
    expect(Array.from(capacity.v)).toEqual([12, 0, 4.5]);
    expect(goodput.pathLines).toEqual([capacity]);
    // The other charts have no line of the path's.
    for (const p of panels.filter((p) => p !== goodput)) expect(p.pathLines).toEqual([]);

    // A link of fixed rate records no capacity: no line, nothing for the legend.
    const fixed = buildComparePanels(model, [entry('bbr', '#111', []), entry('cubic', '#222', [])], [], colors);
    expect(fixed.find((p) => p.id === 'goodput')!.series.map((s) => s.key)).toEqual(['bbr', 'cubic']);
    expect(fixed.flatMap((p) => p.pathLines ?? [])).toEqual([]);
  });
});
