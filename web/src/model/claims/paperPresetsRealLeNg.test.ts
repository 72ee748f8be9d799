// The paper presets one by one, continued from paperPresets.test.ts: TCP-Real's claims,
// LE Figs. 5-6 and Ng & Chan §3.5, against the REAL engine schema.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestEngine } from '../testEngine';
import presetsJson from '../../../../public/presets/presets.json?raw';
import leFig4Json from '../../../../engine/scenarios/le-fig4-recovery.json?raw';
import tcpRealTablesJson from '../../../../scripts/tcp-real-tables.json?raw';
import leFig5Json from '../../../../engine/scenarios/le-fig5-fairness.json?raw';
import leFig6SingleJson from '../../../../engine/scenarios/le-fig6-single-flow.json?raw';
import leFig6dJson from '../../../../engine/scenarios/le-fig6d-ten-flows.json?raw';
import ngchanDumbbellJson from '../../../../engine/scenarios/ngchan-dumbbell-40.json?raw';
import { buildScenario, getAt, type ParamModel } from '../params/params';
import { parsePresets, type Preset } from './presets';
import { withProtocol } from '../views';
import {
  doc,
  leaves,
  limitedTransmitInForce,
  NS2_NO_SINGLEDUP,
  ns2Settings,
  openPreset,
  presetById,
} from './presetTestSupport';

let model: ParamModel;

beforeAll(async () => {
  ({ model } = await loadTestEngine());
});

const open = (p: Preset) => openPreset(model, p);
const byId = presetById;

