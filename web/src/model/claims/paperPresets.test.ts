// The paper presets one by one (public/presets/presets.json, written by scripts/*-presets.py)
// against the REAL engine schema: each is its paper's experiment (scenario file, sweep,
// protocols, seeds) and states the paper's claims. The checks of every preset: presets.test.ts.
import type { PlabModule } from 'plab-glue';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestEngine } from '../testEngine';
import leFig4Json from '../../../../engine/scenarios/le-fig4-recovery.json?raw';
import referenceJson from '../../../../engine/scenarios/reference-ns3.json?raw';
import tcpRealJson from '../../../../engine/scenarios/tcp-real-playback.json?raw';
import tcpRealTable1Json from '../../../../engine/scenarios/tcp-real-table1.json?raw';
import { buildScenario, getAt, type ParamModel } from '../params/params';
import { type Preset } from './presets';
import { leaves, openPreset, presetById, presetGrid } from './presetTestSupport';

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
    expect(view.sweep).toEqual({
      x: 'flows[0].channel.forward.window_drops',
      from: 1,
      to: 31,
      scale: 'linear',
      n: 31,
      y: 'recovery_duration_s',
      k: 10,
      by: 'protocol',
    });
    expect(gridOf(byId('le-fig4'))).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
  });

  it("TCP-Real §4.4: the playback scenario, 60 s, unlimited, Tahoe, Reno and TCP-Real against the minimum RTO, the text's tokens per RTT claimed", () => {
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
    expect(view.sweep).toMatchObject({
      x: 'flows[0].tcp.min_rto_ms',
      points: [200, 1000],
      y: 'mean_tokens_per_rtt',
      k: 5,
      by: 'protocol',
    });
    const numbers = Object.fromEntries(
      p.evidence!.claims.filter((c) => c.kind === 'number').map((c) => [c.check!.left.series, c.paper_value]),
    );
    expect(numbers).toEqual({ real: 11.12, reno: 5.82, tahoe: 3.65 });
  });

  it("TCP-Real Table 1: the scenario file, the paper's seven ON loss rates swept as they are, 5 seeds, every cell of Tables 1 and 4 a claim", () => {
    const p = byId('tcp-real-table1');
    const { values, view } = open(p);
    const base = JSON.parse(tcpRealTable1Json);
    const scenario = JSON.parse(buildScenario(model, values));
    for (const path of [
      'duration_s',
      'topology.access.delay_ms',
      'topology.bottleneck.rate_mbps',
      'topology.bottleneck.delay_ms',
      'topology.bottleneck.queue_packets',
      'flows[0].protocol',
      'flows[0].channel.forward.model',
      'flows[0].channel.forward.on_mean_s',
      'flows[0].channel.forward.off_mean_s',
      'flows[0].channel.forward.off_p',
      'flows[0].channel.reverse.model',
      'flows[0].app.size_bytes',
      'flows[0].app.token_bucket.enabled',
      'flows[0].app.playback.mode',
    ])
      expect(getAt(scenario, path), path).toEqual(getAt(base, path));
    expect(view.sweep).toEqual({
      x: 'flows[0].channel.forward.on_p',
      from: 0,
      to: 0.5,
      scale: 'linear',
      n: 7,
      y: 'goodput_mbps',
      k: 5,
      by: 'protocol',
      points: [0, 0.01, 0.05, 0.1, 0.2, 0.33, 0.5],
    });
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
    for (const p of [
      'duration_s',
      'topology.bottleneck.rate_mbps',
      'topology.bottleneck.delay_ms',
      'flows[0].protocol',
      'flows[0].tcp.header_bytes',
      'flows[0].tcp.timestamps',
      'flows[0].tcp.initial_window_segments',
      'flows[0].tcp.max_window_segments',
      'flows[0].tcp.min_rto_ms',
      'flows[0].channel.forward.model',
      'flows[0].channel.reverse.model',
      'flows[0].app.token_bucket.enabled',
    ])
      expect(getAt(scenario, p), p).toEqual(getAt(base, p));
    expect(view.sweep).toEqual({
      x: 'flows[0].channel.forward.p',
      from: 0.001,
      to: 0.1,
      scale: 'log',
      n: 20,
      y: 'goodput_mbps',
      k: 3,
      by: 'none',
    });
  });

  it('Fall & Floyd: 100 segments, window 20, drops 50/52/54, four protocols', () => {
    const { values, view } = open(byId('fall-floyd-drops'));
    const s = JSON.parse(buildScenario(model, values));
    // The action ends by 1.72 s (Reno's timeout): a 2 s run draws it on the whole axis.
    expect(s.duration_s).toBe(2);
    expect(s.topology.kind).toBe('path');
    expect(s.topology.bottleneck).toMatchObject({
      rate_mbps: 10,
      delay_ms: 24,
      queue_packets: 1000,
      queue: 'drop_tail',
    });
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
    expect(view.sweep).toEqual({
      x: 'topology.bottleneck.errors.forward.p',
      from: 0.001,
      to: 0.1,
      scale: 'log',
      n: 10,
      y: 'mean_goodput_mbps',
      k: 3,
      by: 'protocol',
    });
    expect(view.compare).toEqual(['reno', 'newreno', 'sack', 'fack', 'westwood', 'le']);
  });

  it('the engine runs it: ten flows share the bottleneck, and more loss means less goodput per flow', () => {
    const { values } = open(byId('le-fig6d-ten-flows'));
    const run = (p: number) => {
      const scenario = JSON.parse(
        buildScenario(model, { ...values, 'topology.bottleneck.errors.forward.p': p, duration_s: 20 }),
      );
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
