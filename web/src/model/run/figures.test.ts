// Summary figures from the schema's `summary` declarations, null figures (no value in
// that run) and the sweep by protocol: its URL round trip and its aggregation.
import { describe, expect, it } from 'vitest';
import { noValueNote } from '../../components/Summary';
import { formatNumber } from '../../components/Summary';
import type { EngineSchema, RunSummary } from '../../engine/types';
import {
  FALLBACK_FIGURES,
  figureInfo,
  figureTitle,
  figuresFromSchema,
  figureValue,
  numericFigureKeys,
} from './figures';
import { buildModel } from '../params/params';
import { sweepLines, sweepPoints, sweepProtocols, validateSweep } from '../sweep/sweep';
import { TEST_DEFAULT_SCENARIO, TEST_SCHEMA } from '../testSchema';
import { encodeHash, decodeHash } from '../../url/codec';
import { defaultViewState, toggleHidden, type ViewState } from '../views';
import { decodeViewParams, encodeViewParams } from '../../url/viewParams';

const SUMMARY_DECLS: EngineSchema['summary'] = [
  { name: 'protocol', label: 'Protocol', unit: '', help: "The flow's protocol", numeric: false },
  { name: 'goodput_mbps', label: 'Goodput', unit: 'Mb/s', help: 'Bytes delivered in order x 8 / time', numeric: true },
  {
    name: 'connection_time_s',
    label: 'Connection time',
    unit: 's',
    help: 'Until the last byte was acknowledged',
    numeric: true,
  },
  {
    name: 'recovery_duration_s',
    label: 'Recovery duration',
    unit: 's',
    help: 'First loss to every lost segment delivered',
    numeric: true,
  },
  {
    name: 'mean_tokens_per_rtt',
    label: 'Tokens per RTT',
    unit: 'tokens',
    help: 'Tokens consumed per RTT, mean',
    numeric: true,
  },
];
const SCHEMA: EngineSchema = {
  ...TEST_SCHEMA,
  params: TEST_SCHEMA.params.map((p) =>
    p.path === 'flows[].protocol' ? { ...p, options: ['tahoe', 'reno', 'newreno', 'sack', 'fack'] } : p,
  ),
  summary: SUMMARY_DECLS,
};

describe('figures from the schema', () => {
  const model = buildModel(SCHEMA, TEST_DEFAULT_SCENARIO);

  it('takes label, unit and help from the declarations, numeric ones for menus', () => {
    expect(model.figures.map((f) => f.key)).toEqual(SUMMARY_DECLS!.map((d) => d.name));
    expect(figureInfo(model.figures, 'recovery_duration_s')).toMatchObject({
      label: 'Recovery duration',
      unit: 's',
      help: expect.stringMatching(/lost segment/),
    });
    expect(figureTitle(figureInfo(model.figures, 'goodput_mbps'))).toBe('Goodput (Mb/s)');
    expect(numericFigureKeys(model.figures)).toEqual([
      'goodput_mbps',
      'connection_time_s',
      'recovery_duration_s',
      'mean_tokens_per_rtt',
    ]);
    // A number a result carries but the schema does not declare is still offered.
    expect(numericFigureKeys(model.figures, { goodput_mbps: 1, brand_new: 2, protocol: 'reno' } as RunSummary)).toEqual(
      ['goodput_mbps', 'connection_time_s', 'recovery_duration_s', 'mean_tokens_per_rtt', 'brand_new'],
    );
  });

  it('falls back to the page list for an older schema, and to the key for an unknown figure', () => {
    expect(figuresFromSchema(TEST_SCHEMA)).toBe(FALLBACK_FIGURES);
    expect(buildModel(TEST_SCHEMA, TEST_DEFAULT_SCENARIO).figures).toBe(FALLBACK_FIGURES);
    expect(figureInfo(model.figures, 'timeouts')).toMatchObject({ label: 'Timeouts' }); // from the fallback list
    expect(figureInfo(model.figures, 'zz_new_thing')).toMatchObject({ label: 'zz new thing', unit: '' });
    expect(
      figuresFromSchema({
        summary: [{ name: 'Bad Name' }, { name: 'ok_one' }, { name: 'ok_one' }] as EngineSchema['summary'],
      }),
    ).toEqual([{ key: 'ok_one', label: 'ok one', unit: '', help: undefined, numeric: true }]);
  });

  it('a null figure has no value: "—", a note, and the sweep accepts it as y', () => {
    const s: RunSummary = {
      goodput_mbps: 9.1,
      connection_time_s: null,
      mean_tokens_per_rtt: null,
      recovery_duration_s: null,
      completed: false,
    };
    expect(figureValue(s, 'goodput_mbps')).toBe(9.1);
    for (const k of ['connection_time_s', 'mean_tokens_per_rtt', 'recovery_duration_s', 'missing', 'completed'])
      expect(figureValue(s, k)).toBeNull();
    expect(formatNumber(s.connection_time_s, 2)).toBe('—');
    expect(noValueNote('connection_time_s', s)).toBe('not completed');
    expect(noValueNote('mean_tokens_per_rtt', s)).toBe('no token bucket');
    expect(noValueNote('recovery_duration_s', s)).toBe('window-drop experiment only');
    expect(validateSweep(model, { y: 'recovery_duration_s' }).errors).toEqual([]);
  });
});

