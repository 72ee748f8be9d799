// The page's estimate of a run's cost (runCost.ts) against the REAL engine schema and
// default scenario (wasm/dist, as presets.test.ts): a cheap run does not ask, the
// issue's 10 Gb/s link does, a budget too small for a run is seen, the limits a flow has
// are honoured, and no paper preset asks when it is opened.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestEngine } from '../testEngine';
import presetsJson from '../../../../public/presets/presets.json?raw';
import { buildScenario, type ParamModel, type Values } from '../params/params';
import { parsePresets } from '../claims/presets';
import { asksFirst, estimateRunCost, EVENTS_PER_SECOND, windowedProtocols, type RunCost } from './runCost';
import { decodeHash } from '../../url/codec';
import { withProtocol } from '../views';
import { planSweep } from '../sweep/sweepPlan';
import { decodeViewParams } from '../../url/viewParams';

/** The link of issue G's finding 10: 600 s at 10 Gb/s, no loss, a window of 1e6. */
const ISSUE_LINK =
  '#v=1&duration_s=600&topology.access.rate_mbps=10000&topology.bottleneck.rate_mbps=10000' +
  '&f0.channel.forward.model=none&f0.app.token_bucket.enabled=0&f0.tcp.max_window_segments=1000000';

let model: ParamModel;

beforeAll(async () => {
  ({ model } = await loadTestEngine());
});

const costOfScenario = (scenario: string): RunCost => estimateRunCost(scenario, windowedProtocols(model))!;
const costOf = (values: Values): RunCost => costOfScenario(buildScenario(model, values));
const costOfLink = (hash: string): RunCost => costOf(decodeHash(model, hash).values);

describe('the cost of a run, before it starts', () => {
  it('the default lab is cheap: no question', () => {
    const c = costOf(model.defaults);
    expect(c.seconds).toBeLessThan(0.5);
    expect(c.overBudget).toBe(false);
    expect(asksFirst(c)).toBe(false);
  });

  it("issue G's 10 Gb/s, 600 s link asks: billions of events, cut by its budget", () => {
    const c = costOfLink(ISSUE_LINK);
    expect(c.events).toBeGreaterThan(1e9);
    expect(c.budget).toBe(model.byPath.get('max_events')!.defaultValue);
    expect(c.overBudget).toBe(true);
    // It takes what its budget allows, not the minutes the whole run would.
    expect(c.seconds).toBeCloseTo(c.budget / EVENTS_PER_SECOND, 6);
    expect(c.fullSeconds).toBeGreaterThan(60);
    expect(asksFirst(c)).toBe(true);
  });

  it('sees a budget too small for a cheap run', () => {
    const values = { ...model.defaults, max_events: 1000 };
    const c = costOf(values);
    expect(c.overBudget).toBe(true);
    expect(asksFirst(c)).toBe(true);
  });

  it('honours the receiver window: at 10 Gb/s, 32 segments per RTT is a few Mb/s', () => {
    const fast = { ...decodeHash(model, ISSUE_LINK).values };
    const narrow = costOf({ ...fast, 'flows[0].tcp.max_window_segments': 32 });
    const wide = costOf(fast);
    expect(narrow.packets).toBeLessThan(wide.packets / 100);
    expect(asksFirst(narrow)).toBe(false);
  });

  it('honours a token bucket, a transfer size and the flow start and stop', () => {
    const fast = decodeHash(model, ISSUE_LINK).values;
    const base = costOf(fast).packets;
    // 20 tokens of 1000 B per 30 ms: 5.3 Mb/s.
    const bucket = costOf({ ...fast, 'flows[0].app.token_bucket.enabled': true });
    expect(bucket.packets).toBeLessThan(base / 1000);
    const sized = costOf({ ...fast, 'flows[0].app.size_bytes': 10_000_000 });
    expect(sized.packets).toBeLessThanOrEqual(2 * 10_000);
    const half = costOf({ ...fast, 'flows[0].start_s': 150, 'flows[0].stop_s': 450 });
    expect(half.packets / base).toBeCloseTo(0.5, 6);
  });

  it('opens every paper preset without asking (each protocol, each end of a sweep)', () => {
    const asked: string[] = [];
    let runs = 0;
    for (const p of parsePresets(JSON.parse(presetsJson)).presets) {
      const d = decodeHash(model, p.hash);
      const view = decodeViewParams(model, d.viewPairs).state;
      if (view.view === 'sweep') {
        // The engine's plan of the sweep (each protocol compared, one seed), each end.
        const plan = planSweep(model, d.values, { ...view.sweep, k: 1 }, view.compare);
        if (typeof plan === 'string') {
          asked.push(`${p.id}: no sweep plan (${plan})`);
          continue;
        }
        const ends = [0, plan.grid.length - 1];
        for (const r of plan.runs.filter((r) => ends.includes(r.point) && r.seed === plan.seeds[0])) {
          const c = costOfScenario(JSON.stringify(r.scenario));
          runs++;
          if (asksFirst(c))
            asked.push(`${p.id} ${r.protocol} x=${plan.grid[r.point]}: ${c.events.toExponential(2)} events`);
        }
        continue;
      }
      const protocols = view.view === 'live' ? [String(d.values['flows[0].protocol'])] : view.compare;
      for (const protocol of protocols) {
        const c = costOf(withProtocol(model, d.values, protocol));
        runs++;
        if (asksFirst(c)) asked.push(`${p.id} ${protocol}: ${c.events.toExponential(2)} events`);
      }
    }
    expect(runs).toBeGreaterThan(100);
    expect(asked).toEqual([]);
  }, 30_000);
});
