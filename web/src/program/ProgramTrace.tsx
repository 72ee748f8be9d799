// Beside a flow's program editor: the trace of the round its "Trace round" parameter
// names (flows[i].custom.trace_round; the parameter's own control is the next one in
// the form), from the run shown. One row per handler call: the simulated time, the
// handler, the fields and variables it read (name=value, each at its first read) and
// those it wrote (name: old → new, marked when a bound clamped the write), and a note
// when the control did not apply a write. At most SHOWN rows until asked for all.
// Test ids: "<flow>program-trace" the table's section, "program-trace-row" each row,
// "<flow>program-trace:status" the line above it.
import { useState } from 'react';
import { useLab, type LabSource } from '../state/useLab';
import type { LabState } from '../state/labState';
import { readText, readTrace, writeText, type ProgramTraceDoc, type TraceDecl } from './traceDoc';

const SHOWN = 200;

/** "flows[2]." of "flows[2].custom.program", with its index; null for another path. */
export function flowOf(path: string): { prefix: string; index: number } | null {
  const m = /^flows\[(\d+)\]\./.exec(path);
  return m ? { prefix: m[0], index: Number(m[1]) } : null;
}

function traceIn(s: LabState, index: number, key: string): unknown {
  const flows = s.run.displayed?.result.flows;
  return flows?.find((f) => f.index === index)?.[key];
}

function statusLine(doc: ProgramTraceDoc | null, asked: number): string {
  if (!doc) return `Round ${asked}: no trace in the run shown yet.`;
  if (doc.message) return `Round ${doc.round}: ${doc.message}.`;
  const n = doc.calls.length;
  return `Round ${doc.round} of ${doc.rounds}: ${n} handler call${n === 1 ? '' : 's'}.`;
}

export function ProgramTrace({ path, decl, source }: { path: string; decl: TraceDecl; source: LabSource }) {
  const flow = flowOf(path);
  const roundPath = flow ? flow.prefix + decl.param : '';
  const asked = useLab(source, (s) => s.scenario.values[roundPath]);
  const raw = useLab(source, (s) => (flow ? traceIn(s, flow.index, decl.result) : undefined));
  const [all, setAll] = useState(false);
  if (!flow) return null;
  const round = typeof asked === 'number' && Number.isFinite(asked) ? asked : 0;
  const id = `${flow.prefix}program-trace`;
  if (round <= 0)
    return (
      <p className="muted small program-trace-hint" data-testid={`${id}:status`}>
        Set Trace round (below) to a round number to see every handler call of that round.
      </p>
    );
  const doc = readTrace(raw);
  const current = doc && doc.round === round ? doc : null;
  const rows = current ? (all ? current.calls : current.calls.slice(0, SHOWN)) : [];
  return (
    <section className="program-trace" data-testid={id} aria-labelledby={`${id}:status`}>
      <p className="small program-trace-status" id={`${id}:status`} data-testid={`${id}:status`} aria-live="polite">
        {statusLine(current, round)}
      </p>
      {rows.length > 0 && (
        <div className="program-trace-scroll" tabIndex={0} role="region" aria-label={`Trace of round ${round}`}>
          <table className="program-trace-table">
            <thead>
              <tr>
                <th scope="col">t (s)</th>
                <th scope="col">handler</th>
                <th scope="col">reads</th>
                <th scope="col">writes</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c, i) => (
                <tr key={i} data-testid="program-trace-row" data-handler={c.handler}>
                  <td className="num">{c.t_s.toFixed(6)}</td>
                  <td>{c.handler}</td>
                  <td>
                    {c.reads.map(readText).join(' ')}
                    {c.readsCut && ' …'}
                  </td>
                  <td>
                    {c.writes.map((w) => (
                      <span
                        key={w.name}
                        className={`trace-write${w.clamped ? ' clamped' : ''}`}
                        data-name={w.name}
                        data-new={w.value}
                      >
                        {writeText(w)}
                      </span>
                    ))}
                    {c.writesCut && <span className="trace-write">…</span>}
                    {c.note && <span className="trace-note muted">{c.note}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {current && !all && current.calls.length > SHOWN && (
        <button type="button" className="small" onClick={() => setAll(true)}>
          Show all {current.calls.length} calls
        </button>
      )}
    </section>
  );
}
