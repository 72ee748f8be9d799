// The panel builder against the engine's declarations (testdata/schema-panels.json, the
// engine's schema): the same charts, in the same order, with the same titles, axes and
// lines as the hand-written catalogues it replaced, and the layout of a flow chosen by
// its protocol's family, not by whether its run carries an allowed_rate series.
import { describe, expect, it } from 'vitest';
import { buildLivePanels } from './panels';
import type { ParamModel } from '../model/params/params';
import { PALETTES } from './palette';
import { model, colors, extracted, run, outline } from './panelsTestSupport';

const renoRun = run(
  [{ protocol: 'reno' }],
  [
    ['flows[0].cwnd', 'cwnd', 'flow', 0, [1, 2, 4]],
    ['flows[0].ssthresh', 'ssthresh', 'flow', 0, [64, 64, 2]],
    ['flows[0].fast_retransmit', 'fast_retransmit', 'flow', 0, [4]],
    ['flows[0].timeout', 'timeout', 'flow', 0, [2]],
    ['flows[0].allowed_rate', 'allowed_rate', 'flow', 0, [1, 2]],
    ['flows[0].seq_sent', 'seq_sent', 'flow', 0, [1, 2, 3]],
    ['flows[0].rtt_sample', 'rtt_sample', 'flow', 0, [40, 41]],
    ['links.bottleneck.queue', 'queue', 'link', -1, [0, 3]],
  ],
);

// The window layout as Charts.tsx and PathCharts.tsx wrote it.
const WINDOW_LAYOUT = [
  {
    id: 'chart-cwnd',
    title: 'Congestion window and ssthresh',
    y: 'window (segments)',
    main: true,
    legend: true,
    empty: undefined,
    pct: false,
    lines: [
      `cwnd|cwnd|step|${colors.cwnd}||`,
      `ssthresh|ssthresh|step|${colors.ssthresh}|7 5|2`,
      `fast_retransmit|fast retransmit|triangle|${colors.fastRetransmit}||`,
      `partial_ack|partial ACK|diamond|${colors.partialAck}||`,
      `timeout|timeout|cross|${colors.timeout}||`,
    ],
  },
  {
    id: 'chart-seq',
    title: 'Time–sequence',
    y: 'segment',
    main: true,
    legend: true,
    empty: undefined,
    pct: false,
    lines: [],
  },
  {
    id: 'chart-queue',
    title: 'Bottleneck queue against its buffer limit',
    y: 'queue (packets)',
    main: false,
    legend: true,
    empty: undefined,
    pct: false,
    lines: ['queue|bottleneck queue|step|#1b2430||', 'queue_limit|buffer limit (100 packets)|line|#d62828|8 5|'],
  },
  {
    id: 'chart-utilization',
    title: 'Bottleneck utilization (throughput over rate)',
    y: 'utilization (%)',
    main: false,
    legend: true,
    empty: 'no utilization in this run',
    pct: true,
    lines: ['utilization|bottleneck utilization|line|#2a9d4b||'],
  },
  {
    id: 'chart-rtt',
    title: 'RTT samples against the base RTT',
    y: 'RTT (ms)',
    main: false,
    legend: true,
    empty: 'no RTT samples in this run',
    pct: false,
    lines: ['flows[0].rtt_sample|RTT samples|line|#1f6fb2||', 'base_rtt:40|base RTT (40 ms)|line|#444444|8 5|'],
  },
  {
    id: 'chart-tokens',
    title: 'Tokens consumed per RTT',
    y: 'tokens per RTT',
    main: false,
    legend: true,
    empty: 'no token-bucket samples in this run (is the token bucket enabled?)',
    pct: false,
    lines: [
      `tokens_per_rtt|tokens consumed per RTT|line|${colors.tokens}||`,
      `tokens_allowed_per_rtt|tokens allowed per RTT|step|${colors.allowed}|7 5|`,
    ],
  },
  {
    id: 'chart-app',
    title: 'Application (playback) success',
    y: 'successful reads (%)',
    main: false,
    legend: true,
    empty: 'no playback reads in this run',
    pct: true,
    lines: [`app_success_pct|playback reads that succeeded (cumulative)|line|${colors.app}||`],
  },
];

const single = { layout: 'single' as const, shownFlows: [0], selectedFlow: 0, traceFlow: 0, colors };

