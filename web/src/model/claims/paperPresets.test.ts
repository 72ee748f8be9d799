// The paper presets one by one (public/presets/presets.json, written by scripts/*-presets.py)
// against the REAL engine schema: each is its paper's experiment (scenario file, sweep,
// protocols, seeds) and states the paper's claims. The checks of every preset: presets.test.ts.
import type { PlabModule } from 'plab-glue';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestEngine } from '../testEngine';
import presetsJson from '../../../../public/presets/presets.json?raw';
import leFig4Json from '../../../../engine/scenarios/le-fig4-recovery.json?raw';
import referenceJson from '../../../../engine/scenarios/reference-ns3.json?raw';
import tcpRealJson from '../../../../engine/scenarios/tcp-real-playback.json?raw';
import tcpRealTable1Json from '../../../../engine/scenarios/tcp-real-table1.json?raw';
import tcpRealTablesJson from '../../../../scripts/tcp-real-tables.json?raw';
import tcpErFig1Json from '../../../../engine/scenarios/tcp-er-fig1.json?raw';
import tcpErFig3Json from '../../../../engine/scenarios/tcp-er-fig3.json?raw';
import tcpErTable6Json from '../../../../engine/scenarios/tcp-er-table6.json?raw';
import leFig5Json from '../../../../engine/scenarios/le-fig5-fairness.json?raw';
import leFig6SingleJson from '../../../../engine/scenarios/le-fig6-single-flow.json?raw';
import leFig6dJson from '../../../../engine/scenarios/le-fig6d-ten-flows.json?raw';
import ngchanDumbbellJson from '../../../../engine/scenarios/ngchan-dumbbell-40.json?raw';
import { buildScenario, getAt, type ParamModel } from '../params/params';
import { parsePresets, type Preset } from './presets';
import { withProtocol } from '../views';
import { doc, leaves, openPreset, presetById, presetGrid } from './presetTestSupport';

let engine: PlabModule;
let model: ParamModel;

const str = (fn: string) => engine.UTF8ToString(engine.ccall(fn, 'number', [], []) as number);


beforeAll(async () => {
  ({ engine, model } = await loadTestEngine());
});


const open = (p: Preset) => openPreset(model, p);
const gridOf = (p: Preset) => presetGrid(model, p);
const byId = presetById;

