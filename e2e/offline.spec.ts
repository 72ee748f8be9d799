// Offline: once the built lab has loaded (and its service worker has precached the
// page, the engine and the presets), a reload with the network off still gives a
// working lab: the engine starts, a run completes, a preset opens from Papers.
import { expect, test } from '@playwright/test';
import { compareSettled, liveSettled, openPreset, ready } from './helpers';

test('after one visit the lab reloads and runs with the network off', async ({ page, context }) => {
  await page.goto('./');
  await ready(page);
  // The worker is installed (precache complete) and controls this page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
  await liveSettled(page);

  await context.setOffline(true);
  // The network is really off, for the service worker too: what it has not cached fails.
  const uncached = await page.evaluate(() => fetch('./not-precached.json').then((r) => `status ${r.status}`, (e: Error) => e.name));
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
