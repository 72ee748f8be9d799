import { describe, expect, it } from 'vitest';
import type { EngineSchema, ParamDecl } from '../engine/types';
import { buildModel } from '../model/params/params';
import { TEST_DEFAULT_SCENARIO, TEST_SCHEMA } from '../model/testSchema';
import { decodeHash, encodeHash } from './codec';

// The test schema with RRTP and the two blocks of timer bounds, as the engine declares them.
const bound = (block: string, name: string, min: number, max: number, def: number): ParamDecl => ({
  path: `flows[].${block}.${name}`,
  label: name,
  group: block,
  type: 'number',
  unit: 'ms',
  min,
  max,
  default: def,
});
const schema: EngineSchema = {
  ...TEST_SCHEMA,
  params: [
    ...TEST_SCHEMA.params.map((p) =>
      p.path === 'flows[].protocol' ? { ...p, options: [...(p.options ?? []), 'rrtp'] } : p,
    ),
    ...['tcp', 'rrtp'].flatMap((b) => [
      bound(b, 'min_rto_ms', 1, 60000, 1000),
      bound(b, 'initial_rto_ms', 1, 60000, 1000),
      bound(b, 'max_rto_ms', 100, 600000, 60000),
    ]),
  ],
};
const scenario = {
  ...TEST_DEFAULT_SCENARIO,
  flows: [
    {
      ...TEST_DEFAULT_SCENARIO.flows[0],
      tcp: { min_rto_ms: 1000, initial_rto_ms: 1000, max_rto_ms: 60000 },
      rrtp: { min_rto_ms: 1000, initial_rto_ms: 1000, max_rto_ms: 60000 },
    },
  ],
};
const model = buildModel(schema, scenario);

describe('links older than v=3: an RRTP flow timed by tcp.*_rto_ms', () => {
  it('a v=2 link copies tcp.*_rto_ms into rrtp.*_rto_ms on its RRTP flows, keeps tcp.*, and is rewritten as v=3', () => {
    const d = decodeHash(
      model,
      '#v=2&flows=2&f0.protocol=rrtp&f0.tcp.min_rto_ms=200&f0.tcp.initial_rto_ms=3000&f0.tcp.max_rto_ms=64000' +
        '&f1.protocol=reno&f1.tcp.min_rto_ms=300',
    );
    expect(d.messages).toEqual([]);
    expect(d.values).toMatchObject({
      'flows[0].rrtp.min_rto_ms': 200,
      'flows[0].rrtp.initial_rto_ms': 3000,
      'flows[0].rrtp.max_rto_ms': 64000,
      'flows[0].tcp.min_rto_ms': 200,
      'flows[0].tcp.initial_rto_ms': 3000,
      'flows[0].tcp.max_rto_ms': 64000,
      // Not RRTP: its TCP timer is its own, nothing to copy.
      'flows[1].tcp.min_rto_ms': 300,
      'flows[1].rrtp.min_rto_ms': 1000,
    });
    expect(encodeHash(model, d.values)).toBe(
      '#v=3&flows=2&f0.protocol=rrtp&f0.tcp.min_rto_ms=200&f0.tcp.initial_rto_ms=3000&f0.tcp.max_rto_ms=64000' +
        '&f0.rrtp.min_rto_ms=200&f0.rrtp.initial_rto_ms=3000&f0.rrtp.max_rto_ms=64000' +
        '&f1.protocol=reno&f1.tcp.min_rto_ms=300',
    );
  });

  it('keeps an RRTP bound the link sets itself, and copies only the bounds it does not', () => {
    const d = decodeHash(
      model,
      '#v=2&f0.protocol=rrtp&f0.tcp.min_rto_ms=200&f0.tcp.initial_rto_ms=3000&f0.rrtp.min_rto_ms=500',
    );
    expect(d.values['flows[0].rrtp.min_rto_ms']).toBe(500);
    expect(d.values['flows[0].rrtp.initial_rto_ms']).toBe(3000);
    expect(d.values['flows[0].rrtp.max_rto_ms']).toBe(60000);
  });

  it('copies nothing from a bad tcp value (the default stands, and the message says so)', () => {
    const d = decodeHash(model, '#v=2&f0.protocol=rrtp&f0.tcp.min_rto_ms=0');
    expect(d.values['flows[0].rrtp.min_rto_ms']).toBe(1000);
    expect(d.messages.map((m) => m.path)).toEqual(['flows[0].tcp.min_rto_ms']);
  });

  it('a v=1 link passes through v=2 to v=3: the same experiment as the v=3 link', () => {
    const v1 = decodeHash(model, '#v=1&seed=7&f0.protocol=rrtp&f0.tcp.min_rto_ms=200');
    const v3 = decodeHash(model, '#v=3&seed=7&f0.protocol=rrtp&f0.tcp.min_rto_ms=200&f0.rrtp.min_rto_ms=200');
    expect(v1.messages).toEqual([]);
    expect(v1.values).toEqual(v3.values);
    expect(encodeHash(model, v1.values)).toBe(
      '#v=3&seed=7&f0.protocol=rrtp&f0.tcp.min_rto_ms=200&f0.rrtp.min_rto_ms=200',
    );
  });

  it('a v=3 link, or one without a version (read as v=3), is not migrated', () => {
    for (const v of ['v=3&', '']) {
      const d = decodeHash(model, `#${v}f0.protocol=rrtp&f0.tcp.min_rto_ms=200`);
      expect(d.values['flows[0].tcp.min_rto_ms']).toBe(200);
      expect(d.values['flows[0].rrtp.min_rto_ms']).toBe(1000);
    }
  });
});
