// "Predict, then run": on a preset with a question, the view's charts stay hidden behind
// it until the student has chosen an answer and committed to it; then the charts, the
// right answer and its explanation are shown. The preset's learning objectives are
// listed above. Commitments are kept per preset while the page is open.
import { useMemo, useState, type ReactNode } from 'react';
import type { ParamModel } from '../model/params/params';
import { checkPreset, withoutHidden } from '../model/claims/presets';
import { usePresets } from './Papers';
import './predict.css';

interface Props {
  model?: ParamModel;
  /** The page's current hash (to find the preset shown). */
  current: string;
  children: ReactNode;
}

export function PredictGate({ model, current, children }: Props) {
  const { presets } = usePresets();
  const here = withoutHidden(current);
  // Each exercise's canonical link once per model, not on every input (the redraw budget).
  const withExercise = useMemo(
    () =>
      model
        ? presets
            .filter((p) => p.predict || p.objectives)
            .map((p) => ({ p, link: withoutHidden(checkPreset(model, p.hash).canonical) }))
        : [],
    [presets, model],
  );
  const preset = withExercise.find((x) => x.link === here)?.p;
  const [choices, setChoices] = useState<Record<string, { choice: number; committed: boolean }>>({});
  if (!preset) return <>{children}</>;
  const q = preset.predict;
  const mine = choices[preset.id];
  const pending = !!q && !mine?.committed;
  const choose = (choice: number) => setChoices((c) => ({ ...c, [preset.id]: { choice, committed: false } }));
  const commit = () => mine && setChoices((c) => ({ ...c, [preset.id]: { ...mine, committed: true } }));
  const name = `predict-${preset.id}`;

  return (
    <>
      <section
        className="panel predict"
        aria-label="Exercise"
        data-testid="predict"
        data-preset={preset.id}
        data-state={pending ? 'pending' : 'revealed'}
      >
        {preset.objectives && (
          <div className="objectives">
            <h2>After this experiment you can</h2>
            <ul>
              {preset.objectives.map((o) => (
                <li key={o}>{o}</li>
              ))}
            </ul>
          </div>
        )}
        {q && (
          <fieldset disabled={!pending}>
            <legend>
              <strong>Predict, then run:</strong> {q.question}
            </legend>
            {q.options.map((opt, i) => (
              <label
                key={opt}
                className={`predict-option${!pending && i === q.answer ? ' right' : ''}${!pending && i === mine?.choice && i !== q.answer ? ' wrong' : ''}`}
              >
                <input
                  type="radio"
                  name={name}
                  value={i}
                  checked={mine?.choice === i}
                  onChange={() => choose(i)}
                  data-testid={`predict-option-${i}`}
                />
                {opt}
              </label>
            ))}
            {pending && (
              <>
                <button type="button" onClick={commit} disabled={mine === undefined} data-testid="predict-commit">
                  Commit my prediction and show the charts
                </button>
                <p className="muted-note predict-caption-note">
                  The charts, the caption and the paper's findings are shown once you commit.
                </p>
              </>
            )}
          </fieldset>
        )}
        {q && !pending && mine && (
          <div
            className="predict-answer"
            role="status"
            data-testid="predict-answer"
            data-correct={mine.choice === q.answer ? '1' : '0'}
          >
            <p>
              <strong>
                {mine.choice === q.answer ? 'Your prediction was right.' : `You predicted “${q.options[mine.choice]}”.`}
              </strong>{' '}
              The answer: <strong>{q.options[q.answer]}</strong>.
            </p>
            <p>{q.explain}</p>
          </div>
        )}
      </section>
      <div
        className={pending ? 'predict-hidden' : undefined}
        inert={pending}
        aria-hidden={pending || undefined}
        data-testid="predict-charts"
      >
        {children}
      </div>
    </>
  );
}
