// The trace of one round of a `custom` program, as the engine reports it in a flow's
// entry of the result (its key and the parameter that asks for it come from the
// schema's `languages.custom.trace`, docs/custom-cc.md "Tracing a round"). Read
// defensively: anything that is not a finite number is left out, never shown as NaN.

/** What the schema declares of the trace (languages.custom.trace). */
export interface TraceDecl {
  /** The flow parameter that asks for it, relative to the flow ("custom.trace_round"). */
  param: string;
  /** The key of the flow's entry in the result that carries it ("program_trace"). */
  result: string;
  maxCalls: number;
}

export interface TraceRead {
  name: string;
  value: number;
}

export interface TraceWrite {
  name: string;
  old: number;
  value: number;
  clamped: boolean;
  /** What the program computed, when a bound moved it. */
  wanted?: number;
}

export interface TraceCall {
  t_s: number;
  handler: string;
  reads: TraceRead[];
  writes: TraceWrite[];
  readsCut: boolean;
  writesCut: boolean;
  /** A write the control did not apply, and why. */
  note: string;
}

export interface ProgramTraceDoc {
  round: number;
  rounds: number;
  callsInRound: number;
  cut: boolean;
  message: string;
  calls: TraceCall[];
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const objs = (v: unknown): Obj[] => (Array.isArray(v) ? v.map(obj).filter((x): x is Obj => x !== null) : []);

export function readTraceDecl(raw: unknown): TraceDecl | null {
  const d = obj(raw);
  if (!d || !str(d.param) || !str(d.result)) return null;
  return { param: str(d.param), result: str(d.result), maxCalls: num(d.max_calls) ?? 0 };
}

export function readTrace(raw: unknown): ProgramTraceDoc | null {
  const d = obj(raw);
  const round = num(d?.round);
  if (!d || round === null) return null;
  const calls: TraceCall[] = [];
  for (const c of objs(d.calls)) {
    const t = num(c.t_s);
    if (t === null) continue;
    const reads: TraceRead[] = [];
    for (const r of objs(c.reads)) {
      const value = num(r.value);
      if (str(r.name) && value !== null) reads.push({ name: str(r.name), value });
    }
    const writes: TraceWrite[] = [];
    for (const w of objs(c.writes)) {
      const old = num(w.old);
      const value = num(w.new);
      if (!str(w.name) || old === null || value === null) continue;
      const wanted = num(w.wanted);
      writes.push({
        name: str(w.name),
        old,
        value,
        clamped: w.clamped === true,
        ...(wanted !== null ? { wanted } : {}),
      });
    }
    calls.push({
      t_s: t,
      handler: str(c.handler) || '?',
      reads,
      writes,
      readsCut: c.reads_cut === true,
      writesCut: c.writes_cut === true,
      note: str(c.note),
    });
  }
  return {
    round,
    rounds: num(d.rounds) ?? 0,
    callsInRound: num(d.calls_in_round) ?? calls.length,
    cut: d.cut === true,
    message: str(d.message),
    calls,
  };
}

/** 2^53: ssthresh before anything set it (the engine's "unset"). */
const UNSET = 9007199254740992;

/** A traced value as the table shows it: whole numbers exactly (a window in bytes),
 * others to 6 significant digits, ssthresh's "unset" by name. */
export function showValue(x: number): string {
  if (x >= UNSET) return 'unset';
  if (Number.isInteger(x)) return String(x);
  return String(Number(x.toPrecision(6)));
}

/** "cwnd=14000" */
export function readText(r: TraceRead): string {
  return `${r.name}=${showValue(r.value)}`;
}

/** "cwnd: 14000 → 15000", with "(clamped from 0)" when a bound moved it. */
export function writeText(w: TraceWrite): string {
  const clamp = w.clamped ? ` (clamped${w.wanted !== undefined ? ` from ${showValue(w.wanted)}` : ''})` : '';
  return `${w.name}: ${showValue(w.old)} → ${showValue(w.value)}${clamp}`;
}