describe('presets.json, paper by paper', () => {
  it('LE Fig. 4: window drops 1..31 on the le-fig4-recovery base, recovery duration, K=10, one curve per protocol', () => {
    const { values, view } = open(byId('le-fig4'));
    const base = JSON.parse(leFig4Json);
    const scenario = JSON.parse(buildScenario(model, values));
    for (const p of [
      'duration_s',
      'topology.access.rate_mbps',
      'topology.access.delay_ms',
      'topology.access.queue_packets',
      'topology.bottleneck.rate_mbps',
      'topology.bottleneck.delay_ms',
      'topology.bottleneck.queue_packets',
      'flows[0].tcp.initial_window_segments',
      'flows[0].tcp.max_window_segments',
      'flows[0].tcp.min_rto_ms',
      'flows[0].channel.forward.model',
      'flows[0].channel.forward.window_first_segment',
      'flows[0].channel.forward.window_segments',
      'flows[0].channel.reverse.model',
      'flows[0].app.size_bytes',
      'flows[0].app.token_bucket.enabled',
    ])
      expect(getAt(scenario, p), p).toEqual(getAt(base, p));
    expect(view.view).toBe('sweep');
    expect(view.compare).toEqual(['reno', 'newreno', 'sack', 'fack', 'le', 'ns2_sack1']);
    expect(view.sweep).toEqual({ x: 'flows[0].channel.forward.window_drops', from: 1, to: 31, scale: 'linear', n: 31, y: 'recovery_duration_s', k: 10, by: 'protocol' });
    expect(gridOf(byId('le-fig4'))).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
  });

  it('TCP-Real §4.4: the playback scenario, 60 s, unlimited, Tahoe, Reno and TCP-Real against the minimum RTO, the text\'s tokens per RTT claimed', () => {
    const p = byId('tcp-real-tokens');
    const { values, view } = open(p);
    const base = JSON.parse(tcpRealJson);
    base.duration_s = 60;
    base.flows[0].app.size_bytes = 0;
    const scenario = JSON.parse(buildScenario(model, values));
    const baseLeaves = leaves(base);
    expect(baseLeaves.length).toBeGreaterThan(15);
    for (const [path, v] of baseLeaves) expect(getAt(scenario, path), path).toEqual(v);
    expect(view.view).toBe('sweep');
    expect(view.sweep).toMatchObject({ x: 'flows[0].tcp.min_rto_ms', points: [200, 1000], y: 'mean_tokens_per_rtt', k: 5, by: 'protocol' });
    const numbers = Object.fromEntries(p.evidence!.claims.filter((c) => c.kind === 'number').map((c) => [c.check!.left.series, c.paper_value]));
    expect(numbers).toEqual({ real: 11.12, reno: 5.82, tahoe: 3.65 });
  });

  it('TCP-Real Table 1: the scenario file, the paper\'s seven ON loss rates swept as they are, 5 seeds, every cell of Tables 1 and 4 a claim', () => {
    const p = byId('tcp-real-table1');
    const { values, view } = open(p);
    const base = JSON.parse(tcpRealTable1Json);
    const scenario = JSON.parse(buildScenario(model, values));
    for (const path of ['duration_s', 'topology.access.delay_ms', 'topology.bottleneck.rate_mbps', 'topology.bottleneck.delay_ms', 'topology.bottleneck.queue_packets', 'flows[0].protocol', 'flows[0].channel.forward.model', 'flows[0].channel.forward.on_mean_s', 'flows[0].channel.forward.off_mean_s', 'flows[0].channel.forward.off_p', 'flows[0].channel.reverse.model', 'flows[0].app.size_bytes', 'flows[0].app.token_bucket.enabled', 'flows[0].app.playback.mode'])
      expect(getAt(scenario, path), path).toEqual(getAt(base, path));
    expect(view.sweep).toEqual({ x: 'flows[0].channel.forward.on_p', from: 0, to: 0.5, scale: 'linear', n: 7, y: 'goodput_mbps', k: 5, by: 'protocol', points: [0, 0.01, 0.05, 0.1, 0.2, 0.33, 0.5] });
    expect(view.compare).toEqual(['real', 'reno', 'tahoe']);
    const claims = p.evidence!.claims;
    // Table 1 in KBps, claimed in Mb/s: TCP-Real loss-free 237.65 KBps.
    expect(claims.find((c) => c.id === 'tcp-real/table1/real-0')!.paper_value).toBeCloseTo((237.65 * 8) / 1000, 6);
    expect(claims.find((c) => c.id === 'tcp-real/table4/tahoe-0.33')!.paper_value).toBe(25.6);
    expect(claims.filter((c) => c.kind === 'number')).toHaveLength(42);
  });

  it('Ng & Chan: the reference scenario, p from 0.001 to 0.1 log, 20 points, K=3, goodput (models drawn)', () => {
    const { values, view } = open(byId('ng-chan-models'));
    const base = JSON.parse(referenceJson);
    const scenario = JSON.parse(buildScenario(model, values));
    for (const p of ['duration_s', 'topology.bottleneck.rate_mbps', 'topology.bottleneck.delay_ms', 'flows[0].protocol', 'flows[0].tcp.header_bytes', 'flows[0].tcp.timestamps', 'flows[0].tcp.initial_window_segments', 'flows[0].tcp.max_window_segments', 'flows[0].tcp.min_rto_ms', 'flows[0].channel.forward.model', 'flows[0].channel.reverse.model', 'flows[0].app.token_bucket.enabled'])
      expect(getAt(scenario, p), p).toEqual(getAt(base, p));
    expect(view.sweep).toEqual({ x: 'flows[0].channel.forward.p', from: 0.001, to: 0.1, scale: 'log', n: 20, y: 'goodput_mbps', k: 3, by: 'none' });
  });

  it('Fall & Floyd: 100 segments, window 20, drops 50/52/54, four protocols', () => {
    const { values, view } = open(byId('fall-floyd-drops'));
    const s = JSON.parse(buildScenario(model, values));
    // The action ends by 1.72 s (Reno's timeout): a 2 s run draws it on the whole axis.
    expect(s.duration_s).toBe(2);
    expect(s.topology.kind).toBe('path');
    expect(s.topology.bottleneck).toMatchObject({ rate_mbps: 10, delay_ms: 24, queue_packets: 1000, queue: 'drop_tail' });
    expect(s.topology.bottleneck.errors.forward.model).toBe('none'); // the flow's own channel drops, nothing else
    expect(s.flows).toHaveLength(1);
    expect(s.flows[0].tcp.max_window_segments).toBe(20);
    expect(s.flows[0].tcp.initial_window_segments).toBe(2);
    expect(s.flows[0].channel.forward.model).toBe('scripted');
    expect(s.flows[0].channel.forward.drop_packets).toEqual([50, 52, 54]);
    expect(s.flows[0].channel.reverse.model).toBe('none');
    expect(s.flows[0].app.size_bytes).toBe(100000);
    expect(s.flows[0].app.token_bucket.enabled).toBe(false);
    expect(view.compare).toEqual(['tahoe', 'reno', 'newreno', 'sack']);
  });
});


