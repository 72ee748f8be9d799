// Edits of the experiment's lists (flows[], background[]) on a value map: add an
// item (a copy of the last), remove one (later items move down), set the count.
import { itemCount, itemPath, listInfo, specsOfItem, type ParamModel, type Values } from './params';

/** Values with one more item at the end of `list`: a copy of the last item (a flow a
 * student adds resembles the others), or defaults when the list is empty. */
export function addItem(model: ParamModel, values: Values, list: string): Values {
  const info = listInfo(model, list);
  const n = itemCount(model, values, list);
  if (!info || n >= info.max) return values;
  const out: Values = { ...values, [list]: n + 1 };
  for (const s of specsOfItem(model, list, n)) {
    const from = n > 0 ? itemPath(list, n - 1, s.path.slice(`${list}[${n}]`.length)) : undefined;
    const v = from !== undefined ? values[from] : undefined;
    out[s.path] = v !== undefined ? v : s.defaultValue;
  }
  return out;
}

/** Values without item `index` of `list`; later items move down one. */
export function removeItem(model: ParamModel, values: Values, list: string, index: number): Values {
  const info = listInfo(model, list);
  const n = itemCount(model, values, list);
  if (!info || n <= info.min || index < 0 || index >= n) return values;
  const out: Values = { ...values, [list]: n - 1 };
  for (let i = index; i < n; i++) {
    for (const s of specsOfItem(model, list, i)) {
      const rest = s.path.slice(`${list}[${i}]`.length);
      if (i + 1 < n) out[s.path] = values[itemPath(list, i + 1, rest)] ?? s.defaultValue;
      else delete out[s.path];
    }
  }
  return out;
}

/** Values with exactly `count` items in `list` (copies of the last, or trimmed). */
export function withItemCount(model: ParamModel, values: Values, list: string, count: number): Values {
  let out = values;
  while (itemCount(model, out, list) < count) {
    const next = addItem(model, out, list);
    if (next === out) break;
    out = next;
  }
  while (itemCount(model, out, list) > count) {
    const next = removeItem(model, out, list, itemCount(model, out, list) - 1);
    if (next === out) break;
    out = next;
  }
  return out;
}
