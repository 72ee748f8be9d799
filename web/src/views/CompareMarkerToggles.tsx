// The compare view's switches for event markers (fast retransmit, timeout...): one
// toggle per marker kind the schema declares, each drawn in its shape and explaining
// itself on hover and focus.
import { ExplainedLabel } from '../charts/ExplainedLabel';
import type { MarkerKind } from '../charts/compareSeries';
import './CompareMarkerToggles.css';

function Shape({ shape }: { shape: MarkerKind['shape'] }) {
  const d =
    shape === 'diamond' ? 'M8,1L15,8L8,15L1,8Z' : shape === 'cross' ? 'M2,2L14,14M2,14L14,2' : 'M8,1L15,14L1,14Z';
  return (
    <svg width="16" height="16" aria-hidden="true">
      <path d={d} fill={shape === 'cross' ? 'none' : '#555'} stroke="#555" strokeWidth="2" />
    </svg>
  );
}

export function CompareMarkerToggles({
  kinds,
  on,
  onChange,
}: {
  kinds: MarkerKind[];
  on: string[];
  onChange: (on: string[]) => void;
}) {
  if (kinds.length === 0) return null;
  return (
    <div
      className="panel-row cmp-markers"
      role="group"
      aria-label="Event markers on the window chart"
      data-testid="cmp-markers"
    >
      <span className="muted-note">Event markers (in each protocol's colour):</span>
      {kinds.map((k) => {
        const active = on.includes(k.name);
        return (
          <span key={k.name} className="cmp-marker">
            <button
              type="button"
              className="legend-toggle"
              aria-pressed={active}
              data-testid={`cmp-marker:${k.name}`}
              onClick={() => onChange(active ? on.filter((n) => n !== k.name) : [...on, k.name])}
            >
              <Shape shape={k.shape} />
              {k.label}
            </button>
            {k.help && (
              <ExplainedLabel
                explanation={{ help: k.help, source: k.source ?? '' }}
                testId={`cmp-marker-help:${k.name}`}
              >
                <span aria-label={`What is ${k.label}?`}>?</span>
              </ExplainedLabel>
            )}
          </span>
        );
      })}
    </div>
  );
}
