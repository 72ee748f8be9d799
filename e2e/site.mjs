// The built site (dist/) served by vite preview on a free port, and Debian's Chromium
// driving it headless: what the browser bench and the validation recorder share.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

export const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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

/** Serves dist/, launches Chromium, runs `fn(browser, base)`, and stops both. */
export async function withSite(fn) {
  if (!existsSync(path.join(repoDir, 'dist', 'index.html')))
    throw new Error('dist/ is missing: run `npm run build` first');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/`;
  const server = spawn(
    process.execPath,
    [
      path.join(repoDir, 'node_modules/vite/bin/vite.js'),
      'preview',
      '--config',
      'web/vite.config.ts',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--strictPort',
    ],
    { cwd: repoDir, stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  let serverErr = '';
  server.stderr.on('data', (d) => (serverErr += d));
  let browser;
  try {
    await waitForHttp(base, 30_000);
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? CHROMIUM_PATH, args: CHROMIUM_ARGS });
    return await fn(browser, base);
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
