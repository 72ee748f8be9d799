// The "Papers" menu: experiments from the papers (public/presets/presets.json), each a
// plain link to its URL hash, so opening one is the same as opening a shared link.
// A preset this engine cannot read exactly is flagged with what the page would change.
// PresetNote.tsx shows the caption of the preset the page currently shows.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import type { PaperInfo } from '../model/claims/evidence';
import type { ParamModel } from '../model/params/params';
import { checkPreset, loadPresets, withoutHidden, type Preset } from '../model/claims/presets';
import { presetSeedNote } from '../model/claims/presetSeeds';
import './papers.css';

/** A small document icon (an emoji may have no glyph on a lab machine). */
export function PaperIcon({ size = 18 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 16 16" aria-hidden="true" className="paper-icon">
      <path
        d="M3 1.5h6.5L13 5v9.5H3z"
        fill="currentColor"
        fillOpacity="0.12"
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinejoin="round"
      />
      <path d="M9.5 1.5V5H13M5.5 8h5M5.5 10.5h5M5.5 13h3" fill="none" stroke="currentColor" strokeWidth="1.2" />
    </svg>
  );
}

export function usePresets(): { presets: Preset[]; papers: Record<string, PaperInfo>; error?: string } {
  const [state, setState] = useState<{ presets: Preset[]; papers: Record<string, PaperInfo>; error?: string }>({
    presets: [],
    papers: {},
  });
  useEffect(() => {
    let live = true;
    loadPresets().then(
      (r) => {
        if (!live) return;
        if (r.problems.length) console.warn('[plab] presets:', r.problems);
        setState({ presets: r.presets, papers: r.papers });
      },
      (e) => live && setState({ presets: [], papers: {}, error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

interface Props {
  model?: ParamModel;
  /** The page's current hash (to mark the preset shown). */
  current: string;
  disabled: boolean;
  onOpen: (hash: string) => void;
  /** Appended to each preset's link: the display flags (presenting stays on). */
  linkSuffix?: string;
}

export function PapersMenu({ model, current, disabled, onOpen, linkSuffix = '' }: Props) {
  const { presets, error } = usePresets();
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);

  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  // Keyboard: the button opens the menu (Enter, Space, or Down arrow) with the focus on
  // the preset shown (else the first); arrows, Home and End move between presets;
  // Escape closes it and gives the focus back to the button.
  const links = () => Array.from(menu.current?.querySelectorAll<HTMLAnchorElement>('a[data-testid^="preset:"]') ?? []);
  const onMenuKey = (e: ReactKeyboardEvent) => {
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    const to =
      e.key === 'ArrowDown'
        ? at + 1
        : e.key === 'ArrowUp'
          ? at - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? all.length - 1
              : null;
    if (to === null || all.length === 0) return;
    e.preventDefault();
    all[(to + all.length) % all.length].focus();
  };
  const focusOnOpen = useRef(false);
  useEffect(() => {
    if (!open || !focusOnOpen.current) return;
    focusOnOpen.current = false;
    const all = links();
    (all.find((a) => a.getAttribute('aria-current') === 'page') ?? all[0])?.focus();
  });

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onDown = (e: MouseEvent) => {
      if (wrap.current && !wrap.current.contains(e.target as Node)) setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('mousedown', onDown);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('mousedown', onDown);
    };
  }, [open]);

  const checked = useMemo(
    () => presets.map((p) => ({ preset: p, check: model ? checkPreset(model, p.hash) : undefined })),
    [presets, model],
  );
  const here = withoutHidden(current);

  return (
    <div className="papers" ref={wrap}>
      <button
        type="button"
        className="papers-button"
        aria-expanded={open}
        aria-controls="papers-menu"
        aria-haspopup="dialog"
        data-testid="papers-button"
        disabled={disabled}
        ref={button}
        onClick={(e) => {
          // A key press (Enter, Space) clicks with detail 0: move the focus into the menu.
          focusOnOpen.current = e.detail === 0;
          setOpen((o) => !o);
        }}
        onKeyDown={(e) => {
          if (e.key !== 'ArrowDown' || open) return;
          e.preventDefault();
          focusOnOpen.current = true;
          setOpen(true);
        }}
      >
        <PaperIcon /> Papers <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div
          className="papers-menu"
          id="papers-menu"
          role="dialog"
          aria-label="Experiments from the papers"
          data-testid="papers-menu"
          ref={menu}
          onKeyDown={onMenuKey}
        >
          <div className="papers-head">
            <h2>Experiments from the papers</h2>
            <span className="muted-note">each opens the experiment as a link you can share</span>
          </div>
          {error && <p className="field-error">Could not load the presets: {error}</p>}
          {!error && presets.length === 0 && <p className="muted">Loading…</p>}
          <ul>
            {checked.map(({ preset: p, check }) => {
              const active = check && withoutHidden(check.canonical) === here;
              // A heading where the paper changes (presets.json keeps each paper's together).
              const i = checked.findIndex((c) => c.preset.id === p.id);
              const first = i === 0 || checked[i - 1].preset.paper !== p.paper;
              return (
                <li
                  key={p.id}
                  className={`${active ? 'active' : ''}${first ? ' paper-first' : ''}`}
                  data-paper={first ? p.paper : undefined}
                >
                  <a
                    href={p.hash + linkSuffix}
                    data-testid={`preset:${p.id}`}
                    aria-current={active ? 'page' : undefined}
                    onClick={(e) => {
                      setOpen(false);
                      // Same link again: no hashchange, so reopen it ourselves.
                      if (location.hash === p.hash + linkSuffix || active) {
                        e.preventDefault();
                        onOpen(p.hash + linkSuffix);
                      }
                    }}
                  >
                    <span className="preset-title">{p.title}</span>
                    <span className="preset-source">
                      {p.paper} · {p.section}
                    </span>
                    <span className="preset-caption">{p.caption}</span>
                    {model && <span className="preset-seeds">{presetSeedNote(model, p.hash)}</span>}
                  </a>
                  {check && check.messages.length > 0 && (
                    <p className="field-error" data-testid={`preset-problem:${p.id}`}>
                      This engine reads this preset differently: {check.messages.map((m) => m.text).join('; ')}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
          <p className="muted-note papers-foot">Presets live in presets/presets.json; add one there, no code needed.</p>
        </div>
      )}
    </div>
  );
}
