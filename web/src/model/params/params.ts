// Parameters as the page sees them: the engine's schema declarations made concrete,
// with their defaults, and the mapping between a flat value map and the nested
// scenario JSON. Values are checked in valueCheck.ts; lists are edited in listEdits.ts.
//
// Two lists hold items of one shape (schema `lists`): `flows` (flows[0], flows[1], ...)
// and `background` (background[0], ...). A value map holds every concrete path of
// every item there is, plus the item counts under the list names:
//   { seed: 1, flows: 2, 'flows[0].protocol': 'reno', 'flows[1].protocol': 'cubic', background: 0, ... }
import type {
  ConstraintDecl,
  ContestSetDecl,
  EngineSchema,
  ParamDecl,
  ParamValue,
  PanelDecl,
  ProtocolDecl,
  SeriesDecl,
  TopologyDecl,
} from '../../engine/types';
import { figuresFromSchema, type Figure } from '../run/figures';
import { checkValue, fallbackDefault, sameValue } from './valueCheck';

export type Values = Record<string, ParamValue>;

export interface ParamSpec {
  /** Concrete path, e.g. "flows[2].channel.forward.p". */
  path: string;
  /** Compact key used in the URL, e.g. "f2.channel.forward.p". */
  key: string;
  decl: ParamDecl;
  defaultValue: ParamValue;
  /** The list item this parameter belongs to, if any. */
  list?: string;
  index?: number;
}

export interface ListInfo {
  name: string;
  label: string;
  min: number;
  max: number;
  defaultItems: number;
  /** The URL's short prefix of an item's keys: f2.x for flows[2].x, b0.x for background[0].x. */
  keyPrefix: string;
  /** The URL key of the item count (flows=3, bg=2). */
  countKey: string;
}

/** Looks specs up by path or by URL key, building item specs (flows[7].x) on demand. */
export class SpecIndex {
  private readonly cache = new Map<string, ParamSpec>();
  constructor(private readonly resolve: (id: string) => ParamSpec | undefined) {}
  put(id: string, spec: ParamSpec): void {
    this.cache.set(id, spec);
  }
  get(id: string): ParamSpec | undefined {
    const hit = this.cache.get(id);
    if (hit) return hit;
    const spec = this.resolve(id);
    if (spec) this.cache.set(id, spec);
    return spec;
  }
  has(id: string): boolean {
    return this.get(id) !== undefined;
  }
}

export interface ParamModel {
  schemaVersion: number;
  lists: ListInfo[];
  /** Parameters outside the lists, in schema order. */
  scalarSpecs: ParamSpec[];
  /** Each list's parameters for item 0 (the templates every item follows), schema order. */
  itemSpecs: Record<string, ParamSpec[]>;
  /** The scalars and item 0 of every list: what controls and rules are built from. */
  specs: ParamSpec[];
  byPath: SpecIndex;
  byKey: SpecIndex;
  /** The defaults of the scenario the engine starts from (one flow, no background). */
  defaults: Values;
  /** The engine's default scenario (parsed); scenarios are built on top of it. */
  baseScenario: Record<string, unknown>;
  /** Problems found while reading the schema (shown to the user, not fatal). */
  problems: string[];
  /** The summary figures the engine declares (or the page's fallback list). */
  figures: Figure[];
  /** The engine's transport registry (names, labels, what each reports). */
  protocols: ProtocolDecl[];
  /** The series a run may report. */
  seriesDecls: SeriesDecl[];
  /** The charts the engine declares (charts/panels.ts builds them). */
  panelDecls: PanelDecl[];
  /** What each topology.kind looks like, link by link. */
  topologies: TopologyDecl[];
  /** Rules between parameters, the engine's own (model/params/crossField.ts checks them). */
  constraints: ConstraintDecl[];
  /** The contest's sets (the engine's; none from an older engine). */
  contests: ContestSetDecl[];
  /** The languages text parameters are written in (program/languageDecl.ts reads them). */
  languages: Record<string, unknown>;
}

const KNOWN_LISTS: Record<string, { keyPrefix: string; countKey: string }> = {
  flows: { keyPrefix: 'f', countKey: 'flows' },
  background: { keyPrefix: 'b', countKey: 'bg' },
};

/** "flows[3].x" -> { list: 'flows', index: 3, rest: '.x' }. */
export function splitItem(path: string): { list: string; index: number; rest: string } | null {
  const m = /^([a-z][a-z0-9_]*)\[(\d+)\](.*)$/.exec(path);
  return m ? { list: m[1], index: Number(m[2]), rest: m[3] } : null;
}

