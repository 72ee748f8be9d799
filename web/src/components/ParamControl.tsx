// One parameter's input(s), built from its schema declaration:
//   number/integer -> slider (linear or log) + number box, enum -> select,
//   bool -> checkbox, int_list -> comma-separated text box (a delivery trace: a file
//   input, components/TraceInput.tsx), text -> the program editor (program/ProgramField.tsx,
//   loaded on demand).
// Test ids: the value-holding input has data-testid = the parameter path; a number's
// slider has "<path>:slider"; the error next to it "<path>:error".
// A typed value is committed on Enter or when the box loses focus, never per keystroke
// (typing "1e9" would otherwise run "1" first); Escape puts the current value back. A
// refused value stays in the box with its message, naming the field by its label.
import { memo, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ParamValue } from '../engine/types';
import { optionLabel } from '../model/params/labels';
import { type ParamSpec } from '../model/params/params';
import { checkTyped, fieldName, withFieldName } from '../model/params/fieldCheck';
import { isLossRate, SLIDER_STEPS, sliderScale } from '../model/params/sliderScale';
import { hintSlide, positionsAhead } from '../state/slideHints';
import { isTraceDecl } from '../model/params/traceText';
import { TraceInput } from './TraceInput';
import { ProgramField } from '../program/ProgramField';

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
  const name = fieldName(label, unit || undefined);
  const [draft, setDraft] = useState(textOf(value));
  const [draftError, setDraftError] = useState<string | null>(null);
  /** The box holds text not yet committed (typed, or refused). */
  const typing = useRef(false);

  // Follow the store (a slider, a link, Back) unless the person is typing in the box.
  useEffect(() => {
    if (typing.current) return;
    setDraft(textOf(value));
    setDraftError(null);
  }, [value]);

  const scale = useMemo(() => {
    if (decl.type !== 'number' && decl.type !== 'integer') return null;
    if (decl.type === 'integer' && decl.scale !== 'log' && (decl.max ?? 0) - (decl.min ?? 0) > MAX_SLIDER_INTEGER_SPAN)
      return null;
    return sliderScale(decl);
  }, [decl]);

  const commitText = (text: string) => {
    if (!typing.current) return;
    const c = checkTyped(name, decl, text);
    if (!c.ok) {
      setDraftError(c.message);
      return;
    }
    typing.current = false;
    setDraftError(null);
    setDraft(textOf(c.value));
    if (textOf(c.value) !== textOf(value)) onChange(path, c.value);
  };
  const revert = () => {
    typing.current = false;
    setDraft(textOf(value));
    setDraftError(null);
  };
  const textEvents = {
    value: draft,
    spellCheck: false,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      typing.current = true;
      setDraft(e.target.value);
    },
    onBlur: () => commitText(draft),
    onKeyDown: (e: React.KeyboardEvent<HTMLInputElement>) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        commitText(draft);
      } else if (e.key === 'Escape') revert();
    },
  };

  const help = [decl.help, decl.source ? `Source: ${decl.source}` : ''].filter(Boolean).join(' — ');
  const error = draftError ?? (engineError ? withFieldName(engineError, path, name) : undefined);
  const errorId = `${id}-err`;
  const describedBy = error ? errorId : undefined;

  if (decl.type === 'text')
    return (
      <ProgramField
        path={path}
        label={label}
        value={String(value)}
        engineError={engineError ? withFieldName(engineError, path, name) : undefined}
        onChange={onChange}
      />
    );
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
  } else if (isTraceDecl(decl)) {
    input = (
      <TraceInput
        id={id}
        path={path}
        name={name}
        value={value}
        describedBy={describedBy}
        onChange={onChange}
        onError={setDraftError}
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
        {...textEvents}
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
              // The slider wins over text left in the box.
              typing.current = false;
              const pos = Number(e.target.value);
              const v = scale.toValue(pos);
              if (v !== num) onChange(path, v);
              // Speculation (engine/speculation.ts): the next values in this direction.
              const ahead = positionsAhead(pos, pos - scale.toPos(num), SLIDER_STEPS).map(scale.toValue);
              hintSlide(path, ahead);
            }}
            onFocus={() => hintSlide(path, positionsAhead(scale.toPos(num), 0, SLIDER_STEPS).map(scale.toValue))}
            onBlur={() => hintSlide(path, [])}
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
          {...textEvents}
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
