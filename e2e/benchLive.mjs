// Live mode in the browser bench (bench-browser.mjs): presses Play at 1x and samples
// requestAnimationFrame for `seconds` (frames per second, frames dropped: gaps over
// 20 ms), and records a Chromium trace meanwhile to read the main thread's work per
// frame: the time its tasks ran (RunTask on the renderer's main thread) between one
// animation frame and the next (FireAnimationFrame), median, p90 and max, against the
// 8 ms target. Run for the default scenario and for 10 flows (every Live chart drawn).

const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];

/** Per frame, the ms the renderer's main thread was busy (from a Chromium trace). */
export function frameWork(trace) {
  const events = trace.traceEvents ?? trace;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return [];
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  // Frame boundaries: the first rAF callback of each frame (several fire together).
  const starts = [];
  for (const e of onMain)
    if (e.name === 'FireAnimationFrame' && (starts.length === 0 || e.ts - starts.at(-1) > 2000)) starts.push(e.ts);
  starts.sort((a, b) => a - b);
  if (starts.length < 3) return [];
  const busy = new Float64Array(starts.length - 1);
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.dur > 0);
  for (const e of tasks) {
    // Each task's time goes to the frame interval(s) it overlaps.
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= e.ts) lo = mid;
      else hi = mid - 1;
    }
    for (let f = lo; f < busy.length && starts[f] < e.ts + e.dur; f++) {
      const a = Math.max(e.ts, starts[f]);
      const b = Math.min(e.ts + e.dur, starts[f + 1]);
      if (b > a) busy[f] += (b - a) / 1000;
    }
  }
  return [...busy];
}

export async function liveBench(browser, base, { settledCondition, quantile, load, verdict, seconds }) {
  for (const [what, hash] of [
    ['20 s default run', ''],
    ['20 s, 10 flows', '#v=2&flows=10'],
  ]) {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await page.goto(base + hash);
    await page.waitForFunction(settledCondition, 0, { timeout: 60_000 });
    await page.click('[data-testid="play"]');
    await page.waitForSelector('[data-testid="play-bar"][data-status="playing"]', { timeout: 10_000 });
    // Skip the first half second (the play button's own re-render).
    await page.waitForTimeout(500);
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    const r = await page.evaluate(
      (s) =>
        new Promise((resolve) => {
          const stamps = [];
          const tick = (t) => {
            stamps.push(t);
            if (t - stamps[0] < s * 1000) requestAnimationFrame(tick);
            else resolve(stamps);
          };
          requestAnimationFrame(tick);
        }),
      seconds,
    );
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
    const gaps = r.slice(1).map((t, i) => t - r[i]);
    const fps = (gaps.length * 1000) / (r.at(-1) - r[0]);
    const dropped = gaps.filter((g) => g > 20).length;
    const sorted = [...gaps].sort((a, b) => a - b);
    const work = frameWork(trace).sort((a, b) => a - b);
    const status = await page.getAttribute('[data-testid="play-bar"]', 'data-status');
    const w = work.length
      ? `main thread per frame median ${quantile(work, 0.5).toFixed(1)} ms, p90 ${quantile(work, 0.9).toFixed(1)} ms, max ${work.at(-1).toFixed(1)} ms (${work.length} frames)  target <= 8 ms ${verdict([quantile(work, 0.9) <= 8])}`
      : 'main thread per frame: no trace';
    console.log(
      `browser live mode (${what} at 1x, ${seconds} s sampled): ${fps.toFixed(1)} fps, ${dropped} dropped frames (gaps > 20 ms; longest ${sorted.at(-1).toFixed(1)} ms, median ${quantile(sorted, 0.5).toFixed(1)} ms)  target 60 fps, 0 dropped ${verdict([fps >= 59, dropped === 0])}; ${w}  (${load()}; still ${status})`,
    );
    await page.close();
  }
}
