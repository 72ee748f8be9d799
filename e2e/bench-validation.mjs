#!/usr/bin/env node
// Browser benchmark of opening the Validation view on the built site (run `npm run
// build` first), issue 19's target: first paint <= 300 ms and no main-thread task over
// 50 ms. Opens the page, waits for the engine, then clicks the Validation tab with a
// PerformanceObserver for long tasks running: the time from the click to the first frame
// that shows every group with its run count, and the longest task from the click until
// 2 s after that frame. BENCH_VALIDATION_TRIALS (default 3) fresh pages; the load
// average is printed with the figures (the machine is shared; timings vary).
// Exits 0 when it measured (PASS or MISS is in the text), 1 when it could not run.
import os from 'node:os';
import { withSite } from './site.mjs';

const PAINT_TARGET_MS = 300;
const TASK_TARGET_MS = 50;

async function trial(browser, base) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  await page.goto(base);
  await page.waitForFunction(() => document.querySelector('.app')?.getAttribute('data-phase') === 'ready', null, {
    timeout: 60_000,
  });
  await page.evaluate(() => {
    const w = window;
    w.__longest = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        if (e.startTime >= w.__clickAt) w.__longest = Math.max(w.__longest, e.duration);
    }).observe({ type: 'longtask', buffered: true });
    w.__clickAt = Infinity;
    document.querySelector('[data-testid="view-validation"]').addEventListener(
      'click',
      () => {
        w.__clickAt = performance.now();
      },
      { capture: true },
    );
  });
  await page.getByTestId('view-validation').click();
  const paintMs = await page
    .waitForFunction(
      () =>
        new Promise((resolve) => {
          const check = () => {
            const v = document.querySelector('[data-testid="validation"]');
            const groups = v?.querySelectorAll('[data-testid^="validation-group:"]') ?? [];
            const counted = [...groups].every((g) => /\d+ runs?, up to/.test(g.textContent ?? ''));
            if (groups.length > 0 && counted)
              requestAnimationFrame(() => resolve(performance.now() - window.__clickAt));
            else requestAnimationFrame(check);
          };
          check();
        }),
      null,
      { timeout: 120_000 },
    )
    .then((h) => h.jsonValue());
  await page.waitForTimeout(2000);
  const longest = await page.evaluate(() => window.__longest);
  await page.close();
  return { paintMs, longest };
}

await withSite(async (browser, base) => {
  const n = Number(process.env.BENCH_VALIDATION_TRIALS ?? 3);
  for (let i = 0; i < n; i++) {
    const { paintMs, longest } = await trial(browser, base);
    const ok = paintMs <= PAINT_TARGET_MS && longest <= TASK_TARGET_MS;
    console.log(
      `browser validation open ${i + 1}/${n}: first paint ${paintMs.toFixed(0)} ms (target <= ${PAINT_TARGET_MS}), ` +
        `longest task ${longest.toFixed(0)} ms (target <= ${TASK_TARGET_MS})  ${ok ? 'PASS' : 'MISS'}  ` +
        `load ${os
          .loadavg()
          .map((x) => x.toFixed(1))
          .join(' ')}`,
    );
  }
});
