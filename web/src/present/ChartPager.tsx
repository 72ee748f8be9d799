// Presentation mode's pages of charts (chartPages.ts), for the Live and Compare views:
// the page shown, and its buttons: the previous and next page, and a button per page
// named by its charts' short titles (the engine's declarations), the page shown marked;
// c and C (Shift+c) turn the page from the keyboard, as the list under "?" says.
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { chartsPerPage, clampPage, pagesOf, stepPage } from './chartPages';
import { keyAction } from './keyTable';
import { isTypingTarget } from './shortcuts';
import './chartPager.css';

interface Props {
  /** Each page's charts, by their short titles. */
  pages: readonly (readonly string[])[];
  page: number;
  onPage: (page: number) => void;
  onStep: (step: 1 | -1) => void;
}

export function ChartPager({ pages, page, onPage, onStep }: Props) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || isTypingTarget(e.target)) return;
      const a = keyAction(e.key);
      if (a?.kind !== 'charts') return;
      e.preventDefault();
      onStep(a.step);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onStep]);
  if (pages.length < 2) return null;
  return (
    <nav className="chart-pager" aria-label="Chart pages" data-testid="chart-pager" data-page={page}>
      <button
        type="button"
        className="chart-pager-step"
        onClick={() => onStep(-1)}
        aria-label="Previous page of charts (key Shift+C)"
        data-testid="chart-page-prev"
      >
        ◀
      </button>
      <ol>
        {pages.map((titles, i) => (
          <li key={i}>
            <button
              type="button"
              aria-current={i === page ? 'page' : undefined}
              onClick={() => onPage(i)}
              title={`Charts page ${i + 1} of ${pages.length}: ${titles.join(', ')}`}
              data-testid={`chart-page:${i}`}
            >
              {titles.join(' · ')}
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="chart-pager-step"
        onClick={() => onStep(1)}
        aria-label="Next page of charts (key C)"
        data-testid="chart-page-next"
      >
        ▶
      </button>
    </nav>
  );
}

/** The window's inner height, following resizes. */
export function useViewportHeight(): number {
  const [vh, setVh] = useState(() => (typeof window === 'undefined' ? 1000 : window.innerHeight));
  useEffect(() => {
    const on = () => setVh(window.innerHeight);
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return vh;
}

/** While presenting, the page of `panels` to draw and the buttons that turn it (null
 * when everything fits one page); otherwise all of them. */
export function useChartPages<P extends { shortTitle: string }>(
  panels: readonly P[],
  present: boolean,
): { shown: readonly P[]; perPage: number; pager: ReactNode } {
  const perPage = chartsPerPage(useViewportHeight());
  const pages = useMemo(() => (present ? pagesOf(panels, perPage) : [panels]), [present, panels, perPage]);
  const [page, setPage] = useState(0);
  const count = pages.length;
  const shownPage = clampPage(page, count);
  const onStep = useCallback((step: 1 | -1) => setPage((p) => stepPage(p, step, count)), [count]);
  const titles = useMemo(() => pages.map((p) => p.map((panel) => panel.shortTitle)), [pages]);
  const pager = present ? <ChartPager pages={titles} page={shownPage} onPage={setPage} onStep={onStep} /> : null;
  return { shown: pages[shownPage], perPage, pager };
}
