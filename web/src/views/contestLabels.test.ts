// The contest chart's name placement: crowded dots (entrants scoring alike) get names
// whose boxes never intersect each other or a dot, each as near its dot as it can be.
import { describe, expect, it } from 'vitest';
import { intersects, LABEL_OPTIONS, labelWidth, placeLabels, type LabelPoint } from './contestLabels';

const BOUNDS = { left: 46, right: 288, top: 12, bottom: 170 };

function noOverlaps(points: readonly LabelPoint[]) {
  const placed = placeLabels(points, BOUNDS);
  expect(placed).toHaveLength(points.length);
  const r = LABEL_OPTIONS.dotRadius;
  for (let i = 0; i < placed.length; i++) {
    for (let j = i + 1; j < placed.length; j++)
      expect(intersects(placed[i].box, placed[j].box), `labels ${i} and ${j}`).toBe(false);
    for (const p of points) {
      const dot = { x0: p.x - r, y0: p.y - r, x1: p.x + r, y1: p.y + r };
      expect(intersects(placed[i].box, dot), `label ${i} covers a dot`).toBe(false);
    }
    // The box is where the text is written, as wide as the name.
    const { box, x, anchor } = placed[i];
    expect(box.x1 - box.x0).toBeCloseTo(points[i].width, 9);
    expect(anchor === 'start' ? box.x0 : box.x1).toBe(x);
  }
  return placed;
}

describe('placeLabels', () => {
  it('leaves a lone name at its dot, right of it, with no leader', () => {
    const [l] = noOverlaps([{ x: 100, y: 80, width: labelWidth('bbr') }]);
    expect(l).toMatchObject({ x: 106, y: 80, anchor: 'start', leader: false });
  });

  it('puts a name left of its dot when the right would leave the plot', () => {
    const [l] = noOverlaps([{ x: 280, y: 80, width: labelWidth('vegas') }]);
    expect(l.anchor).toBe('end');
    expect(l.box.x0).toBeGreaterThanOrEqual(BOUNDS.left);
    expect(l.box.x1).toBeLessThanOrEqual(280);
  });

  it('separates the names of dots at almost one spot (the contest board: five at 50 ms)', () => {
    const names = ['westwood', 'vegas', 'reno', 'newreno', 'cubic', 'bbr'];
    const points = names.map((n, i) => ({ x: 200 + (i % 2) * 1.5, y: 140 + i * 0.8, width: labelWidth(n) }));
    const placed = noOverlaps(points);
    // Each stays near its dot, and those moved say so with a leader line.
    for (let i = 0; i < placed.length; i++) {
      expect(Math.abs(placed[i].y - points[i].y)).toBeLessThan(6 * LABEL_OPTIONS.height);
      expect(placed[i].leader).toBe(Math.abs(placed[i].y - points[i].y) > LABEL_OPTIONS.height / 2);
    }
    expect(placed.some((l) => l.leader)).toBe(true);
  });

  it('never overlaps on crowded random inputs, at the edges too', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 200; round++) {
      const n = 2 + Math.floor(rand() * 10);
      const cx = BOUNDS.left + rand() * (BOUNDS.right - BOUNDS.left);
      const cy = BOUNDS.top + rand() * (BOUNDS.bottom - BOUNDS.top);
      const points = Array.from({ length: n }, () => ({
        x: Math.min(BOUNDS.right, Math.max(BOUNDS.left, cx + (rand() - 0.5) * 40)),
        y: Math.min(BOUNDS.bottom, Math.max(BOUNDS.top, cy + (rand() - 0.5) * 20)),
        width: labelWidth('x'.repeat(3 + Math.floor(rand() * 10))),
      }));
      noOverlaps(points);
    }
  });
});
