// The paper presets one by one, continued from paperPresets.test.ts: TCP-ER and RRTP,
// against the REAL engine schema.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestEngine } from '../testEngine';
import tcpErFig1Json from '../../../../engine/scenarios/tcp-er-fig1.json?raw';
import tcpErFig3Json from '../../../../engine/scenarios/tcp-er-fig3.json?raw';
import tcpErTable6Json from '../../../../engine/scenarios/tcp-er-table6.json?raw';
import { buildScenario, getAt, type ParamModel } from '../params/params';
import { withProtocol } from '../views';
import { parsePresets, type Preset } from './presets';
import {
  doc,
  leaves,
  limitedTransmitInForce,
  NS2_NO_SINGLEDUP,
  ns2Settings,
  openPreset,
  presetById,
  presetGrid,
} from './presetTestSupport';

let model: ParamModel;

beforeAll(async () => {
  ({ model } = await loadTestEngine());
});

const open = (p: Preset) => openPreset(model, p);
const gridOf = (p: Preset) => presetGrid(model, p);
const byId = presetById;

describe('TCP-ER presets (scripts/tcp-er-presets.py)', () => {
  const cases: [
    string,
    string,
    Record<string, unknown>,
    Partial<ReturnType<typeof open>['view']['sweep']>,
    string[],
  ][] = [
    [
      'tcp-er-fig1-sft',
      tcpErFig1Json,
      {},
      { x: 'topology.bottleneck.rate_mbps', from: 7, to: 10, n: 4, y: 'frozen_time_s', k: 5 },
      ['sack', 'sack_er'],
    ],
    [
      'tcp-er-fig1-buffers',
      tcpErFig1Json,
      { 'topology.bottleneck.rate_mbps': 7 },
      { x: 'topology.bottleneck.queue_bdp', from: 0.5, to: 1.5, n: 3, y: 'frozen_time_s', k: 5 },
      ['sack', 'sack_er'],
    ],
    [
      'tcp-er-sft-gap',
      tcpErFig1Json,
      // The other reading of the frozen time: every pause of at least the swept gap.
      { 'topology.bottleneck.rate_mbps': 7, 'flows[0].app.stream.frozen_counts': 'gaps' },
      { x: 'flows[0].app.stream.frozen_gap_ms', from: 100, to: 1000, n: 10, y: 'frozen_time_s', k: 3 },
      ['sack', 'sack_er'],
    ],
    [
      'tcp-er-fig2-ipat',
      tcpErFig1Json,
      {},
      { x: 'topology.bottleneck.rate_mbps', from: 5, to: 10, n: 6, y: 'ipat_std_ms', k: 5 },
      ['sack', 'sack_er'],
    ],
    [
      'tcp-er-fig2-buffers',
      tcpErFig1Json,
      { 'topology.bottleneck.rate_mbps': 5 },
      { x: 'topology.bottleneck.queue_bdp', from: 0.5, to: 1.5, n: 3, y: 'ipat_std_ms', k: 5 },
      ['sack', 'sack_er'],
    ],
    [
      'tcp-er-fig3-fairness',
      tcpErFig3Json,
      { 'topology.bottleneck.queue_bdp': 1 },
      { from: 2, to: 10, y: 'ratio_to_background_ftp', k: 5 },
      ['sack', 'sack_er', 'vegas'],
    ],
    [
      'tcp-er-fig4-fairness',
      tcpErFig3Json,
      { 'topology.bottleneck.queue_bdp': 1.5 },
      { from: 2, to: 10, y: 'ratio_to_background_ftp', k: 5 },
      ['sack', 'sack_er', 'vegas'],
    ],
    // Each late-packet sweep steps the ratio by 0.05 up to just above SACK's zero (§IV-E).
    [
      'tcp-er-fig5-late',
      tcpErTable6Json,
      { 'topology.bottleneck.rate_mbps': 11.55 },
      { x: 'flows[0].app.stream.playback_ratio', from: 1, to: 1.8, n: 17, y: 'late_pct', k: 3 },
      ['sack', 'sack_er'],
    ],
    [
      'tcp-er-fig9-late',
      tcpErTable6Json,
      { 'topology.bottleneck.rate_mbps': 21.45 },
      { x: 'flows[0].app.stream.playback_ratio', from: 1, to: 1.1, n: 3, y: 'late_pct', k: 3 },
      ['sack', 'sack_er'],
    ],
    [
      'tcp-er-rto-floor',
      tcpErTable6Json,
      {},
      { x: 'flows[0].tcp.min_rto_ms', from: 200, to: 1000, n: 3, y: 'timeouts', k: 3 },
      ['sack', 'sack_er'],
    ],
    [
      'tcp-er-table7-rtos',
      tcpErTable6Json,
      { 'topology.bottleneck.rate_mbps': 11.55 },
      { from: 11.55, to: 21.45, n: 7, y: 'streams_timeouts', k: 3 },
      ['sack', 'sack_er'],
    ],
  ];
  it.each(cases)('%s is its scenario file, with its view', (id, file, changes, sweep, compare) => {
    const { values, view } = open(byId(id));
    const scenario = JSON.parse(buildScenario(model, values));
    const base = JSON.parse(file);
    const expected = new Map(leaves(base));
    for (const [p, v] of Object.entries(changes)) expected.set(p, v);
    expect(expected.size).toBeGreaterThan(30);
    // buildScenario leaves out what equals the schema's default.
    const at = (p: string) => getAt(scenario, p) ?? model.byPath.get(p)?.defaultValue;
    for (const [p, v] of expected) expect(at(p), `${id}: ${p}`).toEqual(v);
    expect(view.view).toBe('sweep');
    expect(view.sweep).toMatchObject({ ...sweep, by: 'protocol' });
    expect(view.compare).toEqual(compare);
    const ev = byId(id).evidence!;
    // The sweeps that explain (what counts as frozen, the timer's floor) state no claims; every other preset states the paper's.
    expect(ev.claims.length, id).toBeGreaterThanOrEqual(['tcp-er-sft-gap', 'tcp-er-rto-floor'].includes(id) ? 0 : 2);
    expect(
      ev.claims.every((c) => c.kind !== 'legacy' && c.paper === 'tcp-er'),
      id,
    ).toBe(true);
    // Every x a claim names is a swept point.
    const grid = gridOf(byId(id));
    for (const c of ev.claims)
      for (const r of [c.check?.left, c.check?.right])
        if (r?.x !== undefined)
          expect(
            grid.some((g) => Math.abs(g - r.x!) < 1e-9),
            `${c.id} x = ${r.x}`,
          ).toBe(true);
  });
});

