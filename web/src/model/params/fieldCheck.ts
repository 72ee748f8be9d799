// A value typed into a field, checked against its declaration, with the message a
// person reads next to that field: the field named by its label and unit, as on the
// screen ("Duration (s) must be between 0.1 and 600; got 1000000000"), not by the
// internal path the engine and the link use (valueCheck.ts keeps those for them).
import type { ParamDecl } from '../../engine/types';
import { checkValue, type Check } from './valueCheck';

/** "Duration (s)": the label as the field shows it. */
export function fieldName(label: string, unit?: string): string {
  return unit ? `${label} (${unit})` : label;
}

function num(n: number): string {
  return String(n);
}

function rangeWords(decl: ParamDecl): string {
  const { min, max } = decl;
  if (min !== undefined && max !== undefined) return `between ${num(min)} and ${num(max)}`;
  if (min !== undefined) return `at least ${num(min)}`;
  if (max !== undefined) return `at most ${num(max)}`;
  return 'a finite number';
}

function quoted(text: string): string {
  const t = text.length > 40 ? text.slice(0, 39) + '…' : text;
  return `"${t}"`;
}

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Checks typed text for a number, integer or integer-list field. */
export function checkTyped(name: string, decl: ParamDecl, text: string): Check {
  const raw = text.trim();
  if (decl.type === 'number' || decl.type === 'integer') {
    const whole = decl.type === 'integer';
    const kind = whole ? 'a whole number' : 'a number';
    if (!DECIMAL.test(raw))
      return { ok: false, message: `${name} must be ${kind} ${rangeWords(decl)}; got ${quoted(raw)}` };
    const n = Number(raw);
    if (!Number.isFinite(n))
      return { ok: false, message: `${name} must be ${kind} ${rangeWords(decl)}; got ${quoted(raw)}` };
    if (whole && !Number.isInteger(n))
      return { ok: false, message: `${name} must be a whole number ${rangeWords(decl)}; got ${num(n)}` };
    if ((decl.min !== undefined && n < decl.min) || (decl.max !== undefined && n > decl.max))
      return { ok: false, message: `${name} must be ${rangeWords(decl)}; got ${num(n)}` };
    return { ok: true, value: n };
  }
  if (decl.type === 'int_list') {
    const c = checkValue(name, decl, raw);
    if (c.ok) return c;
    const items = raw === '' ? [] : raw.split(',');
    const max = typeof decl.max_items === 'number' ? decl.max_items : undefined;
    if (max !== undefined && items.length > max)
      return { ok: false, message: `${name} must list at most ${max} whole numbers; got ${items.length}` };
    return {
      ok: false,
      message: `${name} must be whole numbers ${rangeWords(decl)}, separated by commas; got ${quoted(raw)}`,
    };
  }
  return checkValue(name, decl, raw);
}

/** An engine message about this field, with its path replaced by the field's name
 * ("flows[0].rrtp.biaz_phi must be above …" → "Biaz φ must be above …"). */
export function withFieldName(message: string, path: string, name: string): string {
  return message.split(path).join(name);
}
