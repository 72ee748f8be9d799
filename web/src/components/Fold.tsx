// A section of the sidebar that folds on a phone: there the controls are a column of
// closed sections (Flows, TCP, Path, …) under one-line summaries, so the charts are a
// short scroll away, not under 2,400 px of controls. On a wider screen the section is
// always open and its summary hidden (the section's own heading shows, as before).
// Test ids: fold:<name>.
import { useState, useSyncExternalStore, type ReactNode } from 'react';

/** The width below which the page is laid out for a phone (layout.css's narrow rules). */
export const PHONE_QUERY = '(max-width: 640px)';

function subscribe(on: () => void): () => void {
  const mq = window.matchMedia(PHONE_QUERY);
  mq.addEventListener('change', on);
  return () => mq.removeEventListener('change', on);
}

/** True on a phone-width screen, following resizes and rotation. */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}

export function Fold({ name, summary, children }: { name: string; summary: ReactNode; children: ReactNode }) {
  const narrow = useNarrow();
  const [open, setOpen] = useState(false);
  return (
    <details
      className="fold"
      data-testid={`fold:${name}`}
      open={!narrow || open}
      onToggle={(e) => {
        // Only the reader's own toggles on a phone; a wide screen forces it open.
        if (narrow) setOpen((e.currentTarget as HTMLDetailsElement).open);
      }}
    >
      <summary className="fold-summary">{summary}</summary>
      {children}
    </details>
  );
}