export function itemPath(list: string, index: number, rest: string): string {
  return `${list}[${index}]${rest}`;
}

/** A schema path with `flows[]` made concrete for item `index`. */
export function concretePath(schemaPath: string, index = 0): string {
  return schemaPath.replace(/^([a-z][a-z0-9_]*)\[\]/, `$1[${index}]`);
}

/** The same parameter of item 0 ("flows[3].x" -> "flows[0].x"): its template. */
export function templatePath(path: string): string {
  const it = splitItem(path);
  return it ? itemPath(it.list, 0, it.rest) : path;
}

export function urlKeyOf(path: string, lists: readonly ListInfo[] = []): string {
  const it = splitItem(path);
  if (!it) return path;
  const prefix = lists.find((l) => l.name === it.list)?.keyPrefix ?? KNOWN_LISTS[it.list]?.keyPrefix;
  return prefix ? `${prefix}${it.index}${it.rest}` : path;
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

// ---- the model -----------------------------------------------------------------------

function listsFromSchema(schema: EngineSchema): ListInfo[] {
  const declared = Array.isArray(schema.lists) ? schema.lists : [];
  const lists: ListInfo[] = declared
    .filter((l) => l && typeof l.name === 'string' && KNOWN_LISTS[l.name])
    .map((l) => ({
      name: l.name,
      label: l.label ?? l.name,
      min: Number.isInteger(l.min_items) ? l.min_items : 0,
      max: Number.isInteger(l.max_items) ? l.max_items : 1,
      defaultItems: Number.isInteger(l.default_items) ? l.default_items : 0,
      ...KNOWN_LISTS[l.name],
    }));
  // A schema from before lists (version 1) has exactly one flow.
  if (!lists.some((l) => l.name === 'flows'))
    lists.unshift({ name: 'flows', label: 'Flows', min: 1, max: 1, defaultItems: 1, ...KNOWN_LISTS.flows });
  return lists;
}

/** Builds the page's parameter model from the engine's schema and default scenario. */
export function buildModel(schema: EngineSchema, defaultScenario: Record<string, unknown>): ParamModel {
  const lists = listsFromSchema(schema);
  const problems: string[] = [];
  const scalarSpecs: ParamSpec[] = [];
  const itemSpecs: Record<string, ParamSpec[]> = Object.fromEntries(lists.map((l) => [l.name, []]));
  const templates = new Map<string, ParamSpec>(); // item-0 path -> spec
  const seen = new Set<string>();
  for (const decl of schema.params ?? []) {
    if (!decl || typeof decl.path !== 'string') continue;
    const path = concretePath(decl.path);
    if (seen.has(path)) continue;
    try {
      splitPath(path);
    } catch {
      problems.push(`schema parameter "${decl.path}" has a path this page cannot read; skipped`);
      continue;
    }
    const item = splitItem(path);
    if (item && !itemSpecs[item.list]) {
      problems.push(`schema parameter "${decl.path}" belongs to a list this page does not know; skipped`);
      continue;
    }
    seen.add(path);
    // The default scenario is the engine's own word on defaults (it holds flows[0]);
    // the schema default is the fallback for what it leaves out (background items).
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
    const spec: ParamSpec = {
      path,
      key: urlKeyOf(path, lists),
      decl,
      defaultValue: defaultValue ?? fallbackDefault(decl),
      ...(item ? { list: item.list, index: 0 } : {}),
    };
    if (item) {
      itemSpecs[item.list].push(spec);
      templates.set(path, spec);
    } else {
      scalarSpecs.push(spec);
    }
  }
  const forItem = (path: string): ParamSpec | undefined => {
    const it = splitItem(path);
    if (!it) return undefined;
    const list = lists.find((l) => l.name === it.list);
    const template = templates.get(itemPath(it.list, 0, it.rest));
    if (!list || !template || it.index >= list.max) return undefined;
    return { ...template, path, key: urlKeyOf(path, lists), index: it.index };
  };
  const specs = [...scalarSpecs, ...lists.flatMap((l) => itemSpecs[l.name])];
  const byPath = new SpecIndex(forItem);
  const byKey = new SpecIndex((key) => {
    const m = /^([a-z])(\d+)(\..+)$/.exec(key);
    const list = m ? lists.find((l) => l.keyPrefix === m[1]) : undefined;
    return list && m ? forItem(itemPath(list.name, Number(m[2]), m[3])) : undefined;
  });
  for (const s of specs) {
    byPath.put(s.path, s);
    byKey.put(s.key, s);
  }
  const defaults: Values = {};
  for (const s of scalarSpecs) defaults[s.path] = s.defaultValue;
  for (const l of lists) {
    defaults[l.name] = l.defaultItems;
    for (let i = 0; i < l.defaultItems; i++) {
      for (const s of itemSpecs[l.name])
        defaults[itemPath(l.name, i, s.path.slice(`${l.name}[0]`.length))] = s.defaultValue;
    }
  }
  return {
    schemaVersion: schema.version,
    lists,
    scalarSpecs,
    itemSpecs,
    specs,
    byPath,
    byKey,
    defaults,
    baseScenario: defaultScenario,
    problems,
    figures: figuresFromSchema(schema),
    protocols: protocolsFromSchema(schema),
    seriesDecls: Array.isArray(schema.series) ? schema.series : [],
    panelDecls: Array.isArray(schema.panels) ? schema.panels : [],
    topologies: Array.isArray(schema.topologies) ? schema.topologies : [],
    constraints: Array.isArray(schema.constraints) ? schema.constraints : [],
    contests: Array.isArray(schema.contests) ? schema.contests : [],
    languages: schema.languages && typeof schema.languages === 'object' ? schema.languages : {},
  };
}

/** The registry's protocols; a schema without them (version 1) has the protocol enum. */
function protocolsFromSchema(schema: EngineSchema): ProtocolDecl[] {
  if (Array.isArray(schema.protocols) && schema.protocols.length) return schema.protocols;
  const decl = (schema.params ?? []).find((p) => p && p.path === 'flows[].protocol');
  const options = decl?.options ?? [];
  const labels =
    Array.isArray(decl?.option_labels) && decl!.option_labels!.length === options.length
      ? decl!.option_labels!
      : options;
  return options.map((name, i) => ({ name, label: labels[i] }));
}

export function listInfo(model: ParamModel, name: string): ListInfo | undefined {
  return model.lists.find((l) => l.name === name);
}

/** Items in a list under these values. */
export function itemCount(model: ParamModel, values: Values, list: string): number {
  const info = listInfo(model, list);
  const v = values[list];
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  return info?.defaultItems ?? 0;
}

/** The specs of one item, in schema order. */
export function specsOfItem(model: ParamModel, list: string, index: number): ParamSpec[] {
  return (model.itemSpecs[list] ?? []).map((t) =>
    model.byPath.get(itemPath(list, index, t.path.slice(`${list}[0]`.length)))!,
  );
}

/** Every concrete parameter these values have: the scalars, then each list's items. */
export function allSpecs(model: ParamModel, values: Values): ParamSpec[] {
  const out = [...model.scalarSpecs];
  for (const l of model.lists) {
    for (let i = 0; i < itemCount(model, values, l.name); i++) out.push(...specsOfItem(model, l.name, i));
  }
  return out;
}

/** A value, or its default when the map has none (an item's template default). */
export function valueOf(model: ParamModel, values: Values, path: string): ParamValue | undefined {
  return values[path] ?? model.byPath.get(path)?.defaultValue;
}

/** The scenario JSON for a set of values: the engine's default scenario with every
 * changed value written at its path, and as many flows and background groups as the
 * values hold. Same values give the same bytes. */
export function buildScenario(model: ParamModel, values: Values): string {
  const scenario = structuredClone(model.baseScenario);
  for (const s of model.scalarSpecs) {
    const v = values[s.path];
    if (v === undefined || sameValue(v, s.defaultValue)) continue;
    setAt(scenario, s.path, v);
  }
  for (const l of model.lists) {
    const n = itemCount(model, values, l.name);
    const base = Array.isArray(scenario[l.name]) ? (scenario[l.name] as unknown[]) : [];
    // Every item starts as the engine's default item (flows[0] of the default
    // scenario) or, for a list the default scenario leaves empty, as {}.
    const template = base[0] ?? {};
    scenario[l.name] = Array.from({ length: n }, () => structuredClone(template));
    for (let i = 0; i < n; i++) {
      for (const s of specsOfItem(model, l.name, i)) {
        const v = values[s.path];
        if (v === undefined || sameValue(v, s.defaultValue)) continue;
        setAt(scenario, s.path, v);
      }
    }
  }
  return JSON.stringify(scenario);
}