describe("TCP-Real presets (scripts/tcp-real-presets.py): the paper's claims", () => {
  const tables = JSON.parse(tcpRealTablesJson) as Record<string, { what: string; rows: Record<string, number>[] }>;
  const cases: [string, Record<string, unknown>, string, number[], string[]][] = [
    [
      'tcp-real-table1',
      {
        'flows[0].channel.forward.model': 'on_off',
        'topology.bottleneck.rate_mbps': 2,
        'topology.bottleneck.delay_ms': 14.5,
      },
      'flows[0].channel.forward.on_p',
      [0, 0.01, 0.05, 0.1, 0.2, 0.33, 0.5],
      ['table1', 'table4'],
    ],
    [
      'tcp-real-reverse-15ms',
      {
        'flows[0].channel.reverse.model': 'on_off',
        'flows[0].channel.forward.model': 'none',
        'topology.bottleneck.rate_mbps': 2,
        'topology.bottleneck.delay_ms': 14.5,
      },
      'flows[0].channel.reverse.on_p',
      [0, 0.019, 0.098, 0.19, 0.36, 0.555, 0.75],
      ['table2', 'table5'],
    ],
    [
      'tcp-real-bursty-15ms',
      {
        'flows[0].channel.forward.on_p': 0.99,
        'flows[0].channel.forward.on_mean_s': 0.5,
        'flows[0].app.size_bytes': 52428800,
      },
      'flows[0].channel.forward.off_mean_s',
      [2.5, 5, 10],
      ['table3', 'table6'],
    ],
    [
      'tcp-real-50ms',
      {
        'flows[0].channel.forward.model': 'on_off',
        'topology.bottleneck.delay_ms': 49.5,
        'topology.bottleneck.rate_mbps': 5,
      },
      'flows[0].channel.forward.on_p',
      [0, 0.01, 0.05, 0.1, 0.2, 0.33, 0.5],
      ['table7', 'table10'],
    ],
    [
      'tcp-real-reverse-50ms',
      {
        'flows[0].channel.reverse.model': 'on_off',
        'topology.bottleneck.rate_mbps': 5,
        'topology.bottleneck.delay_ms': 49.5,
      },
      'flows[0].channel.reverse.on_p',
      [0, 0.019, 0.098, 0.19, 0.36, 0.555, 0.75],
      ['table8', 'table11'],
    ],
    [
      'tcp-real-bursty-50ms',
      {
        'flows[0].channel.forward.on_p': 0.99,
        'topology.bottleneck.delay_ms': 49.5,
        'topology.bottleneck.rate_mbps': 5,
      },
      'flows[0].channel.forward.off_mean_s',
      [2.5, 5, 10],
      ['table9', 'table12'],
    ],
  ];
  it.each(cases)(
    "%s: its channel, delay and link, Real/Reno/Tahoe, 5 seeds at the paper's points, every cell of its tables a claim",
    (id, changes, x, points, tabs) => {
      const p = byId(id);
      const { values, view } = open(p);
      const scenario = JSON.parse(buildScenario(model, values));
      const at = (path: string) => getAt(scenario, path) ?? model.byPath.get(path)?.defaultValue;
      for (const [path, v] of Object.entries(changes)) expect(at(path), `${id}: ${path}`).toEqual(v);
      expect(at('flows[0].app.playback.mode')).toBe('drain');
      expect(view.sweep).toMatchObject({ x, points, k: 5, by: 'protocol', y: 'goodput_mbps' });
      expect(view.compare).toEqual(['real', 'reno', 'tahoe']);
      const claims = p.evidence!.claims;
      expect(
        claims.every((c) => c.kind !== 'legacy' && c.paper === 'tcp-real'),
        id,
      ).toBe(true);
      // Every cell of its two tables, as the paper states it (goodput KBps -> Mb/s), at a swept x.
      for (const t of tabs)
        for (const row of tables[t].rows)
          for (const proto of ['real', 'reno', 'tahoe']) {
            const c = claims.find((k) => k.id === `tcp-real/${t}/${proto}-${row.x}`);
            expect(c, `${t} ${proto} ${row.x}`).toBeDefined();
            const want = tables[t].what === 'goodput_KBps' ? (row[proto] * 8) / 1000 : row[proto];
            expect(c!.paper_value).toBeCloseTo(want, 6);
          }
      for (const c of claims)
        for (const r of [c.check?.left, c.check?.right])
          if (r?.x !== undefined)
            expect(
              points.some((g) => Math.abs(g - r.x!) < 1e-9),
              `${c.id} x = ${r.x}`,
            ).toBe(true);
    },
  );

  it("the paper block states one tolerance with why, and §4.1's 594.67 is quoted beside Table 3's 549.67, which is claimed", () => {
    const doc = JSON.parse(presetsJson) as { papers: Record<string, { tolerance: number; tolerance_why: string }> };
    expect(doc.papers['tcp-real'].tolerance).toBe(0.2);
    expect(doc.papers['tcp-real'].tolerance_why).toContain('single run');
    const c = byId('tcp-real-bursty-15ms').evidence!.claims.find((k) => k.id === 'tcp-real/table3/text-real')!;
    expect(c.text).toContain('594.67');
    expect(c.paper_value).toBeCloseTo((549.67 * 8) / 1000, 6);
  });
});