describe('TCP-ER presets: the paper’s platform (presetlib PLATFORMS / PLATFORM_TCP "ns2_defaults")', () => {
  const er = parsePresets(doc).presets.filter((p) => p.id.startsWith('tcp-er-'));
  it("run every TCP flow and web user, in every comparison, on ns-2's Agent/TCP defaults", () => {
    // ns-default.tcl: tcpTick_ 0.01, minrto_ 0.2, rtxcur_init_ 3.0, singledup_ 1 (limited
    // transmit), control_increase_ 0 (no window validation); tcp.cc slowdown(): ssthresh
    // from half the window. Vegas has no aimd block (its own cut), so loss_halves is not read.
    const tcp = new Set(model.protocols.filter((p) => p.family === 'tcp').map((p) => p.name));
    let checked = 0;
    for (const p of er) {
      const { values, view } = open(p);
      for (const entry of view.compare) {
        const scenario = JSON.parse(buildScenario(model, withProtocol(model, values, entry)));
        const items = [
          ...(scenario.flows as Record<string, unknown>[]).map((f, i) => [`flows[${i}]`, f] as const),
          ...((scenario.background ?? []) as Record<string, unknown>[]).map((b, i) => [`background[${i}]`, b] as const),
        ];
        for (const [where, item] of items) {
          const at = (path: string) => getAt(item, path) ?? model.byPath.get(`${where}.${path}`)?.defaultValue;
          const protocol = String(at('protocol'));
          expect(tcp.has(protocol), `${p.id} ${entry} ${where}`).toBe(true);
          expect(
            [at('tcp.timers'), at('tcp.ns2_tick_ms'), at('tcp.min_rto_ms'), at('tcp.initial_rto_ms')],
            `${p.id} ${entry} ${where}`,
          ).toEqual(['ns2', 10, 200, 3000]);
          // Each compared agent as ns-2 ran it: Vegas's reads no singledup_ (tcp.ns2_agents).
          expect([limitedTransmitInForce(at), at('tcp.cwnd_validation')], `${p.id} ${entry} ${where}`).toEqual([
            !NS2_NO_SINGLEDUP.has(protocol),
            false,
          ]);
          if (protocol !== 'vegas') expect(at('aimd.loss_halves'), `${p.id} ${entry} ${where}`).toBe('cwnd');
          checked++;
        }
      }
    }
    expect(er.length).toBe(14);
    expect(checked).toBeGreaterThan(100);
  });
  it('name that platform once, in the paper block, with the ns-2 source lines', () => {
    const platform = (doc as { papers: Record<string, { platform?: string }> }).papers['tcp-er'].platform ?? '';
    for (const line of ['singledup_ 1', 'slowdown(CLOSE_SSTHRESH_HALF)', 'control_increase_ 0', 'minrto_ 0.2'])
      expect(platform).toContain(line);
    for (const p of er) expect(p.caption, p.id).toContain("ns-2's Agent/TCP defaults");
  });
});

