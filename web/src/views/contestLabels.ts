// Where the contest chart writes each entrant's name beside its dot so that no two
// names overlap (entrants scoring alike sit almost on one spot): a greedy placement,
// the topmost dot first. A name goes right of its dot (left when it would leave the
// plot), at the dot's height if that spot is free, else at the nearest free height
// just above or below a name or dot in its way, on either side; one moved away from
// its dot is joined to it by a leader line. Text widths are estimated from the number
// of characters (no DOM to measure in), generously, so a real name fits its box.

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface LabelPoint {
  /** The dot's centre. */
  x: number;
  y: number;
  /** The name's estimated width (labelWidth). */
  width: number;
}

export interface PlacedLabel {
  /** Where the text is anchored: its start (anchor 'start') or end, and its middle height. */
  x: number;
  y: number;
  anchor: 'start' | 'end';
  box: Box;
  /** Moved away from its dot's height: draw a line from the dot to it. */
  leader: boolean;
}

export interface LabelOptions {
  /** A name's box height (its font size and a little). */
  height: number;
  /** Space between the dot's centre and its name. */
  offset: number;
  /** Space kept between two boxes. */
  gap: number;
  /** Dots are obstacles too: a square of this half-size. */
  dotRadius: number;
}

export const LABEL_OPTIONS: LabelOptions = { height: 12, offset: 6, gap: 1, dotRadius: 5 };

/** An estimated width of `text` at `fontPx`: 0.62 em a character, the width of a
 * lowercase sans-serif letter with room to spare. */
export function labelWidth(text: string, fontPx = 11, bold = false): number {
  return text.length * fontPx * (bold ? 0.68 : 0.62);
}

export function intersects(a: Box, b: Box): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

function boxAt(p: LabelPoint, anchor: 'start' | 'end', y: number, o: LabelOptions): Box {
  const x0 = anchor === 'start' ? p.x + o.offset : p.x - o.offset - p.width;
  return { x0, y0: y - o.height / 2, x1: x0 + p.width, y1: y + o.height / 2 };
}

/** One place per point, in the input's order; no two boxes intersect, nor a box a dot.
 * `bounds` is the plot: a name stays inside it horizontally when it can (it flips to
 * the dot's other side) and prefers heights inside it. */
export function placeLabels(
  points: readonly LabelPoint[],
  bounds: { left: number; right: number; top: number; bottom: number },
  o: LabelOptions = LABEL_OPTIONS,
): PlacedLabel[] {
  const r = o.dotRadius;
  const taken: Box[] = points.map((p) => ({ x0: p.x - r, y0: p.y - r, x1: p.x + r, y1: p.y + r }));
  const out: PlacedLabel[] = new Array(points.length);
  const order = points.map((_, i) => i).sort((a, b) => points[a].y - points[b].y || points[a].x - points[b].x);
  for (const i of order) {
    const p = points[i];
    const fitsRight = p.x + o.offset + p.width <= bounds.right;
    const fitsLeft = p.x - o.offset - p.width >= bounds.left;
    const sides: ('start' | 'end')[] = fitsRight || !fitsLeft ? ['start', 'end'] : ['end', 'start'];
    let best: { cost: number; anchor: 'start' | 'end'; y: number; box: Box } | undefined;
    sides.forEach((anchor, s) => {
      // The dot's height, then heights just clear of each box in the way on this side.
      const strip = boxAt(p, anchor, p.y, o);
      const ys = [p.y];
      for (const t of taken) {
        if (t.x0 >= strip.x1 || strip.x0 >= t.x1) continue;
        ys.push(t.y0 - o.gap - o.height / 2, t.y1 + o.gap + o.height / 2);
      }
      for (const y of ys) {
        const box = boxAt(p, anchor, y, o);
        if (taken.some((t) => intersects(t, box))) continue;
        const outside = y - o.height / 2 < bounds.top || y + o.height / 2 > bounds.bottom;
        const offPlot = anchor === 'start' ? !fitsRight : !fitsLeft;
        // Nearest first; the other side, a name off the plot, cost more.
        const cost = Math.abs(y - p.y) + (s === 1 ? 8 : 0) + (outside ? 1000 : 0) + (offPlot ? 2000 : 0);
        if (!best || cost < best.cost) best = { cost, anchor, y, box };
      }
    });
    // Some height is always free: below every box in the way.
    const { anchor, y, box } = best!;
    taken.push(box);
    out[i] = {
      x: anchor === 'start' ? p.x + o.offset : p.x - o.offset,
      y,
      anchor,
      box,
      leader: Math.abs(y - p.y) > o.height / 2,
    };
  }
  return out;
}