describe('sweep aggregation skips null figures', () => {
  it('counts n per point: the runs with a value, not the runs', () => {
    const grid = [1, 2, 3];
    const summaries = [
      [{ recovery_duration_s: 0.1 }, { recovery_duration_s: 0.3 }, { recovery_duration_s: null }],
      [{ recovery_duration_s: null }, { recovery_duration_s: null }, null],
      [{ recovery_duration_s: 0.5 }, undefined, { recovery_duration_s: 'x' }],
    ];
    const pts = sweepPoints(grid, summaries, 'recovery_duration_s');
    expect(pts.map((p) => [p.x, p.n, p.runs])).toEqual([
      [1, 2, 3],
      [3, 1, 2],
    ]);
    expect(pts[0].mean).toBeCloseTo(0.2);
    expect(pts[0]).toMatchObject({ min: 0.1, max: 0.3 });
  });

  it('aggregates each protocol on its own and leaves hidden ones out', () => {
    const grid = [8, 16];
    const run = (v: (number | null)[][]) => v.map((row) => row.map((x) => ({ recovery_duration_s: x })));
    const series = [
      {
        protocol: 'newreno',
        summaries: run([
          [0.36, 0.41],
          [0.47, 0.47],
        ]),
      },
      {
        protocol: 'sack',
        summaries: run([
          [0.1, 0.1],
          [0.17, null],
        ]),
      },
      {
        protocol: 'fack',
        summaries: run([
          [0.1, 0.1],
          [0.16, 0.1],
        ]),
      },
    ];
    const lines = sweepLines(grid, series, 'recovery_duration_s', ['sack']);
    expect(lines.map((l) => l.key)).toEqual(['newreno', 'fack']);
    const at16 = (k: string) => lines.find((l) => l.key === k)!.points.find((p) => p.x === 16)!;
    expect(at16('fack').mean).toBeCloseTo(0.13);
    expect(at16('fack').mean).toBeLessThan(at16('newreno').mean);
    const sack = sweepLines(grid, series, 'recovery_duration_s')[1];
    expect(sack.points[1]).toMatchObject({ n: 1, runs: 2, mean: 0.17 });
    // A single series (not by protocol) is never hidden.
    expect(
      sweepLines(grid, [{ protocol: null, summaries: run([[1], [2]]) }], 'recovery_duration_s', ['sack'])[0].key,
    ).toBe('measured');
  });

  it('draws one series per compared protocol only when sweeping by protocol', () => {
    expect(sweepProtocols({ by: 'none' }, ['reno', 'sack'])).toBeNull();
    expect(sweepProtocols({ by: 'protocol' }, ['reno', 'sack'])).toEqual(['reno', 'sack']);
  });
});

describe('sweep by protocol in the URL', () => {
  const model = buildModel(SCHEMA, TEST_DEFAULT_SCENARIO);

  it('writes sweep.by=protocol with cmp= and hide=, and reads the same state back', () => {
    const def = defaultViewState(model);
    const v: ViewState = {
      view: 'sweep',
      compare: ['reno', 'newreno', 'sack', 'fack'],
      hidden: ['sack'],
      sweep: {
        ...def.sweep,
        x: 'duration_s',
        from: 1,
        to: 31,
        scale: 'linear',
        n: 31,
        y: 'recovery_duration_s',
        k: 10,
        by: 'protocol',
      },
    };
    const hash = encodeHash(model, model.defaults, encodeViewParams(model, v));
    expect(hash).toBe(
      '#v=3&view=sweep&cmp=reno,newreno,sack,fack&hide=sack&sweep.x=duration_s&sweep.from=1&sweep.to=31&sweep.scale=linear&sweep.n=31&sweep.y=recovery_duration_s&sweep.k=10&sweep.by=protocol',
    );
    const d = decodeHash(model, hash);
    const back = decodeViewParams(model, d.viewPairs);
    expect(back.messages).toEqual([]);
    expect(back.state).toEqual(v);
    // Showing SACK again (legend click) removes hide= and keeps the rest.
    const shown = { ...v, hidden: toggleHidden(v.hidden, 'sack', v.compare) };
    expect(encodeViewParams(model, shown)).not.toContain('hide=');
  });

  it('leaves sweep.by out when it is the default, so older links read the same', () => {
    const def = defaultViewState(model);
    expect(encodeViewParams(model, { ...def, view: 'sweep' }).some((p) => p.startsWith('sweep.by'))).toBe(false);
    const r = decodeViewParams(model, [['sweep.by', 'flow']]);
    expect(r.messages.map((m) => m.text)).toEqual(['sweep by must be protocol or none, got "flow" — using default']);
    expect(r.state.sweep.by).toBe('none');
  });
});