describe('RRTP thesis presets (scripts/rrtp-presets.py)', () => {
  const rrtp = parsePresets(doc).presets.filter((p) => p.id.startsWith('rrtp-'));
  it("run every TCP they compare on ns-2.32's timers, the swapped RRTP flow included (presetlib on_platform)", () => {
    // cmp=rrtp,reno swaps the RRTP flow to Reno and keeps its TCP block: that block must
    // carry the thesis's platform, or the comparison's TCP runs the engine's 1 s floor.
    const tcp = new Set(model.protocols.filter((p) => p.family === 'tcp').map((p) => p.name));
    let checked = 0;
    for (const p of rrtp) {
      const { values, view } = open(p);
      for (const entry of view.compare.filter((e) => tcp.has(e.split('/')[0]))) {
        const scenario = JSON.parse(buildScenario(model, withProtocol(model, values, entry)));
        for (const [i, f] of (scenario.flows as { protocol: string; tcp: Record<string, unknown> }[]).entries()) {
          if (!tcp.has(f.protocol)) continue;
          expect([f.tcp.timers, f.tcp.min_rto_ms, f.tcp.initial_rto_ms], `${p.id} ${entry} flows[${i}]`).toEqual([
            'ns2',
            200,
            3000,
          ]);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
  it("run every TCP flow of their own on ns-2.32's Agent/TCP defaults, Vegas's agent without limited transmit", () => {
    // ns-default.tcl: singledup_ 1, control_increase_ 0; tcp-vegas.cc reads no singledup_;
    // tcp.cc slowdown(): ssthresh from half the window (Reno's, NewReno's; Vegas and Westwood set their own).
    const seen = new Map<string, number>();
    for (const p of rrtp)
      for (const [where, protocol, timers, minRto, limited, validation, halves] of ns2Settings(model, p)) {
        const at = `${p.id} ${where}`;
        expect([timers, minRto, limited, validation], at).toEqual(['ns2', 200, !NS2_NO_SINGLEDUP.has(protocol), false]);
        if (protocol === 'reno' || protocol === 'newreno') expect(halves, at).toBe('cwnd');
        seen.set(protocol, (seen.get(protocol) ?? 0) + 1);
      }
    // Table 5.2's five flows in four presets: one Vegas and one Westwood flow each.
    expect([seen.get('vegas'), seen.get('westwood')]).toEqual([4, 4]);
    const platform = (doc as { papers: Record<string, { platform?: string }> }).papers.rrtp.platform ?? '';
    for (const line of ['ns-2.32', 'singledup_ 1', 'tcp-vegas.cc', 'control_increase_ 0'])
      expect(platform).toContain(line);
  });
  it('run Table 5.2 with each source offering 8.96 Mb/s, the reading its claims name, whose sweep runs without it', () => {
    const sources = (id: string) => {
      const scenario = JSON.parse(buildScenario(model, open(byId(id)).values));
      const at = (path: string) => getAt(scenario, path) ?? model.byPath.get(path)?.defaultValue;
      return [0, 1, 2, 3, 4].map((i) => {
        const tb = `flows[${i}].app.token_bucket.`;
        if (!at(tb + 'enabled')) return null;
        // Mb/s a source offers: token bytes x tokens per interval over the interval.
        return (
          ((Number(at(tb + 'token_bytes')) * 8 * Number(at(tb + 'tokens_per_interval'))) /
            Number(at(tb + 'interval_ms'))) *
          1e-3
        );
      });
    };
    for (const id of ['rrtp-friendliness', 'rrtp-friendliness-low'])
      for (const rate of sources(id)) expect(rate, id).toBeCloseTo(8.96, 9);
    expect(sources('rrtp-friendliness-uncapped')).toEqual([null, null, null, null, null]);
    const cells = rrtp.flatMap((p) => p.evidence!.claims).filter((c) => c.id.startsWith('rrtp/table5.2/'));
    expect(cells.length).toBe(25);
    for (const c of cells) expect(c.reading?.sweep, c.id).toBe(byId('rrtp-friendliness-uncapped').hash);
  });
  it('run Table 3.2 with its congestive losses at the base station (§3.6), the wired bottleneck its reading', () => {
    const flows = (id: string) =>
      (JSON.parse(buildScenario(model, open(byId(id)).values)) as { flows: unknown[] }).flows;
    // RRTP alone: its congestive losses are drops at the base station's queue.
    for (const id of ['rrtp-lda-sigma', 'rrtp-lda-phi']) expect(flows(id).length, id).toBe(1);
    // The other reading: a Reno flow congests the wired link before the base station.
    expect(flows('rrtp-lda-sigma-wired').length).toBe(2);
    const claims = byId('rrtp-lda-sigma').evidence!.claims;
    const one = claims.find((c) => c.id === 'rrtp/table3.2/sigma-1')!;
    expect(one.reading?.name).toContain('get congested at the base station');
    expect(one.reading?.sweep).toBe(byId('rrtp-lda-sigma-wired').hash);
    expect(byId('rrtp-lda-sigma-wired').evidence!.claims).toEqual([]);
  });
  it('state the thesis’s claims, never legacy ones, each at a swept point, with the reading presets stating none', () => {
    expect(rrtp.length).toBe(18);
    let claims = 0;
    for (const p of rrtp) {
      const { view } = open(p);
      expect(view.view, p.id).toBe('sweep');
      const ev = p.evidence!;
      claims += ev.claims.length;
      expect(
        ev.claims.every((c) => c.kind !== 'legacy' && c.paper === 'rrtp'),
        p.id,
      ).toBe(true);
      const grid = gridOf(p);
      for (const c of ev.claims)
        for (const r of [c.check?.left, c.check?.right])
          if (r?.x !== undefined)
            expect(
              grid.some((g) => Math.abs(g - r.x!) < 1e-9),
              `${c.id} x = ${r.x}`,
            ).toBe(true);
      // Every published number of the thesis is at a swept point too.
      for (const row of ev.published)
        expect(
          grid.some((g) => Math.abs(g - row.x!) < 1e-9),
          `${p.id} ${row.label} x = ${row.x}`,
        ).toBe(true);
    }
    // Table 4.2's 20 cells, Table 5.1's 10, Table 5.2's 25, Table 3.2's 7 rates, and the rest.
    const numbers = rrtp.flatMap((p) => p.evidence!.claims).filter((c) => c.kind === 'number');
    expect(numbers.filter((c) => c.id.startsWith('rrtp/table4.2/')).length).toBe(20);
    expect(numbers.filter((c) => c.id.startsWith('rrtp/table5.1/')).length).toBe(10);
    expect(numbers.filter((c) => c.id.startsWith('rrtp/table5.2/')).length).toBe(25);
    expect(numbers.filter((c) => c.id.startsWith('rrtp/table3.2/')).length).toBe(7);
    expect(claims).toBeGreaterThan(100);
  });
});
