// The topology picture's data from the real engine's declarations (WASM).
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestEngine } from '../testEngine';
import type { ParamModel } from '../params/params';
import { withItemCount } from '../params/listEdits';
import { formatRate, linkParams, topologyView } from './topologyView';
import { visibilityRules } from '../params/visibility';

let model: ParamModel;

beforeAll(async () => {
  ({ model } = await loadTestEngine());
});

describe('topology picture data', () => {
  it('draws the default path: shared access link and bottleneck with rate, delay, queue and the flow loss', () => {
    const view = topologyView(model, model.defaults)!;
    expect(view.decl.name).toBe('path');
    expect(view.links.map((l) => l.decl.id)).toEqual(['access', 'bottleneck']);
    const b = view.links[1].labels[0];
    expect(b.line).toBe('10 Mb/s · 14 ms');
    expect(b.queue).toBe('queue 100');
    expect(b.loss).toBe('flow loss 1 %');
  });

  it('lists every background group, FTP and HTTP, on every topology (the dumbbell left out HTTP)', () => {
    for (const kind of ['path', 'dumbbell', 'wireless_last_hop']) {
      let v = withItemCount(model, { ...model.defaults, 'topology.kind': kind }, 'background', 2);
      v = { ...v, 'background[1].kind': 'http', 'background[1].count': 5 };
      const view = topologyView(model, v)!;
      expect(view.background.map((b) => [b.kind, b.senders, b.receivers])).toEqual([
        ['ftp', '10 FTP senders', 'FTP receivers'],
        ['http', 'web servers', '5 web users'],
      ]);
      expect(view.background[1].title).toMatch(/^Background group 2: 5 web users \(.+\), .+/);
    }
    expect(topologyView(model, model.defaults)!.background).toEqual([]);
  });

  it('draws a dumbbell with one access link per flow, each with its own delay, and RED on the bottleneck', () => {
    let v = withItemCount(model, { ...model.defaults, 'topology.kind': 'dumbbell' }, 'flows', 3);
    v = {
      ...v,
      'flows[2].access.delay_ms': 50,
      'topology.bottleneck.queue': 'red',
      'topology.bottleneck.rate_mbps': 0.005,
    };
    const view = topologyView(model, v)!;
    const access = view.links.find((l) => l.decl.id === 'access')!;
    expect(access.labels.map((l) => l.line)).toEqual(['100 Mb/s · 1 ms', '100 Mb/s · 1 ms', '100 Mb/s · 50 ms']);
    const bottleneck = view.links.find((l) => l.decl.id === 'bottleneck')!.labels[0];
    expect(bottleneck.line).toBe('5 kb/s · 14 ms');
    expect(bottleneck.queue).toBe('queue 100 RED');
  });

  it("a click on a flow's link edits that flow's parameters, and only the visible ones", () => {
    const v = withItemCount(model, { ...model.defaults, 'topology.kind': 'wireless_last_hop' }, 'flows', 2);
    const rules = visibilityRules(model.specs);
    const lastHop = topologyView(model, v)!.links.find((l) => l.decl.id === 'last_hop')!;
    const paths = linkParams(model, v, rules, lastHop.decl, 1).map((s) => s.path);
    expect(paths).toContain('flows[1].last_hop.rate_mbps');
    expect(paths).toContain('flows[1].channel.forward.p'); // the flow's channel lives on its last hop
    expect(paths).toContain('topology.last_hop.queue_packets');
    expect(paths.some((p) => p.startsWith('flows[0].'))).toBe(false);
    expect(paths).not.toContain('topology.last_hop.red.weight'); // drop-tail: RED's knobs hidden
  });

  it('formats rates from kb/s to Gb/s', () => {
    expect([formatRate(0.005), formatRate(2), formatRate(10000)]).toEqual(['5 kb/s', '2 Mb/s', '10 Gb/s']);
  });
});
