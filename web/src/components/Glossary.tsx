// The Glossary: a header button that opens a panel of the lab's terms, each one
// sentence with where it is defined. Escape or the close button shuts it and gives
// focus back to the button.
import { useEffect, useRef, useState } from 'react';
import { GLOSSARY } from '../model/params/glossary';
import './guide.css';

export function GlossaryButton() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  function close() {
    setOpen(false);
    button.current?.focus();
  }
  return (
    <>
      <button
        type="button"
        ref={button}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        data-testid="glossary-button"
      >
        Glossary
      </button>
      {open && (
        <div
          className="glossary"
          role="dialog"
          aria-modal="false"
          aria-labelledby="glossary-title"
          tabIndex={-1}
          ref={panel}
          data-testid="glossary"
        >
          <div className="glossary-head">
            <h2 id="glossary-title">Glossary</h2>
            <button type="button" onClick={close} data-testid="glossary-close">
              Close
            </button>
          </div>
          <dl>
            {GLOSSARY.map((g) => (
              <div key={g.term} className="glossary-entry" data-term={g.term}>
                <dt>{g.term}</dt>
                <dd>
                  {g.text} <cite>{g.source}</cite>
                </dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </>
  );
}
