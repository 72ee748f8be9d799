// A legend entry that explains itself: on hover or keyboard focus it shows the
// series' one-sentence help and its citation (from the engine's schema), announced to
// screen readers through aria-describedby.
import { useId, type ReactNode } from 'react';
import type { Explanation } from './explain';
import './explain.css';

export function ExplainedLabel({
  explanation,
  children,
  testId,
}: {
  explanation?: Explanation;
  children: ReactNode;
  testId?: string;
}) {
  const id = useId();
  if (!explanation) return <span className="legend-entry">{children}</span>;
  return (
    <span className="legend-entry explained" tabIndex={0} aria-describedby={id} data-testid={testId}>
      {children}
      <span className="explain-tip" role="tooltip" id={id}>
        {explanation.help}
        {explanation.source && <cite className="explain-source">{explanation.source}</cite>}
      </span>
    </span>
  );
}
