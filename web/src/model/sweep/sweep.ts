// The sweep view's settings and their validation (messages name the field and the
// allowed range), per-point aggregation over seeds (mean, min–max, sd, 95 % interval:
// the engine's plab_sweep_aggregate gives the same bits, sweepPlan.test.ts) and how far
// each throughput model is from the measurement. The grid is the engine's (sweepPlan.ts).
import { FALLBACK_FIGURES, figureInfo, figureValue, type Figure } from '../run/figures';
import type { ParamSpec, ParamModel } from '../params/params';
import { aggregate, type Stats } from './stats';

export type SweepScale = 'linear' | 'log';

export interface SweepConfig {
  /** Concrete parameter path on x, e.g. "flows[0].channel.forward.p". */
  x: string;
  from: number;
  to: number;
  scale: SweepScale;
  /** Points on x. */
  n: number;
  /** Summary figure on y, e.g. "goodput_mbps". */
  y: string;
  /** Seeds per point. */
  k: number;
  /** 'protocol': one series per protocol of the compare list (cmp=); 'none': one series,
   * the scenario's own protocol. */
  by: SweepBy;
  /** Optional: the x values themselves, ascending (a paper's own unevenly spaced points,
   * e.g. TCP-Real's reverse loss rates 0.019, 0.098, ...), in place of the from..to grid;
   * from, to and n are then their first, last and count. Changing any of those drops it. */
  points?: number[];
}

export type SweepBy = 'none' | 'protocol';

export type SweepField = keyof SweepConfig;

export const N_RANGE: [number, number] = [2, 200];
export const K_RANGE: [number, number] = [1, 20];

/** The page's fallback list of numeric figures (the schema's `summary` is the source). */
export const SUMMARY_FIGURES: { key: string; label: string; unit: string }[] = FALLBACK_FIGURES;

/** Label and unit of a figure: from the schema's declarations when given. */
export function figureLabel(key: string, figures?: readonly Figure[]): { label: string; unit: string } {
  return figureInfo(figures, key);
}

/** x may be the number of flows: each run has that many, every added flow a copy of
 * the last (the engine's CLI sweep reads `--x flows` the same way). */
export const FLOW_COUNT_X = 'flows';

function flowCountSpec(model: ParamModel): ParamSpec | null {
  const flows = model.lists.find((l) => l.name === 'flows');
  if (!flows || flows.max <= flows.min) return null;
  return {
    path: FLOW_COUNT_X,
    key: FLOW_COUNT_X,
    decl: {
      path: FLOW_COUNT_X,
      label: 'Number of flows',
      type: 'integer',
      unit: '',
      min: flows.min,
      max: flows.max,
      help: 'Explicit flows, each added one a copy of the last',
    },
    defaultValue: flows.defaultItems,
  };
}

/** x may set one parameter of every flow after the first: "flows[1:]" and a flow's
 * parameter (the engine's sweep reads it so too, docs/engine-api.md "Sweeps"): the
 * competing streams move while flows[0], the one under study, stays (Ng & Chan §4.3
 * sweeps the TCP streams' side links beside one rate-based stream). */
export const LATER_FLOWS_X = 'flows[1:]';

/** The flows[1:] twin of one of flows[0]'s parameters. */
function laterFlowsSpec(first: ParamSpec): ParamSpec {
  const path = LATER_FLOWS_X + first.path.slice('flows[0]'.length);
  return {
    path,
    key: path,
    decl: { ...first.decl, path, label: `${first.decl.label ?? first.path}, every flow after the first` },
    defaultValue: first.defaultValue,
  };
}

/** Is x one parameter of every flow after the first? */
export function isLaterFlowsX(x: string): boolean {
  return x.startsWith(LATER_FLOWS_X + '.');
}

/** Parameters that can go on x: numbers and integers with a finite range (not the
 * seed, which the sweep sets itself), and the number of flows. Of the lists, flows[0]'s
 * parameters (the flow the sweep's protocol rule starts from) and, after all others,
 * each of them for every flow after the first; a background group's are left out, since
 * a link's sweep may name a group the experiment does not have. */
