// The paper presets (public/presets/presets.json) against the REAL engine schema, loaded
// in Node from the engine's glue (wasm/dist/plab.mjs, `npm run build:wasm`, the same
// module the worker imports as 'plab-glue'): every preset decodes with no
// URL message, is written in the page's canonical form (so opening it and copying the
// link gives the same link), and sets up exactly the experiment it promises.
import type { PlabModule } from 'plab-glue';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestEngine } from '../testEngine';
import v1Links from './fixtures/v1-preset-links.json';
import type { EngineSchema } from '../../engine/types';
import { buildScenario, type ParamModel, type Values } from '../params/params';
import { checkPreset, parsePresets, withoutHidden, type Preset } from './presets';
import { presetSeedNote } from './presetSeeds';
import { withProtocol } from '../views';
import { SCENARIO_FORMAT } from '../../export/experimentExport';
import { doc, openPreset, presetById } from './presetTestSupport';
import { nodeModule, type NodeChildProcess, type NodeFs } from '../testNode';

let engine: PlabModule;
let model: ParamModel;
let schema: EngineSchema;

const str = (fn: string) => engine.UTF8ToString(engine.ccall(fn, 'number', [], []) as number);

// Node's modules for running the native CLI, typed as used here (the page's tsconfig
// has no Node types); loaded at run time.

beforeAll(async () => {
  ({ engine, schema, model } = await loadTestEngine());
});

const open = (p: Preset) => openPreset(model, p);
const byId = presetById;

describe('presets.json', () => {
  it('has the right shape: every preset valid, unique ids, at least the four papers', () => {
    const { presets, problems } = parsePresets(doc);
    expect(problems).toEqual([]);
    expect(presets.length).toBe(doc.presets.length);
    expect(presets.map((p) => p.id)).toEqual(
      expect.arrayContaining(['le-fig4', 'tcp-real-tokens', 'ng-chan-models', 'fall-floyd-drops']),
    );
    for (const p of presets) {
      expect(p.title.length, p.id).toBeGreaterThan(10);
      expect(p.caption.length, p.id).toBeGreaterThan(60);
    }
  });

  it('every preset decodes against the real schema with no message, and is canonical', () => {
    expect(schema.summary?.length).toBeGreaterThan(10);
    for (const p of parsePresets(doc).presets) {
      const c = checkPreset(model, p.hash);
      expect(c.messages, p.id).toEqual([]);
      expect(c.canonical, p.id).toBe(p.hash);
    }
  });

  it("checkPreset decodes a link once per model: the same answer object again, a new model's own answer", () => {
    const hash = parsePresets(doc).presets[0].hash;
    const first = checkPreset(model, hash);
    expect(checkPreset(model, hash)).toBe(first);
    const other = { ...model };
    const fresh = checkPreset(other, hash);
    expect(fresh).not.toBe(first);
    expect(fresh).toEqual(first);
  });

  it('every link a claim gives (the sweep of its reading, the experiment that explains it) decodes with no message, canonical', () => {
    const links = parsePresets(doc).presets.flatMap((p) =>
      (p.evidence?.claims ?? []).flatMap((c) =>
        [c.reading?.sweep, c.explain?.hash].filter((h): h is string => !!h).map((h) => [c.id, h]),
      ),
    );
    expect(links.length).toBeGreaterThan(20);
    for (const [id, hash] of links) {
      const c = checkPreset(model, hash);
      expect(c.messages, id).toEqual([]);
      expect(c.canonical, id).toBe(hash);
    }
  });

  it('every preset scenario is accepted by the engine, gives a finite summary, and the same natively as in WASM', async () => {
    // The native CLI (build/engine/plab, `npm run build:engine`) on the same scenario.
    const { existsSync, mkdtempSync, rmSync, writeFileSync } = await nodeModule<NodeFs>('node:fs');
    const { spawnSync } = await nodeModule<NodeChildProcess>('node:child_process');
    const native = new URL('../../../../build/engine/plab', import.meta.url).pathname;
    expect(existsSync(native), `${native}: run npm run build:engine`).toBe(true);
    // Scenario files go under the repo's build/ (where the CLI is), not a machine path.
    const tmp = mkdtempSync(new URL('../../../../build/plab-presets-', import.meta.url).pathname);
    let runs = 0;
    for (const p of parsePresets(doc).presets) {
      const { values, view } = open(p);
      // The sweep's first point (or the scenario as it is), with each protocol shown.
      const protos = view.view === 'live' ? [values['flows[0].protocol'] as string] : view.compare;
      for (const protocol of protos) {
        const v: Values = withProtocol(model, values, protocol);
        if (view.view === 'sweep') v[view.sweep.x] = view.sweep.from;
        // Validity, not results: the 500 s presets (TCP-ER) run their first 20 s here.
        if (Number(v['duration_s'] ?? 0) > 60) Object.assign(v, { duration_s: 20, 'metrics.start_s': 0 });
        const scenario = buildScenario(model, v);
        const ok = engine.ccall('plab_run_summary', 'number', ['string'], [scenario]);
        const result = JSON.parse(str('plab_result_json'));
        expect(ok, `${p.id} ${protocol}: ${JSON.stringify(result.errors)}`).toBe(1);
        expect(Number.isFinite(result.summary.goodput_mbps), p.id).toBe(true);
        const file = `${tmp}/scenario.json`;
        // In the current format, as the page exports it (an RRTP preset's tcp.* is not RRTP's).
        writeFileSync(file, JSON.stringify({ format: SCENARIO_FORMAT, ...JSON.parse(scenario) }));
        const run = spawnSync(native, ['run', file], { encoding: 'utf8', maxBuffer: 1 << 28 });
        expect(run.status, `${p.id} ${protocol}: ${run.stderr}`).toBe(0);
        expect(JSON.parse(run.stdout).summary, `${p.id} ${protocol}: native = WASM`).toEqual(result.summary);
        runs += 1;
      }
    }
    rmSync(tmp, { recursive: true, force: true });
    expect(runs).toBeGreaterThan(80); // every preset, every protocol it shows
  }, 120_000);
});