describe('LE Fig. 6d preset', () => {
  it('ten FTP flows on the dumbbell, random bottleneck loss swept 0.1 %..10 %, mean goodput per flow, six protocols', () => {
    const { values, view, messages } = open(byId('le-fig6d-ten-flows'));
    expect(messages).toEqual([]);
    const s = JSON.parse(buildScenario(model, values));
    expect(s.duration_s).toBe(100);
    expect(s.topology.kind).toBe('dumbbell');
    expect(s.topology.bottleneck).toMatchObject({ rate_mbps: 10, delay_ms: 24 });
    expect(s.topology.bottleneck.errors.forward.model).toBe('bernoulli');
    expect(s.flows).toHaveLength(10);
    for (const f of s.flows) {
      expect(f.protocol).toBe('westwood');
      expect(f.channel.forward.model).toBe('none'); // the bottleneck drops, not each flow's channel
      expect(f.app.size_bytes).toBe(0); // FTP: always data to send
      expect(f.app.token_bucket.enabled).toBe(false);
      expect(f.tcp.mss_bytes).toBe(1000); // "the size of the TCP packet was set to 1 kb" (§3)
    }
    expect(view.sweep).toEqual({ x: 'topology.bottleneck.errors.forward.p', from: 0.001, to: 0.1, scale: 'log', n: 10, y: 'mean_goodput_mbps', k: 3, by: 'protocol' });
    expect(view.compare).toEqual(['reno', 'newreno', 'sack', 'fack', 'westwood', 'le']);
  });

  it('the engine runs it: ten flows share the bottleneck, and more loss means less goodput per flow', () => {
    const { values } = open(byId('le-fig6d-ten-flows'));
    const run = (p: number) => {
      const scenario = JSON.parse(buildScenario(model, { ...values, 'topology.bottleneck.errors.forward.p': p, duration_s: 20 }));
      engine.ccall('plab_run_summary', 'number', ['string'], [JSON.stringify(scenario)]);
      return JSON.parse(str('plab_result_json'));
    };
    const light = run(0.001);
    const heavy = run(0.1);
    expect(light.ok).toBe(true);
    expect(light.summary.flows).toBe(10);
    expect(light.summary.total_goodput_mbps).toBeGreaterThan(8); // 10 Mb/s shared, nearly full
    expect(light.summary.total_goodput_mbps).toBeLessThan(10);
    expect(heavy.summary.mean_goodput_mbps).toBeLessThan(light.summary.mean_goodput_mbps / 2);
  });
});