export function sweepableParams(model: ParamModel): ParamSpec[] {
  const params = model.specs.filter(
    (s) =>
      (s.list === undefined || s.list === 'flows') &&
      (s.decl.type === 'number' || s.decl.type === 'integer') &&
      s.path !== 'seed' &&
      Number.isFinite(s.decl.min) &&
      Number.isFinite(s.decl.max) &&
      (s.decl.max as number) > (s.decl.min as number),
  );
  const count = flowCountSpec(model);
  const later = params.filter((s) => s.list === 'flows' && s.index === 0).map(laterFlowsSpec);
  return [...params, ...(count ? [count] : []), ...later];
}

/** The spec of a sweep's x: a parameter, or the number of flows. */
export function xSpecOf(model: ParamModel, x: string): ParamSpec | undefined {
  if (x === FLOW_COUNT_X) return flowCountSpec(model) ?? undefined;
  if (isLaterFlowsX(x)) {
    const first = model.byPath.get('flows[0]' + x.slice(LATER_FLOWS_X.length));
    return first ? laterFlowsSpec(first) : undefined;
  }
  return model.byPath.get(x);
}

/** A loss-rate parameter: the throughput models are functions of the loss rate. */
export function isLossParam(path: string): boolean {
  return /\.(p|on_p)$/.test(path);
}

export const MODEL_CURVES = [
  { key: 'model_simple_mbps', label: 'simple (Mathis)' },
  { key: 'model_complex_mbps', label: 'complex (Padhye)' },
  { key: 'model_modified_mbps', label: 'modified (Ng & Chan)' },
] as const;

export function showsModels(cfg: Pick<SweepConfig, 'x' | 'y'>): boolean {
  return cfg.y === 'goodput_mbps' && isLossParam(cfg.x);
}

/** The default range for a parameter: its schema range, with a positive low end on a
 * log scale; the forward loss rate gets the range a lesson uses (0.1 % .. 5 %). */
export function defaultRange(spec: ParamSpec): { from: number; to: number; scale: SweepScale } {
  const min = spec.decl.min as number;
  const max = spec.decl.max as number;
  if (isLossParam(spec.path)) return { from: 0.001, to: Math.min(0.05, max), scale: 'log' };
  if (spec.decl.scale === 'log') {
    const lo = min > 0 ? min : max / 1000;
    // Sixteen-fold around the default keeps a run's cost near the live one.
    const d = typeof spec.defaultValue === 'number' && spec.defaultValue > 0 ? spec.defaultValue : lo;
    return { from: Math.max(lo, d / 4), to: Math.min(max, d * 4), scale: 'log' };
  }
  return { from: min, to: max, scale: 'linear' };
}

export function defaultSweep(model: ParamModel): SweepConfig {
  const params = sweepableParams(model);
  const spec = params.find((s) => s.path === 'flows[0].channel.forward.p') ?? params[0];
  const x = spec?.path ?? '';
  const r = spec ? defaultRange(spec) : { from: 0, to: 1, scale: 'linear' as const };
  return { x, ...r, n: 10, y: 'goodput_mbps', k: 3, by: 'none' };
}

// ---- validation ----------------------------------------------------------------------

export interface SweepError {
  field: SweepField;
  message: string;
}

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const FIGURE = /^[a-z][a-z0-9_]*$/;

function num(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw === 'string' && DECIMAL.test(raw.trim())) return Number(raw.trim());
  return null;
}

/** A link's value as a message quotes it: cut to 80 characters, since a link can carry
 * megabytes (the URL fuzzer's finding: a 1,600-character sweep.y came back whole). */
export function shown(raw: unknown): string {
  const text = typeof raw === 'string' ? JSON.stringify(raw) : String(raw);
  return text.length > 80 ? text.slice(0, 77) + '…' : text;
}

export type SweepInput = Partial<Record<SweepField, unknown>>;

/** Checks sweep settings given as values or text (URL, text boxes). Every field that
 * is wrong gets a message naming it and what is allowed; the config has the valid
 * fields, and `fallback`'s for the others. */
