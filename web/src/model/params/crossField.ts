// The rules between two parameters that the engine declares in its schema
// (`constraints`, engine/src/scenario/cross_field.cc), checked in the page as values
// change, so a start time beyond the run's end is named at its field, both fields by
// their labels, and nothing runs; the engine checks the same rules, from the same
// declaration, for the CLI and for any link.
import type { ConstraintDecl, EngineErrorItem } from '../../engine/types';
import { fieldName } from './fieldCheck';
import { concretePath, itemCount, splitItem, valueOf, type ParamModel, type Values } from './params';

/** What an item is called on screen ("flow 2", "background group 1"; FlowsPanel). */
function itemName(list: string, index: number): string {
  const noun = list === 'flows' ? 'flow' : list === 'background' ? 'background group' : list;
  return `${noun} ${index + 1}`;
}

/** "Start (s) of flow 2", "Duration (s)": a concrete path as a person reads it. */
function named(model: ParamModel, path: string): string {
  const spec = model.byPath.get(path);
  const name = spec ? fieldName(spec.decl.label ?? path, spec.decl.unit) : path;
  const item = splitItem(path);
  return item ? `${name} of ${itemName(item.list, item.index)}` : name;
}

function holds(rule: string, x: number, other: number): boolean {
  if (rule === 'less') return x < other;
  if (rule === 'at_least') return x >= other;
  if (rule === 'zero_or_greater') return x === 0 || x > other;
  return true; // a rule this page does not know: the engine still checks it
}

function wanted(rule: string, other: string, value: number): string {
  const shown = `${other} (${value})`;
  if (rule === 'less') return `less than ${shown}`;
  if (rule === 'at_least') return `at least ${shown}`;
  return `0 (never) or after ${shown}`;
}

/** The list a rule runs over ("flows" for flows[].start_s), or null for a scalar. */
function listOf(pattern: string): string | null {
  const m = /^([a-z][a-z0-9_]*)\[\]/.exec(pattern);
  return m ? m[1] : null;
}

/** Each broken rule, on its field's path, in words naming both fields by label. */
export function crossFieldErrors(
  model: ParamModel,
  values: Values,
  rules: readonly ConstraintDecl[] = model.constraints,
): EngineErrorItem[] {
  const out: EngineErrorItem[] = [];
  for (const rule of rules) {
    const list = listOf(rule.field);
    const items = list === null ? 1 : itemCount(model, values, list);
    for (let i = 0; i < items; i++) {
      const field = concretePath(rule.field, i);
      const other = concretePath(rule.other, i);
      const x = valueOf(model, values, field);
      const y = valueOf(model, values, other);
      if (typeof x !== 'number' || typeof y !== 'number' || holds(rule.rule, x, y)) continue;
      out.push({
        path: field,
        message: `${named(model, field)} must be ${wanted(rule.rule, named(model, other), y)}; got ${x}`,
        byPage: true,
      });
    }
  }
  return out;
}
