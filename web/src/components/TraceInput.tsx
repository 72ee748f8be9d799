// A delivery trace's list (mahimahi's format; model/params/traceText.ts): what is
// loaded, in one line, and a file input that reads a trace file into it. A file that
// is not a trace is refused here, its message naming the line, and nothing changes.
import type { ParamValue } from '../engine/types';
import { parseTraceText, traceSummary } from '../model/params/traceText';

export interface TraceInputProps {
  id: string;
  path: string;
  /** The field as the person knows it (label and unit), for messages. */
  name: string;
  value: ParamValue;
  describedBy?: string;
  onChange: (path: string, value: ParamValue) => void;
  /** A file refused (its message), or null when one was read. */
  onError: (message: string | null) => void;
}

export function TraceInput({ id, path, name, value, describedBy, onChange, onError }: TraceInputProps) {
  const ms = Array.isArray(value) ? value : [];
  return (
    <div className="trace-input">
      <span className="trace-summary" data-testid={`${path}:summary`}>
        {traceSummary(ms)}
      </span>
      <input
        id={id}
        type="file"
        accept=".trace,.txt,text/plain"
        data-testid={`${path}:file`}
        aria-describedby={describedBy}
        aria-label={`${name}: upload a trace file (one timestamp in ms per line)`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = ''; // the same file chosen again is read again
          if (!file) return;
          void file.text().then((text) => {
            const parsed = parseTraceText(name, text);
            if (!parsed.ok) {
              onError(`${file.name}: ${parsed.message}`);
              return;
            }
            onError(null);
            onChange(path, parsed.value);
          });
        }}
      />
    </div>
  );
}
