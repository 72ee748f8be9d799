// Which parameters apply under the current choice of a "model" enum (e.g. the error
// model of a channel): sub-parameters of a model are shown only while it is selected.
//
// The engine's schema declares this with `when: {path, equals: [...]}` on a parameter
// (docs/engine-api.md). When any parameter of the schema has a `when`, the schema is
// taken at its word: only declared rules apply, nothing is guessed. An older schema
// without `when` anywhere falls back to finding the rule in this order:
//  1. an explicit declaration on the parameter, any of
//       "when": {"path": "...model", "equals": "onoff" | ["onoff", ...]}
//       "when": {"flows[].channel.forward.model": "onoff" | [...]}
//       "when": "model=onoff"        (relative to the nearest enum named "model")
//       "models" | "applies_to": ["onoff", ...]   (same)
//  2. the path names the option: ".../forward.onoff.p_bad" or ".../forward.onoff_p_bad"
//  3. the label/help names exactly the options it belongs to ("ON/OFF ..." -> onoff)
//  4. a bool named "enabled" switches its sibling parameters (token_bucket.enabled
//     -> token_bucket.*): they are shown only while it is on
//  5. otherwise it always applies.
import type { ParamDecl } from '../../engine/types';
import { concretePath, itemPath, splitItem, templatePath, type ParamSpec, type Values } from './params';

export interface VisibilityRule {
  controller: string; // concrete path of the enum
  showWhen: string[];
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

function parentOf(path: string): string {
  const i = path.lastIndexOf('.');
  return i < 0 ? '' : path.slice(0, i);
}

function leafOf(path: string): string {
  return path.slice(path.lastIndexOf('.') + 1);
}

function asList(v: unknown): string[] | null {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v as string[];
  return null;
}

/** The nearest enum named "model" whose object contains `path`. */
function nearestModel(path: string, models: ParamSpec[]): ParamSpec | undefined {
  let best: ParamSpec | undefined;
  for (const m of models) {
    if (m.path === path) continue;
    const parent = parentOf(m.path);
    if ((parent === '' || path.startsWith(parent + '.')) && (!best || parent.length > parentOf(best.path).length))
      best = m;
  }
  return best;
}

function explicitRule(
  decl: ParamDecl,
  path: string,
  specs: Map<string, ParamSpec>,
  model?: ParamSpec,
): VisibilityRule | null {
  const when = decl.when ?? decl.visible_when ?? decl.show_when;
  if (when && typeof when === 'object' && !Array.isArray(when)) {
    const w = when as Record<string, unknown>;
    if (typeof w.path === 'string') {
      const list = asList(w.equals ?? w.in ?? w.value ?? w.values);
      const ctrl = concretePath(w.path);
      if (list && specs.has(ctrl)) return { controller: ctrl, showWhen: list };
    } else {
      const entries = Object.entries(w);
      if (entries.length === 1) {
        const ctrl = concretePath(entries[0][0]);
        const list = asList(entries[0][1]);
        if (list && specs.has(ctrl)) return { controller: ctrl, showWhen: list };
      }
    }
  }
  if (typeof when === 'string' && model) {
    const m = /^\s*model\s*={1,2}\s*(.+)$/.exec(when);
    if (m) return { controller: model.path, showWhen: m[1].split(/[|,]/).map((s) => s.trim()) };
  }
  const list = asList(decl.models ?? decl.applies_to);
  if (list && model) return { controller: model.path, showWhen: list };
  return null;
}

function inferredRule(spec: ParamSpec, model: ParamSpec): VisibilityRule | null {
  const options = (model.decl.options ?? []).filter((o) => norm(o) !== 'none' && norm(o) !== '');
  const rel = spec.path.slice(parentOf(model.path).length + (parentOf(model.path) ? 1 : 0));
  const first = rel.split('.')[0];
  const relParts = rel.split('.');
  // 2. The path names the option.
  const byPath = options.filter(
    (o) =>
      (relParts.length > 1 && norm(first) === norm(o)) ||
      leafOf(spec.path)
        .toLowerCase()
        .startsWith(o.toLowerCase() + '_'),
  );
  if (byPath.length > 0) return { controller: model.path, showWhen: byPath };
  // 3. The label or help names it.
  const text = norm(`${spec.decl.label ?? ''} ${spec.decl.help ?? ''}`);
  const byText = options.filter((o) => norm(o).length >= 3 && text.includes(norm(o)));
  if (byText.length > 0 && byText.length < options.length) return { controller: model.path, showWhen: byText };
  return null;
}

function switchRule(spec: ParamSpec, switches: ParamSpec[]): VisibilityRule | null {
  const sw = switches.find((b) => b.path !== spec.path && spec.path.startsWith(parentOf(b.path) + '.'));
  return sw ? { controller: sw.path, showWhen: ['true'] } : null;
}

export function visibilityRules(specs: ParamSpec[]): Map<string, VisibilityRule> {
  const byPath = new Map(specs.map((s) => [s.path, s]));
  const models = specs.filter((s) => s.decl.type === 'enum' && leafOf(s.path) === 'model');
  const switches = specs.filter(
    (s) => s.decl.type === 'bool' && leafOf(s.path) === 'enabled' && parentOf(s.path) !== '',
  );
  const rules = new Map<string, VisibilityRule>();
  const declared = specs.some((s) => s.decl.when !== undefined);
  if (declared) {
    for (const s of specs) {
      if (s.decl.when === undefined) continue;
      const rule = explicitRule(s.decl, s.path, byPath, nearestModel(s.path, models));
      if (rule) rules.set(s.path, rule);
    }
    return rules;
  }
  for (const s of specs) {
    if (models.includes(s) && !s.decl.when) continue;
    const model = nearestModel(s.path, models);
    const rule =
      explicitRule(s.decl, s.path, byPath, model) ?? (model ? inferredRule(s, model) : null) ?? switchRule(s, switches);
    if (rule) rules.set(s.path, rule);
  }
  return rules;
}

/** The controller of `path`'s rule for `path`'s own item: rules are written for item 0
 * (flows[0].x shown when flows[0].model is ...); flows[3].x follows flows[3].model. */
function controllerFor(path: string, controller: string): string {
  const it = splitItem(path);
  const ctl = splitItem(controller);
  if (!it || !ctl || ctl.list !== it.list) return controller;
  return itemPath(it.list, it.index, ctl.rest);
}

export function isVisible(
  path: string,
  rules: Map<string, VisibilityRule>,
  values: Values,
  seen = new Set<string>(),
): boolean {
  const rule = rules.get(path) ?? rules.get(templatePath(path));
  if (!rule) return true;
  if (seen.has(path)) return true; // a cycle in declared rules: show rather than hide
  seen.add(path);
  const controller = controllerFor(path, rule.controller);
  const v = values[controller];
  return rule.showWhen.includes(String(v)) && isVisible(controller, rules, values, seen);
}
