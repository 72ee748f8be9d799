// Beside the sweep's throughput-model curves: why they lie above the measurement when
// an application limit (the token bucket, on by default; a live stream) caps the
// sender, with a button that turns each limit off.
import type { AppLimit } from '../model/run/appLimits';
import type { ValueActions } from '../state/actions';

export function AppLimitNote({
  store,
  limits,
  multiFlow,
}: {
  store: ValueActions;
  limits: AppLimit[];
  multiFlow: boolean;
}) {
  if (limits.length === 0) return null;
  const names = limits.map((l) => (multiFlow ? `${l.label} (flow ${l.flow})` : l.label)).join(', ');
  return (
    <div className="swept-note app-limit-note" role="note" data-testid="sweep-app-limit">
      <strong>The model curves assume a sender that always has data.</strong> Here the application limits it ({names}{' '}
      on), so the measured goodput stays below them for reasons the equations do not model.{' '}
      {limits.map((l) => (
        <button
          key={l.path}
          type="button"
          className="link"
          data-testid={`lift:${l.path}`}
          onClick={() => store.setValue(l.path, false)}
        >
          Turn {l.label.toLowerCase()}
          {multiFlow ? ` (flow ${l.flow})` : ''} off
        </button>
      ))}
    </div>
  );
}
