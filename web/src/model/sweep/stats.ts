// The statistics of a sweep point and of a claim's verdict: mean, spread and the 95 %
// confidence interval of the mean over seeds (the engine's sweep reports the same numbers:
// engine/src/sweep/sweep_stats.cc; sweepPlan.test.ts checks they agree).

export interface Stats {
  /** Finite values aggregated. */
  n: number;
  mean: number;
  min: number;
  max: number;
  /** Sample standard deviation (0 for one value). */
  sd: number;
  /** Half width of the 95 % confidence interval of the mean (Student's t; 0 for one
   * value), the error bars the papers draw (TCP-ER Figs. 1-9). */
  ci95: number;
}

// Student's t, two-sided 95 %, for 1..30 degrees of freedom; 1.96 beyond.
const T95 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11,
  2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

/** Half width of the 95 % confidence interval of a mean of n values with sample sd. */
export function ci95HalfWidth(n: number, sd: number): number {
  if (n < 2) return 0;
  return (T95[n - 2] ?? 1.96) * (sd / Math.sqrt(n));
}

/** Mean, min, max, sample sd and 95 % CI of the finite values; null when there is none. */
export function aggregate(values: readonly (number | null | undefined)[]): Stats | null {
  const xs = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  if (xs.length === 0) return null;
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const v of xs) {
    sum += v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const mean = sum / xs.length;
  let ss = 0;
  for (const v of xs) ss += (v - mean) ** 2;
  const sd = xs.length > 1 ? Math.sqrt(ss / (xs.length - 1)) : 0;
  return { n: xs.length, mean, min, max, sd, ci95: ci95HalfWidth(xs.length, sd) };
}
