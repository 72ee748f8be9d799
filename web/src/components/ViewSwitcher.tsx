// The header's view tabs (Live, Compare, Sweep, Contest, Validation).
import type { ViewActions } from '../state/actions';
import { useLab, type LabSource } from '../state/useLab';
import { VIEWS, type ViewName } from '../model/views';

const VIEW_LABELS: Record<ViewName, string> = {
  live: 'Live',
  compare: 'Compare',
  sweep: 'Sweep',
  contest: 'Contest',
  validation: 'Validation',
};

/** The element a view's tab controls: the validation page, or the lab's layout (each
 * stays a <main> landmark rather than a tabpanel: the tabs switch the whole page). */
export const VIEW_PANEL_ID = (v: ViewName) => (v === 'validation' ? 'panel-validation' : 'panel-lab');

export function ViewSwitcher({ store }: { store: LabSource & ViewActions }) {
  const current = useLab(store, (s) => s.view.view);
  const ready = useLab(store, (s) => s.engine.phase === 'ready');
  // The WAI-ARIA tabs pattern: one tab in the Tab order (the selected one); Left/Right
  // (wrapping), Home and End move to a tab and select it (automatic activation).
  const onKeyDown = (e: React.KeyboardEvent<HTMLElement>) => {
    const i = VIEWS.indexOf(current);
    const next =
      e.key === 'ArrowRight'
        ? (i + 1) % VIEWS.length
        : e.key === 'ArrowLeft'
          ? (i - 1 + VIEWS.length) % VIEWS.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? VIEWS.length - 1
              : -1;
    if (next < 0 || !ready) return;
    e.preventDefault();
    store.setView(VIEWS[next]);
    e.currentTarget.querySelector<HTMLElement>(`[data-testid="view-${VIEWS[next]}"]`)?.focus();
  };
  return (
    <nav className="view-switch" role="tablist" aria-label="View" onKeyDown={onKeyDown}>
      {VIEWS.map((v) => (
        <button
          key={v}
          type="button"
          role="tab"
          id={`tab-${v}`}
          aria-selected={v === current}
          aria-controls={v === current ? VIEW_PANEL_ID(v) : undefined}
          tabIndex={v === current ? 0 : -1}
          data-testid={`view-${v}`}
          disabled={!ready}
          onClick={() => store.setView(v)}
        >
          {VIEW_LABELS[v]}
        </button>
      ))}
    </nav>
  );
}