describe('TCP-ER presets (scripts/tcp-er-presets.py)', () => {
  const cases: [string, string, Record<string, unknown>, Partial<ReturnType<typeof open>['view']['sweep']>, string[]][] = [
    ['tcp-er-fig1-sft', tcpErFig1Json, {}, { x: 'topology.bottleneck.rate_mbps', from: 7, to: 10, n: 4, y: 'frozen_time_s', k: 5 }, ['sack', 'sack_er']],
    ['tcp-er-fig1-buffers', tcpErFig1Json, { 'topology.bottleneck.rate_mbps': 7 }, { x: 'topology.bottleneck.queue_bdp', from: 0.5, to: 1.5, n: 3, y: 'frozen_time_s', k: 5 }, ['sack', 'sack_er']],
    ['tcp-er-sft-gap', tcpErFig1Json, { 'topology.bottleneck.rate_mbps': 7 }, { x: 'flows[0].app.stream.frozen_gap_ms', from: 100, to: 1000, n: 10, y: 'frozen_time_s', k: 3 }, ['sack', 'sack_er']],
    ['tcp-er-fig2-ipat', tcpErFig1Json, {}, { x: 'topology.bottleneck.rate_mbps', from: 5, to: 10, n: 6, y: 'ipat_std_ms', k: 5 }, ['sack', 'sack_er']],
    ['tcp-er-fig2-buffers', tcpErFig1Json, { 'topology.bottleneck.rate_mbps': 5 }, { x: 'topology.bottleneck.queue_bdp', from: 0.5, to: 1.5, n: 3, y: 'ipat_std_ms', k: 5 }, ['sack', 'sack_er']],
    ['tcp-er-fig3-fairness', tcpErFig3Json, { 'topology.bottleneck.queue_bdp': 1 }, { from: 2, to: 10, y: 'ratio_to_background_ftp', k: 5 }, ['sack', 'sack_er', 'vegas']],
    ['tcp-er-fig4-fairness', tcpErFig3Json, { 'topology.bottleneck.queue_bdp': 1.5 }, { from: 2, to: 10, y: 'ratio_to_background_ftp', k: 5 }, ['sack', 'sack_er', 'vegas']],
    // Each late-packet sweep steps the ratio by 0.05 up to just above SACK's zero (§IV-E).
    ['tcp-er-fig5-late', tcpErTable6Json, { 'topology.bottleneck.rate_mbps': 11.55 }, { x: 'flows[0].app.stream.playback_ratio', from: 1, to: 1.8, n: 17, y: 'late_pct', k: 3 }, ['sack', 'sack_er']],
    ['tcp-er-fig9-late', tcpErTable6Json, { 'topology.bottleneck.rate_mbps': 21.45 }, { x: 'flows[0].app.stream.playback_ratio', from: 1, to: 1.1, n: 3, y: 'late_pct', k: 3 }, ['sack', 'sack_er']],
    ['tcp-er-rto-floor', tcpErTable6Json, {}, { x: 'flows[0].tcp.min_rto_ms', from: 200, to: 1000, n: 3, y: 'timeouts', k: 3 }, ['sack', 'sack_er']],
    ['tcp-er-table7-rtos', tcpErTable6Json, { 'topology.bottleneck.rate_mbps': 11.55 }, { from: 11.55, to: 21.45, n: 7, y: 'streams_timeouts', k: 3 }, ['sack', 'sack_er']],
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
    expect(ev.claims.every((c) => c.kind !== 'legacy' && c.paper === 'tcp-er'), id).toBe(true);
    // Every x a claim names is a swept point.
    const grid = gridOf(byId(id));
    for (const c of ev.claims) for (const r of [c.check?.left, c.check?.right]) if (r?.x !== undefined) expect(grid.some((g) => Math.abs(g - r.x!) < 1e-9), `${c.id} x = ${r.x}`).toBe(true);
  });
});

