// The order a sweep runs its points in: coarse to fine, so that a sweep cancelled at
// any moment has already drawn the whole range (both ends, then the middle, then the
// quarters...), not just its lowest x values.

/** Grid indices 0..n-1 in bisection order: both ends first, then the midpoint of each
 * interval, breadth first. Every prefix of two or more indices holds 0 and n-1. */
export function coarseToFine(n: number): number[] {
  if (!(n >= 1)) return [];
  if (n === 1) return [0];
  const order = [0, n - 1];
  let intervals: [number, number][] = [[0, n - 1]];
  while (intervals.length) {
    const next: [number, number][] = [];
    for (const [a, b] of intervals) {
      if (b - a < 2) continue;
      const m = Math.floor((a + b) / 2);
      order.push(m);
      next.push([a, m], [m, b]);
    }
    intervals = next;
  }
  return order;
}
