// "You are the congestion control": while the live view plays a flow that runs the
// manual control, the student sets its window: a big number, a slider, and back off
// (halve), grow (+1 segment) and ×2, also on the keys b, g and d. Each press is a live
// change at the current simulated time (store.setValue → the live player), so it is
// recorded in the link's timeline and the link replays it exactly.
import { useEffect } from 'react';
import type { ParamModel } from '../model/params/params';
import type { ValueActions } from '../state/actions';
import { keyAction, type ManualAction } from '../present/keyTable';
import './manual.css';

interface Props {
  store: ValueActions;
  model: ParamModel;
  /** The manual window's concrete path ("flows[0].manual.cwnd_segments"). */
  path: string;
  /** Its value in force at the playhead. */
  cwnd: number;
  /** The path's pipe in segments (bandwidth-delay product); NaN when unknown. */
  pipe: number;
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function ManualPanel({ store, model, path, cwnd, pipe }: Props) {
  const decl = model.byPath.get(path)?.decl;
  const min = decl?.min ?? 1;
  const max = decl?.max ?? 1000;
  const set = (v: number) => store.setValue(path, Math.min(max, Math.max(min, Math.round(v))));
  const act = (a: ManualAction) => set(a === 'back' ? Math.floor(cwnd / 2) : a === 'grow' ? cwnd + 1 : cwnd * 2);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || isTyping(e.target)) return;
      // The keys come from the page's one shortcut table (listed under "?").
      const a = keyAction(e.key.toLowerCase());
      if (a?.kind !== 'manual') return;
      e.preventDefault();
      act(a.action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <section className="manual-panel" aria-label="You are the congestion control" data-testid="manual-panel">
      <h2>You are the congestion control</h2>
      <div className="manual-row">
        <output className="manual-cwnd" data-testid="manual-cwnd" aria-live="polite">
          {cwnd}
          <small> segments</small>
        </output>
        <div className="manual-buttons">
          <button type="button" data-testid="manual-back-off" onClick={() => act('back')} disabled={cwnd <= min}>
            Back off (½) <kbd>b</kbd>
          </button>
          <button type="button" data-testid="manual-grow" onClick={() => act('grow')} disabled={cwnd >= max}>
            Grow (+1) <kbd>g</kbd>
          </button>
          <button type="button" data-testid="manual-double" onClick={() => act('double')} disabled={cwnd >= max}>
            ×2 <kbd>d</kbd>
          </button>
        </div>
      </div>
      <label className="manual-slider">
        {decl?.label ?? 'Window'} ({decl?.unit ?? 'segments'})
        <input
          type="range"
          data-testid="manual-slider"
          min={min}
          max={Math.min(max, 200)}
          step={1}
          value={Math.min(cwnd, 200)}
          onChange={(e) => set(Number(e.target.value))}
        />
      </label>
      <p className="muted manual-hint" data-testid="manual-panel-hint">
        The window is yours: losses are repaired within it, but nothing shrinks it unless you back off.
        {Number.isFinite(pipe) && (
          <>
            {' '}
            The pipe holds about <strong data-testid="manual-pipe">{Math.round(pipe)}</strong> segments: below that you
            leave capacity unused, above it the extra segments wait in the queue (delay) and, past the buffer, are
            dropped.
          </>
        )}{' '}
        Watch the queue and the RTT.
      </p>
    </section>
  );
}
