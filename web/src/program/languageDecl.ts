// The `custom` congestion-control language as the engine's schema declares it
// (`languages.custom`, docs/custom-cc.md): its handlers, fields (with unit, meaning and
// where each is meaningful), built-in functions, keywords and templates. The editor's
// highlighting, completion and template picker are built from this, never from a list
// written in the page. Also the shape of the engine's check (`plab_check_program`).
import { readTraceDecl, type TraceDecl } from './traceDoc';

export interface HandlerDecl {
  name: string;
  help: string;
}

export interface FieldDecl {
  name: string;
  unit: string;
  help: string;
  writable: boolean;
  /** The handlers it is meaningful in (empty: all). */
  handlers: string[];
}

export interface FunctionDecl {
  name: string;
  signature: string;
  help: string;
}

export interface TemplateDecl {
  name: string;
  label: string;
  help: string;
  program: string;
}

export interface LanguageDecl {
  handlers: HandlerDecl[];
  fields: FieldDecl[];
  functions: FunctionDecl[];
  keywords: string[];
  templates: TemplateDecl[];
  /** The trace of one round (languages.custom.trace), or null when the engine has none. */
  trace: TraceDecl | null;
}

/** One problem the engine's check found; lines and columns 1-based, `end_col` exclusive. */
export interface ProgramError {
  line: number;
  col: number;
  end_col?: number;
  message: string;
}

export interface CheckResult {
  ok: boolean;
  errors: ProgramError[];
}

/** Checks a program (the engine's own parser, in the worker). */
export type CheckProgram = (text: string) => Promise<CheckResult>;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const list = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => !!x && typeof x === 'object') : [];
const named = (x: Record<string, unknown>) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(str(x.name));

/** The language `name` of a schema's `languages`, or null when the engine has none. Items
 * without a usable name are left out (a bad entry must not break the editor). */
export function languageOf(languages: Record<string, unknown> | undefined, name = 'custom'): LanguageDecl | null {
  const raw = languages?.[name];
  if (!raw || typeof raw !== 'object') return null;
  const l = raw as Record<string, unknown>;
  return {
    handlers: list(l.handlers)
      .filter(named)
      .map((h) => ({ name: str(h.name), help: str(h.help) })),
    fields: list(l.fields)
      .filter(named)
      .map((f) => ({
        name: str(f.name),
        unit: str(f.unit),
        help: str(f.help),
        writable: f.writable === true,
        handlers: Array.isArray(f.handlers) ? f.handlers.filter((h): h is string => typeof h === 'string') : [],
      })),
    functions: list(l.functions)
      .filter(named)
      .map((f) => ({ name: str(f.name), signature: str(f.signature) || `${str(f.name)}(…)`, help: str(f.help) })),
    keywords: Array.isArray(l.keywords) ? l.keywords.filter((k): k is string => typeof k === 'string' && k !== '') : [],
    templates: list(l.templates)
      .filter((t) => named(t) && typeof t.program === 'string')
      .map((t) => ({
        name: str(t.name),
        label: str(t.label) || str(t.name),
        help: str(t.help),
        program: str(t.program),
      })),
    trace: readTraceDecl(l.trace),
  };
}

/** The engine's check document (parsed) read defensively: anything unreadable is one error. */
export function readCheck(doc: unknown): CheckResult {
  if (!doc || typeof doc !== 'object')
    return {
      ok: false,
      errors: [{ line: 1, col: 1, message: 'the engine’s check gave an answer this page cannot read' }],
    };
  const d = doc as { ok?: unknown; errors?: unknown };
  const errors = list(d.errors).map((e) => ({
    line: Number.isInteger(e.line) ? (e.line as number) : 1,
    col: Number.isInteger(e.col) ? (e.col as number) : 1,
    ...(Number.isInteger(e.end_col) ? { end_col: e.end_col as number } : {}),
    message: str(e.message) || 'error',
  }));
  return { ok: d.ok === true && errors.length === 0, errors };
}

/** "line 3, column 7: unknown field 'cwnd2'" — how the page names a program error. */
export function errorText(e: ProgramError): string {
  return `line ${e.line}, column ${e.col}: ${e.message}`;
}
