// The animation's window, typed: From and To commit on Enter or blur (not on every
// keystroke), and a bad value keeps its error on screen, named by the field's label.
import { useState } from 'react';
import { windowProblem } from './window';

interface Props {
  window: [number, number];
  durationS: number;
  onCommit: (w: [number, number]) => void;
}

export function WindowFields({ window: w, durationS, onCommit }: Props) {
  const [from, setFrom] = useState(String(w[0]));
  const [to, setTo] = useState(String(w[1]));
  const [error, setError] = useState<string | null>(null);
  // A new window from outside (a marker clicked, the slider) replaces what is typed:
  // adjusted while rendering, as React advises for state that follows a prop.
  const [shownWindow, setShownWindow] = useState(w);
  if (shownWindow !== w) {
    setShownWindow(w);
    setFrom(String(Number(w[0].toFixed(4))));
    setTo(String(Number(w[1].toFixed(4))));
    setError(null);
  }
  const commit = () => {
    const f = from.trim() === '' ? NaN : Number(from);
    const t = to.trim() === '' ? NaN : Number(to);
    const problem = windowProblem(f, t, durationS);
    setError(problem);
    if (!problem && (f !== w[0] || t !== w[1])) onCommit([f, t]);
  };
  const field = (label: string, value: string, set: (v: string) => void, id: string) => (
    <label className="packets-field">
      {label} <span className="muted">(s)</span>
      <input
        type="text"
        inputMode="decimal"
        value={value}
        data-testid={id}
        aria-invalid={error !== null}
        onChange={(e) => set(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
    </label>
  );
  return (
    <>
      {field('Window from', from, setFrom, 'packets-from')}
      {field('Window to', to, setTo, 'packets-to')}
      {error && (
        <p className="packets-error" role="alert" data-testid="packets-window-error">
          {error}
        </p>
      )}
    </>
  );
}
