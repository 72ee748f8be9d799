// The "⤓" control in a chart's caption: saves the chart as SVG or PNG (title, axes and
// the experiment's link as caption, and the key of its lines and markers that the
// chart's panel provides: legend.ts) and its data as CSV. One menu for every chart;
// each chart only says where its <svg> is and how to write its data.
import { useContext, useEffect, useRef, useState, type RefObject } from 'react';
import { ExportLegendContext } from './legend';
import { downloadBlob, downloadText, fileSlug } from './download';
import { experimentLink, seedSuffix } from './experimentInfo';
import { rasterize, serializeChart } from './svgExport';
import './export.css';

export interface ExportMenuProps {
  title: string;
  svgRef: RefObject<SVGSVGElement | null>;
  /** The chart's data as CSV text; no CSV entry when absent. */
  csv?: () => string;
}

export function ExportMenu({ title, svgRef, csv }: ExportMenuProps) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const wrap = useRef<HTMLDivElement>(null);
  const legend = useContext(ExportLegendContext)?.get(title);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const base = () => `${fileSlug(title)}${seedSuffix()}`;
  // Runs an export from a click (the handlers call it, so nothing reads the chart's ref while rendering).
  const act = async (f: () => void | Promise<void>) => {
    setOpen(false);
    setError(null);
    try {
      await f();
    } catch (e) {
      setError(`Export failed: ${e instanceof Error ? e.message : String(e)}`);
    }
    button.current?.focus();
  };
  const chart = () => {
    const svg = svgRef.current;
    if (!svg) throw new Error('the chart is not drawn yet');
    return serializeChart(svg, title, experimentLink(), legend);
  };

  return (
    <div
      className="export-menu"
      ref={wrap}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className="export-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`Export “${title}”`}
        title="Export this chart (SVG, PNG, CSV)"
        data-testid="export-button"
        onClick={() => setOpen((o) => !o)}
      >
        ⤓
      </button>
      {open && (
        <ul className="export-list" role="menu" aria-label={`Export “${title}”`}>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              autoFocus
              data-testid="export-svg"
              onClick={() => void act(() => downloadText(chart().text, `${base()}.svg`, 'image/svg+xml'))}
            >
              Image (SVG)
            </button>
          </li>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              data-testid="export-png"
              onClick={() => void act(async () => downloadBlob(await rasterize(chart()), `${base()}.png`))}
            >
              Image (PNG, 2x)
            </button>
          </li>
          {csv && (
            <li role="none">
              <button
                type="button"
                role="menuitem"
                data-testid="export-csv"
                onClick={() => void act(() => downloadText(csv(), `${base()}.csv`, 'text/csv'))}
              >
                Data (CSV)
              </button>
            </li>
          )}
        </ul>
      )}
      {error && (
        <span className="export-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
