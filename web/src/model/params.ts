// Parameters as the page sees them: the engine's schema declarations made concrete for
// flows[0], with their defaults, validation (same ranges and messages as the engine) and
// the mapping between a flat value map and the nested scenario JSON.
import type { EngineSchema, ParamDecl, ParamValue } from '../engine/types';
import { figuresFromSchema, type Figure } from './figures';

export type Values = Record<string, ParamValue>;

export interface ParamSpec {
  /** Concrete path, e.g. "flows[0].channel.forward.p". */
  path: string;
  /** Compact key used in the URL, e.g. "f0.channel.forward.p". */
  key: string;
  decl: ParamDecl;
  defaultValue: ParamValue;
}

export interface ParamModel {
  schemaVersion: number;
  specs: ParamSpec[];
  byPath: Map<string, ParamSpec>;
  byKey: Map<string, ParamSpec>;
  defaults: Values;
  /** The engine's default scenario (parsed); scenarios are built on top of it. */
  baseScenario: Record<string, unknown>;
  /** Problems found while reading the schema (shown to the user, not fatal). */
  problems: string[];
  /** The summary figures the engine declares (or the page's fallback list). */
  figures: Figure[];
}

const FLOW_PREFIX = 'flows[0].';
const FLOW_KEY_PREFIX = 'f0.';

export function concretePath(schemaPath: string): string {
  return schemaPath.replace(/flows\[\]/g, 'flows[0]');
}

export function urlKeyOf(path: string): string {
  return path.startsWith(FLOW_PREFIX) ? FLOW_KEY_PREFIX + path.slice(FLOW_PREFIX.length) : path;
}

type Segment = string | number;

export function splitPath(path: string): Segment[] {
  const out: Segment[] = [];
  for (const part of path.split('.')) {
    const m = /^([^[\]]+)((?:\[\d+\])*)$/.exec(part);
    if (!m) throw new Error(`bad parameter path "${path}"`);
    out.push(m[1]);
    for (const idx of m[2].matchAll(/\[(\d+)\]/g)) out.push(Number(idx[1]));
  }
  return out;
}

export function getAt(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const seg of splitPath(path)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[seg];
  }
  return cur;
}

export function setAt(obj: Record<string, unknown>, path: string, value: unknown): void {
  const segs = splitPath(path);
  let cur: Record<string | number, unknown> = obj;
  segs.forEach((seg, i) => {
    if (i === segs.length - 1) {
      cur[seg] = value;
      return;
    }
    let next = cur[seg];
    if (next === null || typeof next !== 'object') {
      next = typeof segs[i + 1] === 'number' ? [] : {};
      cur[seg] = next;
    }
    cur = next as Record<string | number, unknown>;
  });
}

// ---- validation ----------------------------------------------------------------------

export type Check = { ok: true; value: ParamValue } | { ok: false; message: string };

function fmt(n: number): string {
  return String(n);
}

export function rangeText(decl: ParamDecl): string {
  const { min, max } = decl;
  if (min !== undefined && max !== undefined) return `within [${fmt(min)}, ${fmt(max)}]`;
  if (min !== undefined) return `>= ${fmt(min)}`;
  if (max !== undefined) return `<= ${fmt(max)}`;
  return 'finite';
}

function inRange(decl: ParamDecl, n: number): boolean {
  return (decl.min === undefined || n >= decl.min) && (decl.max === undefined || n <= decl.max);
}

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function shown(raw: unknown): string {
  if (typeof raw === 'string') return JSON.stringify(raw);
  if (Array.isArray(raw)) return JSON.stringify(raw);
  return String(raw);
}

function checkNumber(path: string, decl: ParamDecl, raw: unknown): Check {
  const integer = decl.type === 'integer';
  const what = integer ? 'an integer' : 'a number';
  let n: number;
  if (typeof raw === 'number') n = raw;
  else if (typeof raw === 'string' && DECIMAL.test(raw.trim())) n = Number(raw.trim());
  else return { ok: false, message: `${path} must be ${what} ${rangeText(decl)}, got ${shown(raw)}` };
  if (!Number.isFinite(n)) return { ok: false, message: `${path} must be ${what} ${rangeText(decl)}, got ${shown(raw)}` };
  if (integer && !Number.isInteger(n))
    return { ok: false, message: `${path} must be an integer ${rangeText(decl)}, got ${fmt(n)}` };
  if (!inRange(decl, n)) return { ok: false, message: `${path} must be ${rangeText(decl)}, got ${fmt(n)}` };
  return { ok: true, value: n };
}

/** Validates a value against its declaration. `raw` may be a typed value or the text
 * form used in URLs and text boxes. Messages follow the engine's wording. */
