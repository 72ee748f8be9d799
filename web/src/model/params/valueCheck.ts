// A parameter value checked against its schema declaration: the same ranges and the
// same messages as the engine (so the page and the CLI say the same), and value
// equality for "is this the default".
import type { ParamDecl, ParamValue } from '../../engine/types';
import { decodeTraceDeltas, isTraceDecl } from './traceText';

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
  const text = typeof raw === 'string' || Array.isArray(raw) ? JSON.stringify(raw) : String(raw);
  return text.length > 80 ? text.slice(0, 77) + '…' : text;
}

function checkNumber(path: string, decl: ParamDecl, raw: unknown): Check {
  const integer = decl.type === 'integer';
  const what = integer ? 'an integer' : 'a number';
  let n: number;
  if (typeof raw === 'number') n = raw;
  else if (typeof raw === 'string' && DECIMAL.test(raw.trim())) n = Number(raw.trim());
  else return { ok: false, message: `${path} must be ${what} ${rangeText(decl)}, got ${shown(raw)}` };
  if (!Number.isFinite(n))
    return { ok: false, message: `${path} must be ${what} ${rangeText(decl)}, got ${shown(raw)}` };
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
      else if (typeof raw === 'string' && isTraceDecl(decl) && raw.startsWith('D')) {
        const ms = decodeTraceDeltas(raw);
        if (!ms)
          return { ok: false, message: `${path} is not a trace written as differences (D...), got ${shown(raw)}` };
        items = ms;
      } else if (typeof raw === 'string') items = raw.trim() === '' ? [] : raw.split(',').map((s) => s.trim());
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
    case 'text': {
      if (typeof raw !== 'string') return { ok: false, message: `${path} must be a text, got ${shown(raw)}` };
      const max = maxTextBytes(decl);
      const bytes = new TextEncoder().encode(raw).length;
      if (max !== undefined && bytes > max)
        return { ok: false, message: `${path} must be a text of at most ${max} bytes, got ${bytes} bytes` };
      return { ok: true, value: raw };
    }
    default:
      return { ok: false, message: `${path} has a type this page does not know (${String(decl.type)})` };
  }
}

/** The longest text a "text" parameter holds, in bytes of UTF-8 (its max_length). */
export function maxTextBytes(decl: ParamDecl): number | undefined {
  const max = decl.max_length;
  return typeof max === 'number' && max >= 0 ? max : undefined;
}

export function fallbackDefault(decl: ParamDecl): ParamValue {
  switch (decl.type) {
    case 'enum':
      return decl.options?.[0] ?? '';
    case 'bool':
      return false;
    case 'int_list':
      return [];
    case 'text':
      return '';
    default:
      return decl.min ?? 0;
  }
}

export function sameValue(a: ParamValue | undefined, b: ParamValue | undefined): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => x === b[i]);
  return a === b;
}
