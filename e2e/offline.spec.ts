// Offline: once the built lab has loaded (and its service worker has precached the
// page, the engine and the presets), a reload with the network off still gives a
// working lab: the engine starts, a run completes, a preset opens from Papers.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { compareSettled, liveSettled, openPreset, ready } from './helpers';
import { precacheOf } from '../web/offline/swPlugin';

// The config blocks service workers and reuses one context between tests; these tests
// are about the service worker, and one of them turns the network off.
test.use({ serviceWorkers: 'allow', reuseContext: false });

const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

test('after one visit the lab reloads and runs with the network off', async ({ page, context }) => {
  await page.goto('./');
  await ready(page);
  // The worker is installed (precache complete) and controls this page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
  });
  await liveSettled(page);

  await context.setOffline(true);
  // The network is really off, for the service worker too: what it has not cached fails.
  const uncached = await page.evaluate(() =>
    fetch('./not-precached.json').then(
      (r) => `status ${r.status}`,
      (e: Error) => e.name,
    ),
  );
  expect(uncached).toBe('TypeError');

  const res = await page.reload();
  expect(res?.fromServiceWorker()).toBe(true);
  await ready(page);
  await liveSettled(page);
  expect(Number(await page.getByTestId('chart-cwnd').getAttribute('data-points'))).toBeGreaterThan(100);

  // A new run with a changed value completes offline.
  const before = await page.getByTestId('chart-cwnd').getAttribute('data-hash');
  const loss = page.getByTestId('flows[0].channel.forward.p');
  await loss.fill('0.03');
  await loss.press('Enter');
  await liveSettled(page);
  await expect(page.getByTestId('chart-cwnd')).not.toHaveAttribute('data-hash', before!);

  // The presets (public/presets/*.json) come from the cache too.
  // This one opens the compare view: four runs of the engine, all offline.
  await openPreset(page, 'fall-floyd-drops');
  await compareSettled(page);
  await expect(page.locator('[data-testid="compare-table"] tbody tr')).toHaveCount(4);
  expect(await page.getByTestId('engine-error').count()).toBe(0);
});

test('the built service worker precaches every file of dist/ under a version that changes with them', () => {
  const dist = path.join(repoDir, 'dist');
  const sw = readFileSync(path.join(dist, 'sw.js'), 'utf8');
  const listed = JSON.parse(sw.match(/const PRECACHE = (\[[\s\S]*?\]);/)![1]) as string[];
  const { files, version } = precacheOf(dist);
  expect(listed).toEqual(files);
  expect(sw).toContain(`const VERSION = '${version}';`);
  // The engine worker chunk, the page's hashed JS/CSS and the presets are all in it.
  expect(listed.some((f) => /^\.\/assets\/worker-.*\.js$/.test(f))).toBe(true);
  expect(listed.some((f) => /^\.\/assets\/index-.*\.css$/.test(f))).toBe(true);
  expect(listed).toContain('./presets/presets.json');
  expect(listed).toContain('./manifest.webmanifest');

  // Another build (one file's content changed) gets another version, so its cache
  // replaces this one.
  const copy = mkdtempSync(path.join(os.tmpdir(), 'plab-dist-'));
  cpSync(dist, copy, { recursive: true });
  expect(precacheOf(copy).version).toBe(version);
  writeFileSync(
    path.join(copy, 'presets/presets.json'),
    readFileSync(path.join(dist, 'presets/presets.json'), 'utf8') + ' ',
  );
  expect(precacheOf(copy).version).not.toBe(version);
});

test('the manifest makes the lab installable: name, start URL, standalone, icons that load', async ({ page }) => {
  await page.goto('./');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const res = await page.request.get(new URL(href!, page.url()).href);
  const manifest = await res.json();
  expect(manifest.name).toBe('Protocol Lab');
  expect(manifest.display).toBe('standalone');
  expect(manifest.start_url).toBe('./');
  const sizes = (manifest.icons as { src: string; sizes: string; type: string }[]).map((i) => i.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons as { src: string; type: string }[]) {
    const r = await page.request.get(new URL(icon.src, res.url()).href);
    expect(r.ok(), icon.src).toBe(true);
    expect(r.headers()['content-type']).toContain(icon.type.split('+')[0]);
  }
});
