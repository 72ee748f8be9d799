// The plot height that lets a view's charts fill the screen (or the iframe) without
// scrolling in presentation and embed mode, whatever the controls above them and the
// titles and legends around each plot take on this screen: the viewport below the
// charts' top, split into rows, less what a figure shows besides its plot (measured:
// the figure's height less its .chart-body's). Measured after each render, on resize,
// and when the charts' box changes size (a legend wrapping, a note appearing above).
import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

/** Below the charts: the layout's bottom padding and a little air. */
const BOTTOM = 14;

/** The grid's shape: how many rows its shown charts take, and what its other shown
 * children (a flow legend, a partial-result note: full-width rows, present.css) take above
 * them with their gaps. Anything but a grid is one row with nothing above. */
function gridOf(el: HTMLElement): { rows: number; gap: number; above: number } {
  const cs = getComputedStyle(el);
  if (cs.display !== 'grid') return { rows: 1, gap: 0, above: 0 };
  const cols = cs.gridTemplateColumns.split(' ').filter(Boolean).length || 1;
  const gap = parseFloat(cs.rowGap) || 0;
  const shown = Array.from(el.children).filter((c) => (c as HTMLElement).offsetParent !== null);
  const charts = shown.filter((c) => c.matches('.chart')).length;
  const above = shown
    .filter((c) => !c.matches('.chart'))
    .reduce((h, c) => h + c.getBoundingClientRect().height + gap, 0);
  return { rows: Math.max(1, Math.ceil(charts / cols)), gap, above };
}

function measure(el: HTMLElement): number {
  const { rows, gap, above } = gridOf(el);
  const top = el.getBoundingClientRect().top + window.scrollY; // the page's top: scrolling does not shrink them
  // The most any shown figure takes besides its plot (one whose legend wraps sets its row's height).
  const figures = el.matches('.chart') ? [el] : Array.from(el.querySelectorAll<HTMLElement>('.chart'));
  const chrome = figures.reduce((most, figure) => {
    const body = figure.querySelector('.chart-body');
    if (!body || figure.offsetParent === null) return most;
    return Math.max(most, figure.getBoundingClientRect().height - body.getBoundingClientRect().height);
  }, 0);
  return Math.floor((window.innerHeight - top - BOTTOM - above - gap * (rows - 1)) / rows - chrome);
}

/** The plot height for the chart `ref` is (or the grid of charts it holds, in as many
 * rows as the grid lays them), or null when not enabled. */
export function useFillHeight(ref: RefObject<HTMLElement | null>, enabled: boolean): number | null {
  const [fill, setFill] = useState<number | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el) return;
    const again = () => setTick((t) => t + 1);
    window.addEventListener('resize', again);
    const ro = new ResizeObserver(again);
    ro.observe(el);
    return () => {
      window.removeEventListener('resize', again);
      ro.disconnect();
    };
  }, [ref, enabled]);
  // After every render on purpose: what is above the charts changes without telling us;
  // the hysteresis below ends the chain once the height settles.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- measured after each render, see above
  useLayoutEffect(() => {
    const el = ref.current;
    if (!enabled || !el) return;
    const next = measure(el);
    // 2 px of hysteresis: a plot that grows its own box must not measure itself forever.
    setFill((old) => (old !== null && Math.abs(old - next) <= 2 ? old : next));
  });
  void tick;
  return enabled ? fill : null;
}
