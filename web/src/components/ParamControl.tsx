// One parameter's input(s), built from its schema declaration:
//   number/integer -> slider (linear or log) + number box, enum -> select,
//   bool -> checkbox, int_list -> comma-separated text box.
// Test ids: the value-holding input has data-testid = the parameter path; a number's
// slider has "<path>:slider"; the error next to it "<path>:error".
import { memo, useEffect, useId, useMemo, useState } from 'react';
import type { ParamValue } from '../engine/types';
import { optionLabel } from '../model/labels';
import { type ParamSpec } from '../model/params';
import { checkValue } from '../model/valueCheck';
import { isLossRate, SLIDER_STEPS, sliderScale } from '../model/sliderScale';

export interface ParamControlProps {
  spec: ParamSpec;
  value: ParamValue;
  engineError?: string;
  onChange: (path: string, value: ParamValue) => void;
}

// Integer ranges this wide (a seed) get no slider: every notch would be arbitrary.
const MAX_SLIDER_INTEGER_SPAN = 1e6;

function textOf(v: ParamValue): string {
  return Array.isArray(v) ? v.join(', ') : String(v);
}

function humanLabel(spec: ParamSpec): string {
  const leaf = spec.path.slice(spec.path.lastIndexOf('.') + 1);
  return spec.decl.label || leaf.replace(/_/g, ' ');
}

export const ParamControl = memo(function ParamControl({ spec, value, engineError, onChange }: ParamControlProps) {
  const id = useId();
  const { decl, path } = spec;
  const label = humanLabel(spec);
  const unit = decl.unit ? decl.unit : '';
  const [draft, setDraft] = useState(textOf(value));
  const [draftError, setDraftError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);

  // Follow the store unless the person is typing in the box.
  useEffect(() => {
    if (!editing) {
      setDraft(textOf(value));
      setDraftError(null);
    }
  }, [value, editing]);

  const scale = useMemo(() => {
    if (decl.type !== 'number' && decl.type !== 'integer') return null;
    if (decl.type === 'integer' && decl.scale !== 'log' && (decl.max ?? 0) - (decl.min ?? 0) > MAX_SLIDER_INTEGER_SPAN) return null;
    return sliderScale(decl);
  }, [decl]);

  const commitText = (text: string) => {
    setDraft(text);
    const c = checkValue(path, decl, text);
    if (!c.ok) {
      setDraftError(c.message);
      return;
    }
    setDraftError(null);
    onChange(path, c.value);
  };

  const help = [decl.help, decl.source ? `Source: ${decl.source}` : ''].filter(Boolean).join(' — ');
  const error = draftError ?? engineError;
  const errorId = `${id}-err`;
  const describedBy = error ? errorId : undefined;

  let input: React.ReactNode;
  if (decl.type === 'enum') {
    input = (
      <select
        id={id}
        data-testid={path}
        aria-describedby={describedBy}
        value={String(value)}
        onChange={(e) => onChange(path, e.target.value)}
      >
        {(decl.options ?? []).map((o, i) => (
          <option key={o} value={o}>
            {optionLabel(decl, o, i)}
          </option>
        ))}
      </select>
    );
  } else if (decl.type === 'bool') {
    input = (
      <input
        id={id}
        type="checkbox"
        data-testid={path}
        aria-describedby={describedBy}
        checked={value === true}
        onChange={(e) => onChange(path, e.target.checked)}
      />
    );
  } else if (decl.type === 'int_list') {
    input = (
      <input
        id={id}
        type="text"
        className="list-box"
        data-testid={path}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        value={draft}
        spellCheck={false}
        onFocus={() => setEditing(true)}
        onBlur={() => setEditing(false)}
        onChange={(e) => commitText(e.target.value)}
      />
    );
  } else {
    const num = typeof value === 'number' ? value : Number(value);
    input = (
      <div className="num-row">
        {scale && (
          <input
            type="range"
            className={`slider ${decl.scale === 'log' ? 'log' : ''}`}
            data-testid={`${path}:slider`}
            aria-label={`${label} slider${decl.scale === 'log' ? ' (log scale)' : isLossRate(decl) ? ' (0 to 5 % on most of the track)' : ''}`}
            aria-valuetext={String(num)}
            min={0}
            max={SLIDER_STEPS}
            step={1}
            value={scale.toPos(num)}
            onChange={(e) => {
              const v = scale.toValue(Number(e.target.value));
              if (v !== num) onChange(path, v);
            }}
          />
        )}
        <input
          id={id}
          type="text"
          inputMode="decimal"
          className="num-box"
          data-testid={path}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          value={draft}
          spellCheck={false}
          onFocus={() => setEditing(true)}
          onBlur={() => setEditing(false)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
          }}
          onChange={(e) => commitText(e.target.value)}
        />
      </div>
    );
  }

  return (
    <div className={`param param-${decl.type}${error ? ' has-error' : ''}`} data-param={path}>
      <label htmlFor={id} title={help || undefined}>
        <span className="param-label">{label}</span>
        {unit && <span className="param-unit"> ({unit})</span>}
      </label>
      {input}
      {error && (
        <div className="param-error" id={errorId} role="alert" data-testid={`${path}:error`}>
          {error}
        </div>
      )}
    </div>
  );
});
