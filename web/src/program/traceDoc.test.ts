import { describe, expect, it } from 'vitest';
import { readTrace, readTraceDecl, showValue, writeText } from './traceDoc';
import { flowOf } from './ProgramTrace';
import { languageOf } from './languageDecl';

describe('the trace of a round', () => {
  it('reads the engine’s document, leaving out what is not a finite number', () => {
    const doc = readTrace({
      round: 3,
      rounds: 40,
      calls_in_round: 2,
      cut: false,
      message: '',
      calls: [
        {
          t_s: 0.25,
          handler: 'on_ack',
          reads: [
            { name: 'cwnd', value: 4000 },
            { name: 'bad', value: 'NaN' },
          ],
          writes: [{ name: 'cwnd', old: 4000, new: 5000, clamped: false }],
        },
        { t_s: null, handler: 'on_ack', reads: [], writes: [] },
        {
          t_s: 0.3,
          handler: 'on_round',
          reads: [],
          writes: [{ name: 'cwnd', old: 5000, new: 1000, clamped: true, wanted: -5 }],
          reads_cut: true,
          note: 'not applied',
        },
      ],
    });
    expect(doc).not.toBeNull();
    expect(doc!.calls).toHaveLength(2);
    expect(doc!.calls[0].reads).toEqual([{ name: 'cwnd', value: 4000 }]);
    expect(writeText(doc!.calls[0].writes[0])).toBe('cwnd: 4000 → 5000');
    expect(writeText(doc!.calls[1].writes[0])).toBe('cwnd: 5000 → 1000 (clamped from -5)');
    expect(doc!.calls[1].readsCut).toBe(true);
    expect(doc!.calls[1].note).toBe('not applied');
    expect(readTrace({ calls: [] })).toBeNull();
    expect(readTrace('nonsense')).toBeNull();
  });

  it('shows values without NaN: whole bytes exactly, fractions short, an unset ssthresh by name', () => {
    expect(showValue(123456789)).toBe('123456789');
    expect(showValue(0.0123456789)).toBe('0.0123457');
    expect(showValue(9007199254740992)).toBe('unset');
  });

  it('takes its parameter and result key from the schema', () => {
    expect(readTraceDecl({ param: 'custom.trace_round', result: 'program_trace', max_calls: 2000 })).toEqual({
      param: 'custom.trace_round',
      result: 'program_trace',
      maxCalls: 2000,
    });
    expect(readTraceDecl({ param: 'x' })).toBeNull();
    const lang = languageOf({ custom: { handlers: [], fields: [], trace: { param: 'p', result: 'r' } } });
    expect(lang?.trace?.result).toBe('r');
    expect(languageOf({ custom: { handlers: [] } })?.trace).toBeNull();
  });

  it('finds the flow a program belongs to', () => {
    expect(flowOf('flows[12].custom.program')).toEqual({ prefix: 'flows[12].', index: 12 });
    expect(flowOf('custom.program')).toBeNull();
  });
});
