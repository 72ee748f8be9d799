// The key an exported chart carries (a slide cannot tell cwnd from ssthresh without it):
// its lines and its event markers, each with its colour, dash and shape, written into
// the image under the plot. Built from the panel the chart draws (charts/panelLegend.ts,
// from charts/panels.ts and the engine's declarations), never read back from the drawn
// chart, so it stays the same however the chart draws (SVG paths or a canvas).
// PanelCharts provides it to the chart's export menu through ExportLegendContext.
import { createContext } from 'react';

/** How a key entry is drawn: a chart's shapes (charts/TimeChart.tsx Shape), and the
 * time–sequence diagram's own. */
export type KeyShape =
  'line' | 'step' | 'area' | 'dots' | 'triangle' | 'diamond' | 'cross' | 'square' | 'ack-steps' | 'bar';

export interface LegendItem {
  label: string;
  color: string;
  shape: KeyShape;
  dash?: string;
}

/** The keys of the charts drawn, by chart title (what the export menu knows). */
export const ExportLegendContext = createContext<ReadonlyMap<string, readonly LegendItem[]> | undefined>(undefined);

/** An event marker (or a sample's dot), listed after the lines. */
export function isMarkerKey(shape: KeyShape): boolean {
  return shape === 'triangle' || shape === 'diamond' || shape === 'cross' || shape === 'dots';
}

// The key's geometry in the exported image (px at 1x).
export const KEY = { row: 18, swatch: 28, gap: 6, after: 16, charPx: 6.8, pad: 8 } as const;

export interface PlacedItem extends LegendItem {
  x: number;
  /** The row, from 0. */
  row: number;
}

/** Where each entry goes in `width` px: "Lines:" entries, then "Markers:" entries on a
 * row of their own, wrapping when a row is full. */
export function layoutLegend(
  items: readonly LegendItem[],
  width: number,
): { heads: PlacedHead[]; items: PlacedItem[]; rows: number } {
  const placed: PlacedItem[] = [];
  const heads: PlacedHead[] = [];
  let row = -1;
  let x = 0;
  const groups: [string, LegendItem[]][] = [
    ['Lines:', items.filter((i) => !isMarkerKey(i.shape))],
    ['Markers:', items.filter((i) => isMarkerKey(i.shape))],
  ];
  for (const [head, group] of groups) {
    if (group.length === 0) continue;
    row += 1;
    heads.push({ text: head, row });
    x = KEY.pad + head.length * KEY.charPx + KEY.gap;
    for (const item of group) {
      const w = KEY.swatch + KEY.gap + item.label.length * KEY.charPx + KEY.after;
      if (x + w > width - KEY.pad && x > KEY.pad + head.length * KEY.charPx + KEY.gap) {
        row += 1;
        x = KEY.pad + head.length * KEY.charPx + KEY.gap;
      }
      placed.push({ ...item, x, row });
      x += w;
    }
  }
  return { heads, items: placed, rows: row + 1 };
}

export interface PlacedHead {
  text: string;
  row: number;
}

/** The swatch of a key entry at (x, y): y is the row's middle. SVG path data and how to paint it. */
export function swatch(
  item: LegendItem,
  x: number,
  y: number,
): { d: string; fill: string; stroke: string; width: number } {
  const c = item.color;
  const mid = x + KEY.swatch / 2;
  const r = 5;
  switch (item.shape) {
    case 'line':
    case 'step':
      return { d: `M${x + 1},${y}H${x + KEY.swatch - 1}`, fill: 'none', stroke: c, width: 3 };
    case 'area':
      return { d: `M${x + 2},${y - 5}h${KEY.swatch - 4}v10h${4 - KEY.swatch}Z`, fill: c, stroke: 'none', width: 0 };
    case 'triangle':
      return {
        d: `M${mid},${y - r}L${mid + r},${y + r * 0.8}L${mid - r},${y + r * 0.8}Z`,
        fill: c,
        stroke: c,
        width: 2,
      };
    case 'diamond':
      return { d: `M${mid},${y - r}L${mid + r},${y}L${mid},${y + r}L${mid - r},${y}Z`, fill: c, stroke: c, width: 2 };
    case 'cross':
      return {
        d: `M${mid - r},${y - r}L${mid + r},${y + r}M${mid - r},${y + r}L${mid + r},${y - r}`,
        fill: 'none',
        stroke: c,
        width: 2.5,
      };
    case 'square':
      return { d: `M${mid - 4},${y - 4}h8v8h-8Z`, fill: c, stroke: 'none', width: 0 };
    case 'ack-steps':
      return {
        d: `M${x + 1},${y + 5}H${x + 10}V${y}H${x + 19}V${y - 5}H${x + 27}`,
        fill: 'none',
        stroke: c,
        width: 2.5,
      };
    case 'bar':
      return { d: `M${mid},${y - 6}V${y + 6}`, fill: 'none', stroke: c, width: 4 };
    default: {
      const d = 3.5;
      return {
        d: `M${mid - d},${y}a${d},${d} 0 1,0 ${2 * d},0a${d},${d} 0 1,0 ${-2 * d},0`,
        fill: c,
        stroke: c,
        width: 1,
      };
    }
  }
}