export function validateSweep(
  model: ParamModel,
  input: SweepInput,
  fallback: SweepConfig = defaultSweep(model),
  knownFigures: readonly string[] = (model.figures ?? SUMMARY_FIGURES).map((f) => f.key),
): { config: SweepConfig; errors: SweepError[] } {
  const errors: SweepError[] = [];
  const cfg: SweepConfig = { ...fallback };
  const params = sweepableParams(model);

  // x first: the range is checked against its schema range.
  let spec: ParamSpec | undefined = params.find((s) => s.path === cfg.x);
  if (input.x !== undefined) {
    const raw = String(input.x);
    const found = params.find((s) => s.path === raw || s.key === raw);
    if (found) {
      spec = found;
      cfg.x = found.path;
      if (found.path !== fallback.x) Object.assign(cfg, defaultRange(found)); // a new x: its own range
    } else {
      errors.push({
        field: 'x',
        message: `sweep x must be a number or integer parameter of the schema (e.g. flows[0].channel.forward.p), got ${shown(input.x)}`,
      });
    }
  }

  // The range before the link's from, to and scale: consistent (x's own range or the
  // fallback's), and what the config keeps when those three do not fit together.
  const range0 = { from: cfg.from, to: cfg.to, scale: cfg.scale };
  if (input.scale !== undefined) {
    if (input.scale === 'linear' || input.scale === 'log') cfg.scale = input.scale;
    else errors.push({ field: 'scale', message: `sweep scale must be linear or log, got ${shown(input.scale)}` });
  }

  const lo = spec?.decl.min ?? -Infinity;
  const hi = spec?.decl.max ?? Infinity;
  const rangeText = `within [${lo}, ${hi}] (the range of ${spec?.path ?? 'x'})`;
  for (const f of ['from', 'to'] as const) {
    if (input[f] === undefined) continue;
    const v = num(input[f]);
    if (v === null)
      errors.push({ field: f, message: `sweep ${f} must be a number ${rangeText}, got ${shown(input[f])}` });
    else if (v < lo || v > hi) errors.push({ field: f, message: `sweep ${f} must be ${rangeText}, got ${v}` });
    else cfg[f] = v;
  }
  const int = (field: 'n' | 'k', name: string, [a, b]: [number, number]) => {
    if (input[field] === undefined) return;
    const v = num(input[field]);
    if (v === null || !Number.isInteger(v) || v < a || v > b)
      errors.push({ field, message: `${name} must be an integer within [${a}, ${b}], got ${shown(input[field])}` });
    else cfg[field] = v;
  };
  int('n', 'sweep points N', N_RANGE);
  int('k', 'seeds per point K', K_RANGE);

  if (input.points !== undefined) {
    const raw = String(input.points)
      .split(',')
      .map((t) => t.trim());
    const list = raw.map((t) => (t === '' ? null : num(t)));
    const ok =
      list.length >= N_RANGE[0] &&
      list.length <= N_RANGE[1] &&
      list.every((v, i) => v !== null && v >= lo && v <= hi && (i === 0 || v > list[i - 1]!));
    if (!ok)
      errors.push({
        field: 'points',
        message: `sweep points must be ${N_RANGE[0]} to ${N_RANGE[1]} ascending numbers ${rangeText}, comma-separated, got ${shown(input.points)}`,
      });
    else {
      const pts = list as number[];
      Object.assign(cfg, { points: pts, from: pts[0], to: pts[pts.length - 1], n: pts.length });
    }
  } else if (
    cfg.points &&
    (cfg.from !== cfg.points[0] || cfg.to !== cfg.points[cfg.points.length - 1] || cfg.n !== cfg.points.length)
  ) {
    // The range was changed: the evenly spaced grid of the new range replaces the list.
    delete cfg.points;
  }

  // Cross-field checks on what was applied, explicit points included: a range that does
  // not fit its scale falls back whole (the URL fuzzer found links whose "using default"
  // kept from = 0 on a log scale, once through the points list, so the page's own link
  // was refused when read again).
  let cross: SweepError | null = null;
  if (cfg.from === cfg.to) cross = { field: 'to', message: `sweep to must differ from from (${cfg.from})` };
  else if (cfg.scale === 'log' && (cfg.from <= 0 || cfg.to <= 0))
    cross = {
      field: cfg.from <= 0 ? 'from' : 'to',
      message: `a log sweep needs from and to above 0 (within (0, ${hi}]), got ${cfg.from <= 0 ? cfg.from : cfg.to}`,
    };
  if (cross) {
    if (!errors.some((e) => e.field === 'from' || e.field === 'to' || e.field === 'points')) errors.push(cross);
    Object.assign(cfg, range0);
    delete cfg.points;
  }

  if (input.by !== undefined) {
    if (input.by === 'none' || input.by === 'protocol') cfg.by = input.by;
    else errors.push({ field: 'by', message: `sweep by must be protocol or none, got ${shown(input.by)}` });
  }

  if (input.y !== undefined) {
    const y = String(input.y);
    if (knownFigures.includes(y) || (FIGURE.test(y) && y.length <= 64)) cfg.y = y;
    else
      errors.push({
        field: 'y',
        message: `sweep y must be a numeric summary figure (e.g. goodput_mbps), got ${shown(input.y)}`,
      });
  }
  return { config: cfg, errors };
}