describe('the live panels of one flow', () => {
  it("breaks the RTT samples' line across gaps with no samples (and no other line)", () => {
    const rows = [
      ['flows[0].cwnd', 'cwnd', 'flow', 0, [1, 2, 4]],
      ['flows[0].rtt_sample', 'rtt_sample', 'flow', 0, [40, 40, 40, 40, 40]],
    ] as Parameters<typeof run>[1];
    const panels = buildLivePanels(model, run([{ protocol: 'reno' }], rows), single);
    const rtt = panels.find((p) => p.id === 'rtt')!.series;
    // Samples every 0.1 s of 40 ms: a gap of more than 8 spacings breaks the line.
    expect(rtt[0].breakGapS).toBeCloseTo(0.8);
    expect(rtt.slice(1).every((s) => s.breakGapS === undefined)).toBe(true);
    const cwnd = panels.find((p) => p.id === 'cwnd')!.series;
    expect(cwnd.every((s) => s.breakGapS === undefined)).toBe(true);
  });

  it("draws a window protocol's charts as before, even when its run has an allowed_rate series", () => {
    const panels = buildLivePanels(model, renoRun, single);
    expect(outline(panels)).toEqual(WINDOW_LAYOUT);
    const seq = panels.find((p) => p.kind === 'time_sequence')!;
    expect(seq.traces).toEqual({
      sent: 'seq_sent',
      retransmitted: 'seq_retransmitted',
      acked: 'seq_acked',
      sackStart: 'seq_sack_start',
      sackEnd: 'seq_sack_end',
    });
    expect(seq.srttMs).toBe(42);
  });

  it('leaves out what the protocol does not declare and draws early retransmits only when the run has them', () => {
    const bbr = buildLivePanels(model, { ...renoRun, flows: [{ ...renoRun.flows[0], protocol: 'bbr' }] }, single);
    expect(bbr[0].series.map((s) => s.key)).toEqual(['cwnd', 'fast_retransmit', 'partial_ack', 'timeout']);
    const er = run([{ protocol: 'reno' }], [['flows[0].early_retransmit', 'early_retransmit', 'flow', 0, [3]]]);
    expect(buildLivePanels(model, er, single)[0].series.map((s) => s.key)).toContain('early_retransmit');
  });

  it("draws a rate protocol's charts as before, by its family, even before it has an allowed_rate sample", () => {
    const rows: Parameters<typeof extracted>[0] = [
      ['flows[0].equation_rate', 'equation_rate', 'flow', 0, [1]],
      ['flows[0].loss_event_rate', 'loss_event_rate', 'flow', 0, [0.01]],
      ['flows[0].cwnd', 'cwnd', 'flow', 0, [1, 2]],
    ];
    const tfrc = outline(buildLivePanels(model, run([{ protocol: 'tfrc' }], rows), single));
    const expected = [
      {
        id: 'chart-rate',
        title: "Sending rate: allowed and the equation's",
        y: 'rate (Mb/s)',
        main: true,
        legend: true,
        empty: undefined,
        pct: false,
        lines: [
          `allowed_rate|allowed rate|step|${colors.rate}||`,
          `equation_rate|equation's rate|line|${colors.equation}|6 4|`,
          `throughput|throughput (received)|line|${colors.throughput}||`,
        ],
      },
      {
        id: 'chart-loss-event-rate',
        title: 'Loss event rate (what the equation is given)',
        y: 'loss rate',
        main: false,
        legend: true,
        empty: 'no loss measured in this run',
        pct: false,
        lines: [`loss_event_rate|loss event rate|step|${colors.lossRate}||`],
      },
      ...WINDOW_LAYOUT.slice(2),
    ];
    expect(tfrc).toEqual(expected);
    // RRTP has no equation: the titles say what is drawn instead.
    const rrtp = outline(buildLivePanels(model, run([{ protocol: 'rrtp' }], rows.slice(1)), single));
    expect(rrtp.slice(0, 2).map((p) => p.title)).toEqual([
      'Sending rate: allowed, and what arrived',
      'Loss rate the sender measures',
    ]);
    expect(rrtp[0].lines.map((l) => l.split('|')[0])).toEqual(['allowed_rate', 'throughput']);
  });
});