describe('LE Figs. 5-6 presets (scripts/le-presets.py)', () => {
  // The paper ran §3 in ns-2: its SACK is ns-2's Sack1 in Figs. 4-6 alike.
  const recoveries = ['reno', 'newreno', 'ns2_sack1', 'fack', 'le'];
  const cases: [string, string, string[]][] = [
    ['le-fig5-fairness', leFig5Json, ['fack', 'le']],
    ['le-fig6a-aimd', leFig6SingleJson, recoveries],
    ['le-fig6b-fixed', leFig6SingleJson, recoveries.map((r) => `fixed/${r}`)],
    ['le-fig6c-westwood', leFig6SingleJson, recoveries.map((r) => `westwood/${r}`)],
    ['le-fig6d-westwood', leFig6dJson, recoveries.map((r) => `westwood/${r}`)],
  ];
  it.each(cases)('%s is its scenario file with the 15 combinations’ curves', (id, file, compare) => {
    const { values, view } = open(byId(id));
    const scenario = JSON.parse(buildScenario(model, values));
    const at = (p: string) => getAt(scenario, p) ?? model.byPath.get(p)?.defaultValue;
    for (const [p, v] of leaves(JSON.parse(file))) expect(at(p), `${id}: ${p}`).toEqual(v);
    expect(view.compare).toEqual(compare);
    if (id !== 'le-fig5-fairness')
      expect(view.sweep).toMatchObject({ from: 0.001, to: 0.1, scale: 'log', n: 10, by: 'protocol' });
    // A pairing runs the protocol's window with the named recovery on every flow it switches.
    const last = JSON.parse(buildScenario(model, withProtocol(model, values, compare.at(-1)!)));
    for (const f of last.flows) expect(f.recovery ?? 'default').toBe(compare.at(-1)!.includes('/') ? 'le' : 'default');
    // The paper's claims (docs/claims.md), none of the project's own.
    const claims = byId(id).evidence!.claims;
    expect(claims.length, id).toBeGreaterThanOrEqual(2);
    expect(
      claims.every((c) => c.kind !== 'legacy' && c.paper === 'le'),
      id,
    ).toBe(true);
  });

  it.each([1, 3, 7, 9])(
    'le-fig5-sack%i is Fig. 5 with that many SACK flows (ns-2 Sack1) and the rest FACK, LE switching only the FACK ones',
    (i) => {
      const { values, view } = open(byId(`le-fig5-sack${i}`));
      const s = JSON.parse(buildScenario(model, values));
      expect(s.flows.map((f: { protocol?: string }) => f.protocol)).toEqual([
        ...Array(10 - i).fill('fack'),
        ...Array(i).fill('ns2_sack1'),
      ]);
      expect(view.view).toBe('compare');
      expect(view.compare).toEqual(['fack', 'le']);
      const le = JSON.parse(buildScenario(model, withProtocol(model, values, 'le')));
      expect(le.flows.filter((f: { protocol?: string }) => f.protocol === 'le')).toHaveLength(10 - i);
      expect(le.flows.filter((f: { protocol?: string }) => f.protocol === 'ns2_sack1')).toHaveLength(i);
    },
  );

  it('the readings the paper leaves open are runs of both: ns-2 SACK against RFC 6675 on Fig. 4, the minimum RTO on Fig. 6a, LE with and without send_one() on Fig. 5', () => {
    const sack = open(byId('le-sack-reading'));
    const fig4 = JSON.parse(leFig4Json);
    const s4 = JSON.parse(buildScenario(model, sack.values));
    expect(getAt(s4, 'flows[0].channel.forward.window_segments')).toBe(fig4.flows[0].channel.forward.window_segments);
    expect(sack.view.compare).toEqual(['ns2_sack1', 'sack', 'newreno']);
    expect(sack.view.sweep).toMatchObject({
      x: 'flows[0].channel.forward.window_drops',
      from: 1,
      to: 31,
      n: 31,
      y: 'timeouts',
      k: 10,
    });
    const rto = open(byId('le-min-rto'));
    expect(getAt(JSON.parse(buildScenario(model, rto.values)), 'flows[0].channel.forward.p')).toBe(0.1);
    expect(rto.view.sweep).toMatchObject({
      x: 'flows[0].tcp.min_rto_ms',
      from: 50,
      to: 1000,
      n: 20,
      y: 'goodput_mbps',
      k: 5,
    });
    // §3.3.1's LE on the Reno agent: with and without its send_one(), beside FACK (Fig. 5).
    expect(open(byId('le-agent-reading')).view.compare).toEqual(['fack', 'le', 'reno/le_ns2_send_one']);
    // Claims that run a reading link to its sweep.
    const readings = parsePresets(doc)
      .presets.flatMap((p) => p.evidence?.claims ?? [])
      .filter((c) => c.paper === 'le' && c.reading);
    expect(new Set(readings.map((c) => c.reading!.sweep))).toEqual(
      new Set([byId('le-sack-reading').hash, byId('le-min-rto').hash, byId('le-agent-reading').hash]),
    );
  });
});

