// The lesson the manual mode teaches, on the REAL engine (wasm/dist, `npm run build:wasm`):
// on its own scenario (scenario.ts), a student who holds the window near the pipe
// scores a better power than Reno; one who fills the buffer moves more bytes than Reno
// yet scores a worse power; one who doubles again and again overflows the buffer, and
// with a window that never backs off the losses become timeouts (a congestion
// collapse): the worst of all. The score rewards a full pipe with an empty queue, not
// the biggest window (issue 19, finding 2.4).
import { beforeAll, describe, expect, test } from 'vitest';
import { seriesFromResult } from '../charts/series';
import type { ResultDoc } from '../engine/types';
import { buildScenario, type ParamModel, type Values } from '../model/params/params';
import { loadTestEngine, type TestEngine } from '../model/testEngine';
import { enterManual, MANUAL_TOPOLOGY, pipeSegments } from './scenario';
import { powerRatio, scoreFlow, type FlowScore } from './score';

let t: TestEngine;
let model: ParamModel;
let values: Values;

const WINDOW = 'flows[0].manual.cwnd_segments';

beforeAll(async () => {
  t = await loadTestEngine();
  model = t.model;
  values = enterManual(model, {}, 'flows[0].protocol', 'manual')!;
});

/** One run with a live-mode timeline (the student's presses), scored. */
function run(v: Values, presses: [number, number][] = []): { score: FlowScore; result: ResultDoc } {
  const scenario = buildScenario(model, v);
  const timeline = JSON.stringify(presses.map(([t_s, value]) => ({ t_s, path: WINDOW, value })));
  const ok = t.engine.ccall('plab_run_timeline', 'number', ['string', 'string'], [scenario, timeline]);
  const result = JSON.parse(t.str('plab_result_json')) as ResultDoc;
  expect(ok, JSON.stringify(result).slice(0, 400)).toBe(1);
  const ptr = t.engine.ccall('plab_columns_ptr', 'number', [], []) as number;
  const len = t.engine.ccall('plab_columns_length', 'number', [], []) as number;
  const columns = t.engine.HEAPF64.slice(ptr / 8, ptr / 8 + len);
  return { score: scoreFlow(result, seriesFromResult(result, columns), 0)!, result };
}

describe('the manual mode on its own scenario', () => {
  test('switching a flow to the manual control applies the scenario; switching again does not', () => {
    for (const [p, v] of Object.entries(MANUAL_TOPOLOGY)) expect(values[p], p).toBe(v);
    expect(values['flows[0].app.token_bucket.enabled']).toBe(false);
    expect(values['flows[0].channel.forward.model']).toBe('none');
    // Already manual: a plain change. Another protocol: a plain change.
    expect(enterManual(model, values, 'flows[0].protocol', 'manual')).toBeNull();
    expect(enterManual(model, {}, 'flows[0].protocol', 'reno')).toBeNull();
    expect(enterManual(model, {}, 'duration_s', 'manual')).toBeNull();
    // Another flow: its own settings, the shared bottleneck.
    const two = enterManual(model, { flows: 2 }, 'flows[1].protocol', 'manual')!;
    expect(two['flows[1].app.token_bucket.enabled']).toBe(false);
    expect(two['flows[0].app.token_bucket.enabled']).toBeUndefined();
    expect(two['topology.bottleneck.rate_mbps']).toBe(4);
  });

  test('holding near the pipe beats Reno on power; filling the buffer or doubling forever loses to it', () => {
    const reno = run({ ...values, 'flows[0].protocol': 'reno' });
    const pipe = pipeSegments(model, values, 0, reno.result.ok ? reno.result.flows?.[0].base_rtt_ms : undefined);
    expect(pipe).toBeGreaterThan(15);
    expect(pipe).toBeLessThan(25);
    const hold = run(values, [[0.5, Math.round(pipe)]]);
    // 50 segments: the pipe and most of the 32-packet buffer, no loss.
    const full = run(values, [[0.5, 50]]);
    const doubling = run(values, [
      [0.5, 20],
      [1.5, 40],
      [2.5, 80],
      [3.5, 160],
      [4.5, 320],
      [5.5, 640],
      [6.5, 1000],
    ]);
    expect(powerRatio(hold.score, reno.score)).toBeGreaterThan(1.5);
    // By goodput alone, filling the buffer beats Reno; by power it does not.
    expect(full.score.goodputMbps).toBeGreaterThan(reno.score.goodputMbps);
    expect(full.score.meanRttMs).toBeGreaterThan(2 * hold.score.meanRttMs);
    expect(powerRatio(full.score, reno.score)).toBeLessThan(1);
    expect(powerRatio(doubling.score, reno.score)).toBeLessThan(1);
    expect(doubling.score.power).toBeLessThan(full.score.power);
  });
});