describe('the live panels of many flows', () => {
  const multi = run(
    [
      { protocol: 'reno', summary: { mean_srtt_ms: 50 } },
      { protocol: 'tfrc', summary: { mean_srtt_ms: 60 } },
      { protocol: 'rrtp', base_rtt_ms: 80 },
    ],
    [
      ['flows[0].throughput', 'throughput', 'flow', 0, [1, 1]],
      ['flows[1].throughput', 'throughput', 'flow', 1, [3, 1]],
      ['background[0].throughput', 'throughput', 'group', 0, [0, 2]],
      ['flows[1].tokens_per_rtt', 'tokens_per_rtt', 'flow', 1, [5]],
      ['jain', 'jain', 'run', -1, [0.5, 0.9]],
    ],
    1,
  );
  const opts = { layout: 'multi' as const, shownFlows: [0, 1, 2], selectedFlow: 1, traceFlow: 0, colors };

  it('draws the charts FlowCharts.tsx drew, in its order, with one line per flow', () => {
    const panels = outline(buildLivePanels(model, multi, opts));
    expect(panels.map((p) => [p.id, p.title, p.y, p.main, p.legend])).toEqual([
      ['chart-cwnd', 'Congestion window of each flow', 'window (segments)', true, false],
      [
        'chart-rate',
        "Sending rate of each rate-based flow: allowed (solid) and the equation's (dashed)",
        'rate (Mb/s)',
        false,
        false,
      ],
      ['chart-throughput', 'Throughput of each flow and background group', 'throughput (Mb/s)', true, false],
      ['chart-share', "Throughput share · Jain's index over the run 0.988", 'share of throughput (%)', false, false],
      ['chart-queue', 'Bottleneck queue against its buffer limit', 'queue (packets)', false, true],
      ['chart-utilization', 'Bottleneck utilization (throughput over rate)', 'utilization (%)', false, true],
      ['chart-rtt', 'RTT samples against the base RTT', 'RTT (ms)', false, true],
      ['chart-seq', 'Time–sequence of flow 1 (the traced flow)', 'segment', true, true],
      ['chart-tokens', 'Tokens consumed per RTT · flow 2', 'tokens per RTT', false, true],
      ['chart-app', 'Application (playback) success · flow 2', 'successful reads (%)', false, true],
    ]);
    const lines = (id: string) => panels.find((p) => p.id === id)!.lines.map((l) => l.split('|').slice(0, 2).join('|'));
    expect(lines('chart-cwnd')).toEqual(['flows[0].cwnd|flow 1', 'flows[1].cwnd|flow 2', 'flows[2].cwnd|flow 3']);
    // The rate-based flows only, each flow's allowed then its equation's.
    expect(lines('chart-rate')).toEqual([
      'flows[1].allowed_rate|flow 2 allowed',
      'flows[1].equation_rate|flow 2 equation',
      'flows[2].allowed_rate|flow 3 allowed',
      'flows[2].equation_rate|flow 3 equation',
    ]);
    expect(lines('chart-throughput')).toEqual([
      'flows[0].throughput|flow 1',
      'flows[1].throughput|flow 2',
      'flows[2].throughput|flow 3',
      'background[0].throughput|group 1 (UDP × 3)',
    ]);
    expect(lines('chart-share')).toEqual([
      'share:flows[0]|flow 1',
      'share:flows[1]|flow 2',
      'share:flows[2]|flow 3',
      'share:background[0]|group 1 (UDP × 3)',
      "jain|Jain's index × 100",
    ]);
    expect(lines('chart-rtt')).toEqual([
      'flows[0].rtt_sample|flow 1 RTT samples',
      'flows[1].rtt_sample|flow 2 RTT samples',
      'flows[2].rtt_sample|flow 3 RTT samples',
      'base_rtt:40|base RTT of flow 1, 2 (40 ms)',
      'base_rtt:80|base RTT of flow 3 (80 ms)',
    ]);
    const built = buildLivePanels(model, multi, opts);
    const share = built.find((p) => p.id === 'share')!.series;
    expect(Array.from(share[0].v)).toEqual([25, 25]); // flow 1's 1 of 4 both bins
    expect(Array.from(share[1].v)).toEqual([100, 50]); // flow 2's 3 then 1 of 4, on top of it
    expect(Array.from(share[4].v)).toEqual([50, 90]); // Jain's index × 100
    expect(built.find((p) => p.id === 'tokens')!.series[0].v[0]).toBe(5); // the selected flow's
    expect(built.find((p) => p.id === 'seq')!.srttMs).toBe(50); // the traced flow's
    // Explanations where the page had them: the path's lines, not the many-flow charts' own.
    const helped = {
      ...model,
      seriesDecls: ['rtt_sample', 'tokens_per_rtt'].map((name) => ({
        name,
        scope: 'flow',
        help: `${name} help`,
        source: 'RFC',
      })),
    } as ParamModel;
    const withHelp = buildLivePanels(helped, multi, opts);
    expect(withHelp.find((p) => p.id === 'rtt')!.series[0].help).toBe('rtt_sample help');
    expect(withHelp.find((p) => p.id === 'tokens')!.series[0].help).toBeUndefined();
    expect(buildLivePanels(helped, renoRun, single).find((p) => p.id === 'tokens')!.series[0].help).toBe(
      'tokens_per_rtt help',
    );
  });

  it("draws each flow's own sub-queue beside the bottleneck queue only when the run has them (FQ-CoDel)", () => {
    const queueLines = (r: ReturnType<typeof run>, shownFlows: number[]) =>
      outline(buildLivePanels(model, r, { ...opts, shownFlows })).find((p) => p.id === 'chart-queue')!.lines;
    expect(queueLines(multi, [0, 1, 2]).filter((l) => l.includes('sub_queue'))).toEqual([]);
    const fq = run(
      [{ protocol: 'reno' }, { protocol: 'reno' }],
      [
        ['links.bottleneck.queue', 'queue', 'link', -1, [0, 3]],
        ['flows[0].sub_queue', 'sub_queue', 'flow', 0, [0, 2]],
        ['flows[1].sub_queue', 'sub_queue', 'flow', 1, [0, 1]],
      ],
    );
    expect(
      queueLines(fq, [0, 1])
        .filter((l) => l.includes('sub_queue'))
        .map((l) => l.split('|').slice(0, 2).join('|')),
    ).toEqual(['flows[0].sub_queue|flow 1 sub-queue', 'flows[1].sub_queue|flow 2 sub-queue']);
  });

  it("draws each flow's CE marks on the queue chart, as declared, only when the run has them", () => {
    const queueOf = (r: ReturnType<typeof run>, layout: 'single' | 'multi', shownFlows: number[]) =>
      buildLivePanels(model, r, { ...opts, layout, shownFlows }).find((p) => p.id === 'queue')!;
    const decl = model.panelDecls.find((p) => p.id === 'queue')!.lines.find((l) => l.style === 'points')!;
    expect(queueOf(multi, 'multi', [0, 1, 2]).series.filter((s) => s.key.endsWith(`.${decl.series}`))).toEqual([]);
    const marked = run(
      [{ protocol: 'reno' }, { protocol: 'reno' }],
      [
        ['links.bottleneck.queue', 'queue', 'link', -1, [0, 30, 12]],
        [`flows[0].${decl.series}`, decl.series, 'flow', 0, [21, 22]],
        [`flows[1].${decl.series}`, decl.series, 'flow', 1, []],
      ],
    );
    const many = queueOf(marked, 'multi', [0, 1]).series.filter((s) => s.key.endsWith(`.${decl.series}`));
    expect(many.map((s) => [s.key, s.label, s.shape, Array.from(s.v)])).toEqual([
      [`flows[0].${decl.series}`, `flow 1 ${decl.label}`, decl.marker, [21, 22]],
    ]);
    const one = queueOf(marked, 'single', [0]).series.find((s) => s.key.endsWith(`.${decl.series}`))!;
    expect([one.label, one.shape, one.color]).toEqual([decl.label, decl.marker, decl.color]);
  });

  it('drops the rate chart when no rate-based flow is shown, and says when every flow is hidden', () => {
    expect(buildLivePanels(model, multi, { ...opts, shownFlows: [0] }).map((p) => p.id)).not.toContain('rate');
    const none = buildLivePanels(model, multi, { ...opts, shownFlows: [] });
    expect(none.find((p) => p.id === 'cwnd')!.emptyText).toBe('every flow is hidden');
  });
});

describe('the declarations', () => {
  it("name only colours of the page's palettes (a role, or a literal colour)", () => {
    for (const p of model.panelDecls)
      for (const l of p.lines) {
        if (!l.color || l.color.startsWith('#')) continue;
        for (const palette of Object.values(PALETTES))
          expect(palette, `${p.id}/${l.series}: ${l.color}`).toHaveProperty(l.color);
      }
  });
});