describe('Ng & Chan §3.5 preset (scripts/ngchan-presets.py)', () => {
  it("is its scenario file: 20 Reno and 20 rate-based flows, no error then 2.5-35 % on the bottleneck, five protocols, the paper's normalized throughput on y", () => {
    const { values, view } = open(byId('ngchan-dumbbell-error'));
    const scenario = JSON.parse(buildScenario(model, values));
    const at = (p: string) => getAt(scenario, p) ?? model.byPath.get(p)?.defaultValue;
    for (const [p, v] of leaves(JSON.parse(ngchanDumbbellJson))) expect(at(p), p).toEqual(v);
    expect(view.sweep).toMatchObject({
      x: 'topology.bottleneck.errors.forward.p',
      from: 0,
      to: 0.35,
      n: 15,
      k: 5,
      y: 'fair_share',
      by: 'protocol',
    });
    expect(view.compare).toEqual(['srp', 'crp', 'mrp', 'tfrc', 'tfrc_modified']);
    // The compare rule switches the twenty rate-based flows, not the Reno ones.
    const run = JSON.parse(buildScenario(model, withProtocol(model, values, 'mrp')));
    expect(run.flows.filter((f: { protocol?: string }) => f.protocol === 'mrp')).toHaveLength(20);
    expect(run.flows.filter((f: { protocol?: string }) => f.protocol === 'reno')).toHaveLength(20);
  });
});

describe('LE presets: the paper’s platform (presetlib PLATFORM_TCP "ns2_defaults")', () => {
  const le = parsePresets(doc).presets.filter((p) => p.id.startsWith('le-'));
  it("run every TCP flow on ns-2's Agent/TCP defaults, FACK's and LE's without limited transmit", () => {
    // ns-default.tcl: minrto_ 0.2, singledup_ 1, control_increase_ 0; tcp.cc slowdown():
    // ssthresh from half the window (an AIMD window's: Westwood and the fixed window set their own).
    const aimd = new Set(['reno', 'newreno', 'sack', 'ns2_sack1', 'fack', 'le']);
    const seen = new Map<string, number>();
    for (const p of le)
      for (const [where, protocol, timers, minRto, limited, validation, halves] of ns2Settings(model, p)) {
        const at = `${p.id} ${where}`;
        expect([timers, minRto, limited, validation], at).toEqual(['ns2', 200, !NS2_NO_SINGLEDUP.has(protocol), false]);
        if (aimd.has(protocol)) expect(halves, at).toBe('cwnd');
        seen.set(protocol, (seen.get(protocol) ?? 0) + 1);
      }
    // Fig. 5's FACK flows (25 over the five splits, 26 with the agent reading's one) beside its Sack1 flows.
    expect(seen.get('fack')).toBe(26);
    expect(seen.get('ns2_sack1')).toBeGreaterThanOrEqual(25);
  });
  it('run each compared protocol as its own ns-2 agent: Sack1 with limited transmit, FACK and LE without', () => {
    // A comparison swaps the protocol only (withProtocol); the engine reads the agent's rule
    // from the flow's own protocol and recovery under tcp.ns2_agents, so Fig. 4's and 6's FACK
    // and LE curves have none while the Sack1, Reno and NewReno ones have it.
    let checked = 0;
    for (const p of le) {
      const { values, view } = openPreset(model, p);
      for (const entry of view.compare) {
        const scenario = JSON.parse(buildScenario(model, withProtocol(model, values, entry)));
        for (const [i, f] of (scenario.flows as Record<string, unknown>[]).entries()) {
          const at = (path: string) => getAt(f, path) ?? model.byPath.get(`flows[${i}].${path}`)?.defaultValue;
          const agent = [at('protocol'), at('recovery')].some((n) => NS2_NO_SINGLEDUP.has(String(n)));
          expect(limitedTransmitInForce(at), `${p.id} ${entry} flows[${i}]`).toBe(!agent);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
  it('name that platform once, in the paper block, with the ns-2 source lines', () => {
    const platform = (doc as { papers: Record<string, { platform?: string }> }).papers.le.platform ?? '';
    for (const line of ['singledup_ 1', 'slowdown(CLOSE_SSTHRESH_HALF)', 'control_increase_ 0', 'tcp-fack.cc'])
      expect(platform).toContain(line);
    for (const p of le) expect(p.caption, p.id).toContain("ns-2's Agent/TCP defaults");
  });
});