// ---- the grid ------------------------------------------------------------------------
// The x values, seeds and scenarios of a sweep are the engine's (sweepPlan.ts,
// plab_sweep_plan): the same as `plab sweep` runs, by one set of rules.

/** Seeds for k runs of one scenario (the validation page's reference checks): the
 * scenario's seed, then the next ones, wrapping as the engine's sweep plan does. */
export function sweepSeeds(baseSeed: number, k: number): number[] {
  const MAX = 4294967295;
  return Array.from({ length: k }, (_, j) => (baseSeed + j) % (MAX + 1));
}

export interface SweepPoint extends Stats {
  x: number;
  /** Runs finished at this point (some may have no value for y). */
  runs: number;
}

type SummaryLike = Record<string, unknown> | null | undefined;

/** One point per x with at least one finished run that has a value for y: a null
 * figure (no value in that run) is skipped, and `n` counts the values aggregated. */
export function sweepPoints(
  grid: readonly number[],
  summaries: readonly (readonly SummaryLike[])[],
  y: string,
): SweepPoint[] {
  const out: SweepPoint[] = [];
  grid.forEach((x, i) => {
    const runs = (summaries[i] ?? []).filter((s) => s != null);
    const st = aggregate(runs.map((s) => figureValue(s as Record<string, unknown>, y)));
    if (st) out.push({ x, runs: runs.length, ...st });
  });
  return out;
}

/** One series of a sweep: a protocol's runs (by protocol), or the scenario's own. */
export interface SweepSeriesRuns {
  /** The protocol this series runs, or null when the scenario's protocol is kept. */
  protocol: string | null;
  /** summaries[point][seed]: undefined = not run yet, null = the run failed. */
  summaries: SummaryLike[][];
}

export interface SweepLine {
  key: string;
  protocol: string | null;
  points: SweepPoint[];
}

/** The points of every series for figure y (hidden protocols left out). */
export function sweepLines(
  grid: readonly number[],
  series: readonly SweepSeriesRuns[],
  y: string,
  hidden: readonly string[] = [],
): SweepLine[] {
  return series
    .filter((s) => s.protocol === null || !hidden.includes(s.protocol))
    .map((s) => ({ key: s.protocol ?? 'measured', protocol: s.protocol, points: sweepPoints(grid, s.summaries, y) }));
}

/** The protocols a sweep draws one series each for (null: a single series). */
export function sweepProtocols(cfg: Pick<SweepConfig, 'by'>, compare: readonly string[]): string[] | null {
  return cfg.by === 'protocol' && compare.length > 0 ? [...compare] : null;
}

// ---- model error ---------------------------------------------------------------------

export interface ModelError {
  /** Mean of |model − measured| / measured over the points, as a fraction. */
  mare: number;
  /** Largest of those relative errors. */
  maxRel: number;
  /** Mean of (model − measured) / measured: > 0 when the model overestimates. */
  bias: number;
  /** Points compared (measured > 0 and both finite). */
  n: number;
}

/** How far a model is from the measured means, point by point. */
export function modelError(measured: readonly number[], model: readonly number[]): ModelError | null {
  let sumAbs = 0;
  let sum = 0;
  let maxRel = 0;
  let n = 0;
  for (let i = 0; i < Math.min(measured.length, model.length); i++) {
    const y = measured[i];
    const m = model[i];
    if (!Number.isFinite(y) || !Number.isFinite(m) || !(y > 0)) continue;
    const rel = (m - y) / y;
    sumAbs += Math.abs(rel);
    sum += rel;
    maxRel = Math.max(maxRel, Math.abs(rel));
    n++;
  }
  return n ? { mare: sumAbs / n, maxRel, bias: sum / n, n } : null;
}
