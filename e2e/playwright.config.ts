// End-to-end tests of the BUILT site (run `npm run build` first): vite preview serves
// dist/, Debian's Chromium drives it headless.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// 4173 unless PLAB_E2E_PORT says otherwise (two checkouts testing on one machine).
const PORT = Number(process.env.PLAB_E2E_PORT ?? 4173);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: path.join(repoDir, 'test-results'),
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // One worker (PLAB_E2E_WORKERS to change it): on the test command's 2 cores two workers
  // were slower, 709 s for 168 tests against 593 s for 161 on one (each page's engine
  // worker and the browser fight for the same cores; LE Fig. 6d took 66 s instead of
  // 17). No test depends on wall-clock speed (helpers.ts playPast), so more workers on a
  // bigger machine are safe; the specs share only the static server.
  fullyParallel: false,
  workers: Number(process.env.PLAB_E2E_WORKERS ?? 1),
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}/`,
    browserName: 'chromium',
    viewport: { width: 1440, height: 1000 },
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'off',
    // Tests reuse one browser context (between tests Playwright closes the other pages,
    // clears cookies, storage and the cache, and resets the viewport), and service
    // workers are blocked except in offline.spec.ts. Measured on 45 tests (lab, views,
    // export, explain, a11y) on 2 cores: 260 -> 158 CPU-s and 153 -> 105 s: a new context
    // per test cost a renderer process, and each page's service worker precached the
    // whole site again. Not reset between tests (Playwright says so): setOffline,
    // granted permissions, geolocation, extra headers and the tab's history; a spec that
    // changes one of them takes `test.use({ reuseContext: false })`, as offline.spec.ts
    // does. PLAB_E2E_FRESH_CONTEXT=1 gives every test its own context.
    reuseContext: !process.env.PLAB_E2E_FRESH_CONTEXT,
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `npx vite preview --config web/vite.config.ts --host 127.0.0.1 --port ${PORT} --strictPort`,
    cwd: repoDir,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
