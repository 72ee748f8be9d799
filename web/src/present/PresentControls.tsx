// Presentation mode's controls: the header's "Present" and palette buttons, the
// keyboard shortcuts (parameters a step up or down, the next or previous paper preset,
// "?" for the list) and, while presenting, a bar that shows the values the shortcuts
// change, large enough for the back row.
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { usePresets } from '../components/Papers';
import { checkPreset, withoutHidden } from '../model/claims/presets';
import { encodeDisplayParams } from '../url/display';
import { valueOf, type ParamModel } from '../model/params/params';
import { selectValuesInForce } from '../state/selectors';
import { useLab, type LabSource } from '../state/useLab';
import type { ViewState } from '../model/views';
import type { ValueActions, ViewActions } from '../state/actions';
import { isTypingTarget, ownsKey, PARAM_SHORTCUTS, stepInForce } from './shortcuts';
import { keyAction } from './keyTable';
import { ShortcutList } from './ShortcutList';
import './present.css';
import './presentFit.css';

interface Props {
  store: LabSource & ValueActions & ViewActions;
  model?: ParamModel;
  view: ViewState;
  /** The page's current hash (to find the preset shown). */
  current: string;
  disabled: boolean;
}

/** The display flags to carry into the next preset's link (presenting stays on). */
function displayParts(view: ViewState): string {
  return encodeDisplayParams(view)
    .map((p) => `&${p}`)
    .join('');
}

function enterFullscreen() {
  // Only from the button (a user gesture); a link with present=1 just applies the styling.
  document.documentElement.requestFullscreen?.().catch(() => undefined);
}

function leaveFullscreen() {
  if (document.fullscreenElement) document.exitFullscreen?.().catch(() => undefined);
}

export function PresentControls({ store, model, view, current, disabled }: Props) {
  const { presets } = usePresets();
  const [help, setHelp] = useState(false);
  const present = !!view.present;

  // Which preset is on screen (as PresetNote finds it), for n / p.
  const canonical = useMemo(
    () => (model ? presets.map((p) => withoutHidden(checkPreset(model, p.hash).canonical)) : []),
    [presets, model],
  );
  const here = withoutHidden(current);
  const at = canonical.indexOf(here);

  // One listener for the page's life, reading this render's values when a key comes.
  const onKey = useEffectEvent((e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
    if (isTypingTarget(e.target) || ownsKey(e.target, e.key)) return;
    const [m, list, i, off] = [model, presets, at, disabled];
    // The manual control's keys are ManualPanel's (it listens while it is shown).
    const action = keyAction(e.key);
    if (!action) return;
    if (action.kind === 'help') {
      e.preventDefault();
      setHelp((h) => !h);
      return;
    }
    if (action.kind === 'close') {
      setHelp(false);
      return;
    }
    if (off || !m) return;
    if (action.kind === 'param') {
      e.preventDefault();
      stepInForce(store, action.path, action.dir);
      return;
    }
    if (action.kind === 'preset' && list.length) {
      e.preventDefault();
      const step = action.step;
      const next = i < 0 ? (step > 0 ? 0 : list.length - 1) : (i + step + list.length) % list.length;
      // A new history entry, as a click on the preset's link makes.
      location.hash = list[next].hash + displayParts(view);
    }
  });
  useEffect(() => {
    const listener = (e: KeyboardEvent) => onKey(e);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const togglePresent = () => {
    if (present) {
      store.setDisplay({ present: false });
      leaveFullscreen();
    } else {
      store.setDisplay({ present: true });
      enterFullscreen();
    }
  };
  const cb = view.palette === 'cb';

  return (
    <>
      <button type="button" onClick={togglePresent} aria-pressed={present} data-testid="present" disabled={disabled}>
        {present ? 'Leave presentation' : 'Present'}
      </button>
      {!present && (
        <button
          type="button"
          onClick={() => store.setDisplay({ palette: cb ? undefined : 'cb' })}
          aria-pressed={cb}
          data-testid="palette-cb"
          className="palette-button"
          aria-label="Colour-blind-safe palette"
          title="Colour-blind-safe palette: Okabe–Ito colours, distinct for colour-blind viewers and on projectors"
        >
          <span aria-hidden="true">◐</span>
        </button>
      )}
      <button
        type="button"
        className="shortcut-help-button"
        onClick={() => setHelp((h) => !h)}
        aria-label="Keyboard shortcuts"
        title="Keyboard shortcuts (?)"
        data-testid="shortcut-help-button"
      >
        <span aria-hidden="true">?</span>
      </button>
      {help && <ShortcutList onClose={() => setHelp(false)} />}
      {present && model && presets.length > 0 && at >= 0 && (
        <span className="present-preset" data-testid="present-preset">
          {presets[at].title}
        </span>
      )}
    </>
  );
}

/** The values the shortcuts change (those in force: at the playhead while Play runs),
 * shown large while presenting, each with a step down and a step up button (the
 * shortcut's key on it) for a mouse or a clicker. */
export function PresentBar({ store, model }: { store: LabSource & ValueActions; model: ParamModel }) {
  // Its own subscription: the page around it does not redraw when a live change applies.
  const values = useLab(store, selectValuesInForce);
  return (
    <dl className="present-bar" data-testid="present-bar" aria-label="Main parameters">
      {PARAM_SHORTCUTS.map((s) => {
        const spec = model.byPath.get(s.path);
        if (!spec) return null;
        const v = valueOf(model, values, s.path);
        const unit = spec.decl.unit ? ` ${spec.decl.unit}` : '';
        const step = (dir: 1 | -1) => stepInForce(store, s.path, dir);
        return (
          <div key={s.path} data-path={s.path}>
            <dt>{spec.decl.label ?? s.what}</dt>
            <dd>
              <button
                type="button"
                className="step"
                onClick={() => step(-1)}
                aria-label={`${s.what} a step down (key ${s.down})`}
                data-testid={`present-down:${s.path}`}
              >
                <kbd aria-hidden="true">{s.down}</kbd>
              </button>
              <span className="present-value" data-testid={`present-value:${s.path}`}>
                {String(v)}
                {unit}
              </span>
              <button
                type="button"
                className="step"
                onClick={() => step(1)}
                aria-label={`${s.what} a step up (key ${s.up})`}
                data-testid={`present-up:${s.path}`}
              >
                <kbd aria-hidden="true">{s.up}</kbd>
              </button>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