describe('RRTP thesis presets (scripts/rrtp-presets.py)', () => {
  const rrtp = parsePresets(doc).presets.filter((p) => p.id.startsWith('rrtp-'));
  it('state the thesis’s claims, never legacy ones, each at a swept point, with the reading presets stating none', () => {
    expect(rrtp.length).toBe(16);
    let claims = 0;
    for (const p of rrtp) {
      const { view } = open(p);
      expect(view.view, p.id).toBe('sweep');
      const ev = p.evidence!;
      claims += ev.claims.length;
      expect(ev.claims.every((c) => c.kind !== 'legacy' && c.paper === 'rrtp'), p.id).toBe(true);
      const grid = gridOf(p);
      for (const c of ev.claims) for (const r of [c.check?.left, c.check?.right]) if (r?.x !== undefined) expect(grid.some((g) => Math.abs(g - r.x!) < 1e-9), `${c.id} x = ${r.x}`).toBe(true);
      // Every published number of the thesis is at a swept point too.
      for (const row of ev.published) expect(grid.some((g) => Math.abs(g - row.x!) < 1e-9), `${p.id} ${row.label} x = ${row.x}`).toBe(true);
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

describe('TCP-Real presets (scripts/tcp-real-presets.py): the paper\'s claims', () => {
  const tables = JSON.parse(tcpRealTablesJson) as Record<string, { what: string; rows: Record<string, number>[] }>;
  const cases: [string, Record<string, unknown>, string, number[], string[]][] = [
    ['tcp-real-table1', { 'flows[0].channel.forward.model': 'on_off', 'topology.bottleneck.rate_mbps': 2, 'topology.bottleneck.delay_ms': 14.5 }, 'flows[0].channel.forward.on_p', [0, 0.01, 0.05, 0.1, 0.2, 0.33, 0.5], ['table1', 'table4']],
    ['tcp-real-reverse-15ms', { 'flows[0].channel.reverse.model': 'on_off', 'flows[0].channel.forward.model': 'none', 'topology.bottleneck.rate_mbps': 2, 'topology.bottleneck.delay_ms': 14.5 }, 'flows[0].channel.reverse.on_p', [0, 0.019, 0.098, 0.19, 0.36, 0.555, 0.75], ['table2', 'table5']],
    ['tcp-real-bursty-15ms', { 'flows[0].channel.forward.on_p': 0.99, 'flows[0].channel.forward.on_mean_s': 0.5, 'flows[0].app.size_bytes': 52428800 }, 'flows[0].channel.forward.off_mean_s', [2.5, 5, 10], ['table3', 'table6']],
    ['tcp-real-50ms', { 'flows[0].channel.forward.model': 'on_off', 'topology.bottleneck.delay_ms': 49.5, 'topology.bottleneck.rate_mbps': 5 }, 'flows[0].channel.forward.on_p', [0, 0.01, 0.05, 0.1, 0.2, 0.33, 0.5], ['table7', 'table10']],
    ['tcp-real-reverse-50ms', { 'flows[0].channel.reverse.model': 'on_off', 'topology.bottleneck.rate_mbps': 5, 'topology.bottleneck.delay_ms': 49.5 }, 'flows[0].channel.reverse.on_p', [0, 0.019, 0.098, 0.19, 0.36, 0.555, 0.75], ['table8', 'table11']],
    ['tcp-real-bursty-50ms', { 'flows[0].channel.forward.on_p': 0.99, 'topology.bottleneck.delay_ms': 49.5, 'topology.bottleneck.rate_mbps': 5 }, 'flows[0].channel.forward.off_mean_s', [2.5, 5, 10], ['table9', 'table12']],
  ];
  it.each(cases)('%s: its channel, delay and link, Real/Reno/Tahoe, 5 seeds at the paper\'s points, every cell of its tables a claim', (id, changes, x, points, tabs) => {
    const p = byId(id);
    const { values, view } = open(p);
    const scenario = JSON.parse(buildScenario(model, values));
    const at = (path: string) => getAt(scenario, path) ?? model.byPath.get(path)?.defaultValue;
    for (const [path, v] of Object.entries(changes)) expect(at(path), `${id}: ${path}`).toEqual(v);
    expect(at('flows[0].app.playback.mode')).toBe('drain');
    expect(view.sweep).toMatchObject({ x, points, k: 5, by: 'protocol', y: 'goodput_mbps' });
    expect(view.compare).toEqual(['real', 'reno', 'tahoe']);
    const claims = p.evidence!.claims;
    expect(claims.every((c) => c.kind !== 'legacy' && c.paper === 'tcp-real'), id).toBe(true);
    // Every cell of its two tables, as the paper states it (goodput KBps -> Mb/s), at a swept x.
    for (const t of tabs)
      for (const row of tables[t].rows)
        for (const proto of ['real', 'reno', 'tahoe']) {
          const c = claims.find((k) => k.id === `tcp-real/${t}/${proto}-${row.x}`);
          expect(c, `${t} ${proto} ${row.x}`).toBeDefined();
          const want = tables[t].what === 'goodput_KBps' ? (row[proto] * 8) / 1000 : row[proto];
          expect(c!.paper_value).toBeCloseTo(want, 6);
        }
    for (const c of claims) for (const r of [c.check?.left, c.check?.right]) if (r?.x !== undefined) expect(points.some((g) => Math.abs(g - r.x!) < 1e-9), `${c.id} x = ${r.x}`).toBe(true);
  });

  it('the paper block states one tolerance with why, and §4.1\'s 594.67 is quoted beside Table 3\'s 549.67, which is claimed', () => {
    const doc = JSON.parse(presetsJson) as { papers: Record<string, { tolerance: number; tolerance_why: string }> };
    expect(doc.papers['tcp-real'].tolerance).toBe(0.2);
    expect(doc.papers['tcp-real'].tolerance_why).toContain('single run');
    const c = byId('tcp-real-bursty-15ms').evidence!.claims.find((k) => k.id === 'tcp-real/table3/text-real')!;
    expect(c.text).toContain('594.67');
    expect(c.paper_value).toBeCloseTo((549.67 * 8) / 1000, 6);
  });
});

describe('LE Figs. 5-6 presets (scripts/le-presets.py)', () => {
  const recoveries = ['reno', 'newreno', 'sack', 'fack', 'le'];
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
    if (id !== 'le-fig5-fairness') expect(view.sweep).toMatchObject({ from: 0.001, to: 0.1, scale: 'log', n: 10, by: 'protocol' });
    // A pairing runs the protocol's window with the named recovery on every flow it switches.
    const last = JSON.parse(buildScenario(model, withProtocol(model, values, compare.at(-1)!)));
    for (const f of last.flows) expect(f.recovery ?? 'default').toBe(compare.at(-1)!.includes('/') ? 'le' : 'default');
    // The paper's claims (docs/claims.md), none of the project's own.
    const claims = byId(id).evidence!.claims;
    expect(claims.length, id).toBeGreaterThanOrEqual(2);
    expect(claims.every((c) => c.kind !== 'legacy' && c.paper === 'le'), id).toBe(true);
  });

  it.each([1, 3, 7, 9])('le-fig5-sack%i is Fig. 5 with that many SACK flows and the rest FACK, LE switching only the FACK ones', (i) => {
    const { values, view } = open(byId(`le-fig5-sack${i}`));
    const s = JSON.parse(buildScenario(model, values));
    expect(s.flows.map((f: { protocol?: string }) => f.protocol)).toEqual([...Array(10 - i).fill('fack'), ...Array(i).fill('sack')]);
    expect(view.view).toBe('compare');
    expect(view.compare).toEqual(['fack', 'le']);
    const le = JSON.parse(buildScenario(model, withProtocol(model, values, 'le')));
    expect(le.flows.filter((f: { protocol?: string }) => f.protocol === 'le')).toHaveLength(10 - i);
    expect(le.flows.filter((f: { protocol?: string }) => f.protocol === 'sack')).toHaveLength(i);
  });

  it('the readings the paper leaves open are sweeps: ns-2 SACK against RFC 6675 on Fig. 4, the minimum RTO on Fig. 6a', () => {
    const sack = open(byId('le-sack-reading'));
    const fig4 = JSON.parse(leFig4Json);
    const s4 = JSON.parse(buildScenario(model, sack.values));
    expect(getAt(s4, 'flows[0].channel.forward.window_segments')).toBe(fig4.flows[0].channel.forward.window_segments);
    expect(sack.view.compare).toEqual(['ns2_sack1', 'sack', 'newreno']);
    expect(sack.view.sweep).toMatchObject({ x: 'flows[0].channel.forward.window_drops', from: 1, to: 31, n: 31, y: 'timeouts', k: 10 });
    const rto = open(byId('le-min-rto'));
    expect(getAt(JSON.parse(buildScenario(model, rto.values)), 'flows[0].channel.forward.p')).toBe(0.1);
    expect(rto.view.sweep).toMatchObject({ x: 'flows[0].tcp.min_rto_ms', from: 50, to: 1000, n: 20, y: 'goodput_mbps', k: 5 });
    // Claims that run a reading link to its sweep.
    const readings = parsePresets(doc).presets.flatMap((p) => p.evidence?.claims ?? []).filter((c) => c.paper === 'le' && c.reading);
    expect(new Set(readings.map((c) => c.reading!.sweep))).toEqual(new Set([byId('le-sack-reading').hash, byId('le-min-rto').hash]));
  });
});

describe('Ng & Chan §3.5 preset (scripts/ngchan-presets.py)', () => {
  it('is its scenario file: 20 Reno and 20 rate-based flows, no error then 2.5-35 % on the bottleneck, five protocols, the paper\'s normalized throughput on y', () => {
    const { values, view } = open(byId('ngchan-dumbbell-error'));
    const scenario = JSON.parse(buildScenario(model, values));
    const at = (p: string) => getAt(scenario, p) ?? model.byPath.get(p)?.defaultValue;
    for (const [p, v] of leaves(JSON.parse(ngchanDumbbellJson))) expect(at(p), p).toEqual(v);
    expect(view.sweep).toMatchObject({ x: 'topology.bottleneck.errors.forward.p', from: 0, to: 0.35, n: 15, k: 5, y: 'fair_share', by: 'protocol' });
    expect(view.compare).toEqual(['srp', 'crp', 'mrp', 'tfrc', 'tfrc_modified']);
    // The compare rule switches the twenty rate-based flows, not the Reno ones.
    const run = JSON.parse(buildScenario(model, withProtocol(model, values, 'mrp')));
    expect(run.flows.filter((f: { protocol?: string }) => f.protocol === 'mrp')).toHaveLength(20);
    expect(run.flows.filter((f: { protocol?: string }) => f.protocol === 'reno')).toHaveLength(20);
  });
});
