#!/usr/bin/env node
// Browser benchmark: input -> charts redrawn, on the built site (run `npm run build`
// first). Serves dist/ with vite preview on a free port, drives Debian's Chromium
// headless, moves the forward-loss slider of the default scenario one notch (arrow keys
// on the focused slider, alternating right and left: 0.010 <-> 0.011) and
// reads the page's own measure "plab:input->redrawn" (from the input event to the
// frame after all three charts drew the new result). Prints the median and p90;
// exits 0 when it measured (PASS or FAIL is in the text), 1 when it could not run.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TRIALS = Number(process.env.BENCH_TRIALS ?? 15);
const WARMUP = 2;
const TARGET_MS = 100;
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const SLIDER = '[data-testid="flows[0].channel.forward.p:slider"]';

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHttp(url, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

function quantile(sorted, q) {
  const i = (sorted.length - 1) * q;
  const lo = Math.floor(i);
  const hi = Math.ceil(i);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (i - lo);
}

// Same condition as the e2e tests: nothing in flight, charts show the newest run.
function settledCondition(minRunId) {
  const app = document.querySelector('.app');
  if (!app || app.getAttribute('data-phase') !== 'ready' || app.getAttribute('data-busy') !== '0') return false;
  const last = Number(app.getAttribute('data-last-finished'));
  const shown = Number(document.querySelector('[data-testid="charts"]')?.getAttribute('data-run-id') ?? 0);
  return last > minRunId && shown === last;
}

async function main() {
  if (!existsSync(path.join(repoDir, 'dist', 'index.html'))) throw new Error('dist/ is missing: run `npm run build` first');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/`;
  const server = spawn(
    process.execPath,
    [path.join(repoDir, 'node_modules/vite/bin/vite.js'), 'preview', '--config', 'web/vite.config.ts', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    { cwd: repoDir, stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  let serverErr = '';
  server.stderr.on('data', (d) => (serverErr += d));
  let browser;
  try {
    await waitForHttp(base, 30_000);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await page.goto(base);
    await page.waitForFunction(settledCondition, 0, { timeout: 60_000 });
    const slider = page.locator(SLIDER);
    await slider.scrollIntoViewIfNeeded();
    await slider.focus();

    const total = [];
    const engine = [];
    const draw = [];
    for (let i = 0; i < TRIALS + WARMUP; i++) {
      const before = await page.evaluate(() => {
        performance.clearMarks('plab:input');
        performance.clearMarks('plab:redrawn');
        performance.clearMarks('plab:result');
        performance.clearMeasures('plab:input->redrawn');
        performance.clearMeasures('plab:result->redrawn');
        return {
          run: Number(document.querySelector('.app')?.getAttribute('data-last-finished') ?? 0),
          hash: document.querySelector('[data-testid="chart-cwnd"]')?.getAttribute('data-hash'),
          link: location.hash,
        };
      });
      await page.keyboard.press(i % 2 === 0 ? 'ArrowRight' : 'ArrowLeft');
      await page
        .waitForFunction((h) => location.hash !== h, before.link, { timeout: 5_000 })
        .catch(() => Promise.reject(new Error(`trial ${i}: the slider did not move (link ${before.link})`)));
      await page.waitForFunction(settledCondition, before.run, { timeout: 30_000 });
      await page.waitForFunction(() => performance.getEntriesByName('plab:input->redrawn').length > 0, null, { timeout: 5_000 });
      const r = await page.evaluate(() => ({
        ms: performance.getEntriesByName('plab:input->redrawn').at(-1).duration,
        draw: performance.getEntriesByName('plab:result->redrawn').at(-1)?.duration,
        hash: document.querySelector('[data-testid="chart-cwnd"]')?.getAttribute('data-hash'),
        status: document.querySelector('[data-testid="status"]')?.textContent ?? '',
        toWorker: Number(document.querySelector('[data-testid="status"]')?.getAttribute('data-to-worker-ms')),
        fromWorker: Number(document.querySelector('[data-testid="status"]')?.getAttribute('data-from-worker-ms')),
        result: performance.getEntriesByName('plab:result').at(-1)?.startTime - performance.getEntriesByName('plab:input').at(-1)?.startTime,
      }));
      if (r.hash === before.hash) throw new Error(`trial ${i}: the link changed but the cwnd chart did not (${before.link})`);
      if (i < WARMUP) continue;
      total.push(r.ms);
      const m = /engine (\d+) ms/.exec(r.status);
      if (m) engine.push(Number(m[1]));
      if (r.draw !== undefined) draw.push(r.draw);
      if (process.env.BENCH_VERBOSE)
        console.log(
          `  trial ${i}: total ${r.ms.toFixed(1)}  input->result ${r.result.toFixed(1)}  engine ${m?.[1]}  to-worker ${r.toWorker}  from-worker ${r.fromWorker}  result->redrawn ${r.draw?.toFixed(1)}`,
        );
    }
    total.sort((a, b) => a - b);
    engine.sort((a, b) => a - b);
    draw.sort((a, b) => a - b);
    const med = quantile(total, 0.5);
    const p90 = quantile(total, 0.9);
    const verdict = med <= TARGET_MS ? 'PASS' : 'FAIL';
    console.log(
      `browser input->redrawn (default scenario): median ${Math.round(med)} ms, p90 ${Math.round(p90)} ms  target <= ${TARGET_MS} ms ${verdict}`,
    );
    if (engine.length)
      console.log(
        `  of which engine run in the worker: median ${Math.round(quantile(engine, 0.5))} ms, p90 ${Math.round(quantile(engine, 0.9))} ms (${total.length} trials)`,
      );
    if (draw.length)
      console.log(
        `  of which result received -> redrawn (render, 3 charts, next frame): median ${Math.round(quantile(draw, 0.5))} ms, p90 ${Math.round(quantile(draw, 0.9))} ms`,
      );
  } finally {
    if (browser) await browser.close().catch(() => {});
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    if (serverErr.trim() && process.env.BENCH_VERBOSE) console.error(serverErr);
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`bench-browser: ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  },
);