describe('links from before many flows (v=1)', () => {
  it('every preset link people shared as v=1 opens the experiment and view it always did', () => {
    expect(v1Links.links.length).toBeGreaterThanOrEqual(4);
    for (const old of v1Links.links) {
      expect(old.hash.startsWith('#v=1&'), old.id).toBe(true);
      const then = open({ ...byId(old.id), hash: old.hash });
      const asV2 = open({ ...byId(old.id), hash: old.v2 });
      expect(then.messages, old.id).toEqual([]);
      // The page writes v=3 now; these links have no RRTP flow, so v=3 changes only the version.
      expect(checkPreset(model, old.hash).canonical, old.id).toBe(old.v2.replace(/^#v=2&/, '#v=3&'));
      expect(buildScenario(model, then.values), old.id).toBe(buildScenario(model, asV2.values));
      expect(then.view, old.id).toEqual(asV2.view);
    }
  });
});

describe('parsePresets', () => {
  it('leaves out a preset with a missing field, a bad id or a duplicate, and says why', () => {
    const good = { id: 'a', title: 't', paper: 'p', section: 's', caption: 'c', hash: '#v=1' };
    const r = parsePresets({
      presets: [good, { ...good, title: '' }, { ...good, id: 'B C' }, good, { ...good, id: 'b', hash: 'v=1' }],
    });
    expect(r.presets).toEqual([good]);
    expect(r.problems).toEqual([
      'preset 2 has no title — left out',
      'preset 3: id "B C" must be lowercase letters, digits and dashes — left out',
      'preset 4: id "a" appears twice — left out',
      'preset "b": hash must start with "#" — left out',
    ]);
    expect(parsePresets(null).problems).toHaveLength(1);
    expect(parsePresets({ presets: 3 }).presets).toEqual([]);
  });

  it('ignores hide= when telling which preset is shown', () => {
    expect(withoutHidden('#v=2&view=sweep&hide=sack&sweep.k=3')).toBe('#v=2&view=sweep&sweep.k=3');
  });
});

// The generators of presets.json, as text: a caption is written there, not by hand.
const generators = import.meta.glob('../../../../scripts/*.py', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

describe('preset captions and notes', () => {
  it('never promise work for "a later issue", in presets.json or its generators', () => {
    expect(Object.keys(generators).length).toBeGreaterThan(3);
    for (const p of parsePresets(doc).presets)
      for (const text of [p.title, p.caption, ...(p.evidence?.claims ?? []).flatMap((c) => [c.text, c.if_not ?? ''])])
        expect(text, p.id).not.toMatch(/later issue|future issue|not yet implemented/i);
    for (const [file, text] of Object.entries(generators)) expect(text, file).not.toMatch(/later issue|future issue/i);
  });

  it("every preset's note says its seed count and the spread drawn", () => {
    for (const p of parsePresets(doc).presets) {
      const note = presetSeedNote(model, p.hash);
      const { view } = open(p);
      if (view.view === 'sweep') {
        expect(note, p.id).toContain(`${view.sweep.k} seed${view.sweep.k === 1 ? '' : 's'} per point`);
        if (view.sweep.k > 1) expect(note, p.id).toContain('95 % confidence interval');
        else expect(note, p.id).toContain('no spread');
      } else {
        expect(note, p.id).toMatch(/^1 (seed per protocol|run) \(seed \d+/);
        expect(note, p.id).toContain('no spread');
      }
    }
    expect(presetSeedNote(model, byId('le-fig4').hash)).toMatch(/^10 seeds per point \(seeds 1 to 10\)/);
  });
});