export function checkValue(path: string, decl: ParamDecl, raw: unknown): Check {
  switch (decl.type) {
    case 'number':
    case 'integer':
      return checkNumber(path, decl, raw);
    case 'enum': {
      const options = decl.options ?? [];
      if (typeof raw === 'string' && options.includes(raw)) return { ok: true, value: raw };
      return { ok: false, message: `${path} must be one of ${options.join(', ')}, got ${shown(raw)}` };
    }
    case 'bool': {
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      if (raw === '1' || raw === 'true') return { ok: true, value: true };
      if (raw === '0' || raw === 'false') return { ok: true, value: false };
      return { ok: false, message: `${path} must be 0 or 1, got ${shown(raw)}` };
    }
    case 'int_list': {
      let items: unknown[];
      if (Array.isArray(raw)) items = raw;
      else if (typeof raw === 'string') items = raw.trim() === '' ? [] : raw.split(',').map((s) => s.trim());
      else items = [raw];
      const maxItems = typeof decl.max_items === 'number' && decl.max_items >= 0 ? decl.max_items : undefined;
      if (maxItems !== undefined && items.length > maxItems)
        return {
          ok: false,
          message: `${path} must be a list of at most ${maxItems} integers ${rangeText(decl)}, got ${items.length} items`,
        };
      const out: number[] = [];
      for (const item of items) {
        const c = checkNumber(path, { ...decl, type: 'integer' }, item);
        if (!c.ok)
          return {
            ok: false,
            message: `${path} must be a comma-separated list of integers ${rangeText(decl)}, got ${shown(raw)}`,
          };
        out.push(c.value as number);
      }
      return { ok: true, value: out };
    }
    default:
      return { ok: false, message: `${path} has a type this page does not know (${String(decl.type)})` };
  }
}

function fallbackDefault(decl: ParamDecl): ParamValue {
  switch (decl.type) {
    case 'enum':
      return decl.options?.[0] ?? '';
    case 'bool':
      return false;
    case 'int_list':
      return [];
    default:
      return decl.min ?? 0;
  }
}

export function sameValue(a: ParamValue | undefined, b: ParamValue | undefined): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => x === b[i]);
  return a === b;
}

// ---- the model -----------------------------------------------------------------------

/** Builds the page's parameter model from the engine's schema and default scenario. */
export function buildModel(schema: EngineSchema, defaultScenario: Record<string, unknown>): ParamModel {
  const specs: ParamSpec[] = [];
  const problems: string[] = [];
  const byPath = new Map<string, ParamSpec>();
  const byKey = new Map<string, ParamSpec>();
  for (const decl of schema.params ?? []) {
    if (!decl || typeof decl.path !== 'string') continue;
    const path = concretePath(decl.path);
    if (byPath.has(path)) continue;
    try {
      splitPath(path);
    } catch {
      problems.push(`schema parameter "${decl.path}" has a path this page cannot read; skipped`);
      continue;
    }
    // The default scenario is the engine's own word on defaults; the schema default
    // is the fallback when the scenario leaves the field out.
    let defaultValue: ParamValue | undefined;
    const fromScenario = getAt(defaultScenario, path);
    if (fromScenario !== undefined) {
      const c = checkValue(path, decl, fromScenario);
      if (c.ok) defaultValue = c.value;
      else problems.push(`engine default scenario: ${c.message}`);
    }
    if (defaultValue === undefined && decl.default !== undefined) {
      const c = checkValue(path, decl, decl.default);
      if (c.ok) defaultValue = c.value;
      else problems.push(`engine schema default: ${c.message}`);
    }
    const spec: ParamSpec = { path, key: urlKeyOf(path), decl, defaultValue: defaultValue ?? fallbackDefault(decl) };
    specs.push(spec);
    byPath.set(path, spec);
    byKey.set(spec.key, spec);
  }
  const defaults: Values = {};
  for (const s of specs) defaults[s.path] = s.defaultValue;
  return {
    schemaVersion: schema.version,
    specs,
    byPath,
    byKey,
    defaults,
    baseScenario: defaultScenario,
    problems,
    figures: figuresFromSchema(schema),
  };
}

/** The scenario JSON for a set of values: the engine's default scenario with every
 * changed value written at its path. Same values give the same bytes. */
export function buildScenario(model: ParamModel, values: Values): string {
  const scenario = structuredClone(model.baseScenario);
  for (const s of model.specs) {
    const v = values[s.path];
    if (v === undefined || sameValue(v, s.defaultValue)) continue;
    setAt(scenario, s.path, v);
  }
  return JSON.stringify(scenario);
}

// The order a lesson goes through the controls: what the sender is, what the path does
// to it, what the application sees, then the run itself. Groups the page does not
// know keep the schema's order, after these.
const GROUP_ORDER = ['tcp', 'protocol', 'forward channel', 'reverse channel', 'channel', 'path', 'application', 'run'];

/** Groups in lesson order (GROUP_ORDER), then in the order the schema names them;
 * inside a group, the schema's order. */
export function groupSpecs(specs: ParamSpec[]): { group: string; specs: ParamSpec[] }[] {
  const groups = new Map<string, ParamSpec[]>();
  for (const s of specs) {
    const g = s.decl.group || 'Other';
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g)!.push(s);
  }
  const rank = (g: string) => {
    const i = GROUP_ORDER.indexOf(g.toLowerCase());
    return i < 0 ? GROUP_ORDER.length : i;
  };
  return [...groups]
    .map(([group, list], i) => ({ group, specs: list, i }))
    .sort((a, b) => rank(a.group) - rank(b.group) || a.i - b.i)
    .map(({ group, specs: list }) => ({ group, specs: list }));
}
